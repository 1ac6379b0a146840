import TileditModel

/// What a document list and search show about a Markdown document: its
/// title and the front matter fields `date`, `tags` and `draft`.
public struct DocumentMetadata: Sendable, Hashable {
    /// Where the title came from.
    public enum TitleSource: Sendable, Hashable {
        /// The front matter `title` field: the front matter block's index and
        /// the field's line (from 1).
        case frontMatter(blockIndex: Int, line: Int)
        /// The first heading: its block index and line (from 1).
        case heading(blockIndex: Int, line: Int)
        /// The file name (no field, no heading).
        case fileName
    }

    /// Front matter `title`, else the first heading's text, else the
    /// fallback (the file name).
    public var title: String
    /// Where `title` came from (a field, a heading, the file name).
    public var titleSource: TitleSource
    /// Front matter `date` as written (e.g. `2024-01-05`).
    public var date: String?
    /// Front matter `tags`, in order, trimmed, empty items dropped.
    public var tags: [String]
    /// Whether front matter `draft` is `true` or `yes` (any case).
    public var isDraft: Bool
    /// The items of every front matter list, by key: each YAML sequence
    /// (block or flow), and `tags` however it is written (`tags(from:)`).
    /// What the inspector's list fields complete from.
    public var lists: [String: [String]]

    public init(title: String, titleSource: TitleSource, date: String?, tags: [String], isDraft: Bool, lists: [String: [String]] = [:]) {
        self.title = title
        self.titleSource = titleSource
        self.date = date
        self.tags = tags
        self.isDraft = isDraft
        self.lists = lists
    }

    /// Reads the metadata of `document`.
    ///
    /// - Parameter fallbackTitle: the title when there is neither a
    ///   `title` field nor a heading (see `fallbackTitle(forPath:rootName:)`).
    public init(document: MarkdownDocument, fallbackTitle: String) {
        let frontMatter = document.frontMatter
        let frontMatterLine = document.blockCount > 0 ? document.firstLine(at: 0) : 1
        if let field = frontMatter?.field("title"), !field.value.trimmingSpaces().isEmpty {
            title = field.value.trimmingSpaces()
            titleSource = .frontMatter(blockIndex: 0, line: frontMatterLine + field.lineOffset)
        } else if let (index, text) = Self.firstHeading(in: document) {
            title = text
            titleSource = .heading(blockIndex: index, line: document.firstLine(at: index))
        } else {
            title = fallbackTitle
            titleSource = .fileName
        }
        let date = frontMatter?["date"]?.trimmingSpaces()
        self.date = date?.isEmpty == false ? date : nil
        tags = frontMatter?.field("tags").map(Self.tags(from:)) ?? []
        isDraft = frontMatter?["draft"].map(Self.isTrue) ?? false
        lists = Self.lists(of: frontMatter)
    }

    /// The items of each list of `frontMatter` by key (see `lists`); keys
    /// written twice keep their first list.
    public static func lists(of frontMatter: FrontMatter?) -> [String: [String]] {
        var lists: [String: [String]] = [:]
        for field in frontMatter?.fields ?? [] where lists[field.key] == nil {
            if field.key == "tags" {
                lists[field.key] = tags(from: field)
            } else if let items = field.node?.items {
                lists[field.key] = items.compactMap { $0.scalar?.value.trimmingSpaces() }.filter { !$0.isEmpty }
            }
        }
        return lists
    }

    /// The items of a `tags` field: a YAML list (block or flow) gives its
    /// items; text (Tiledown's comma-separated form, or a YAML string) is
    /// split at commas, with `[` `]` around it and quotes around items removed.
    public static func tags(from field: FrontMatterField) -> [String] {
        if let items = field.node?.items {
            return items.compactMap { $0.scalar?.value.trimmingSpaces() }.filter { !$0.isEmpty }
        }
        if let tags = asciiTags(field.value) { return tags }
        var text = field.value.trimmingSpaces()
        if text.hasPrefix("[") && text.hasSuffix("]") && text.count >= 2 {
            text = String(text.dropFirst().dropLast())
        }
        return text.split(separator: ",").map { item in
            var item = item.trimmingSpaces()
            if item.count >= 2, let first = item.first, first == "\"" || first == "'", item.last == first {
                item = String(item.dropFirst().dropLast())
            }
            return item
        }.filter { !$0.isEmpty }
    }

    /// `tags(from:)` of a value of ASCII characters other than line breaks
    /// (most tag lists), read as bytes: there every character is one byte,
    /// so the same cuts give the same tags without `Character` steps.
    /// `nil` for any other value.
    private static func asciiTags(_ value: String) -> [String]? {
        var value = value
        return value.withUTF8 { bytes -> [String]? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }) else { return nil }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            var start = 0
            var end = bytes.count
            while start < end && isSpace(bytes[start]) { start += 1 }
            while end > start && isSpace(bytes[end - 1]) { end -= 1 }
            if end - start >= 2 && bytes[start] == UInt8(ascii: "[") && bytes[end - 1] == UInt8(ascii: "]") {
                start += 1
                end -= 1
            }
            var tags: [String] = []
            var itemStart = start
            for offset in start...end where offset == end || bytes[offset] == UInt8(ascii: ",") {
                var low = itemStart
                var high = offset
                itemStart = offset + 1
                while low < high && isSpace(bytes[low]) { low += 1 }
                while high > low && isSpace(bytes[high - 1]) { high -= 1 }
                if high - low >= 2, bytes[low] == UInt8(ascii: "\"") || bytes[low] == UInt8(ascii: "'"), bytes[high - 1] == bytes[low] {
                    low += 1
                    high -= 1
                }
                if low < high { tags.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)) }
            }
            return tags
        }
    }

    /// Whether a `draft` value reads as true: `true` or `yes`, any case.
    public static func isTrue(_ value: String) -> Bool {
        let word = value.trimmingSpaces().lowercased()
        return word == "true" || word == "yes"
    }

    /// The title of a document with no title field and no heading: its file
    /// name without the extension, or for `index.md` / `_index.md` the name
    /// of its folder (`posts/hello/index.md` → `hello`; at the root,
    /// `rootName`).
    ///
    /// - Parameter path: the path relative to the workspace root, `/`-separated.
    public static func fallbackTitle(forPath path: String, rootName: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        let fileName = components.last ?? path
        var stem = fileName
        if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex { stem = String(fileName[..<dot]) }
        if stem == "index" || stem == "_index" {
            return components.count >= 2 ? components[components.count - 2] : rootName
        }
        return stem
    }

    /// The text of a heading block: an ATX heading without its `#` marks and
    /// closing sequence, a setext heading's lines without the underline,
    /// joined with spaces. Inline markup is kept as written.
    public static func headingText(_ source: String) -> String {
        var lines = source.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingSpaces() }
        guard let first = lines.first else { return "" }
        if first.hasPrefix("#") {
            var text = Substring(first.drop { $0 == "#" }).trimmingSpaces()
            // A closing sequence of `#` counts only after a space (CommonMark 4.2).
            let withoutClosing = text.reversed().drop { $0 == "#" }
            if withoutClosing.isEmpty {
                text = ""
            } else if let last = withoutClosing.first, last == " " || last == "\t", withoutClosing.count < text.count {
                text = String(withoutClosing.reversed()).trimmingSpaces()
            }
            return text
        }
        lines.removeLast()
        return lines.joined(separator: " ")
    }

    private static func firstHeading(in document: MarkdownDocument) -> (Int, String)? {
        for index in 0..<document.blockCount {
            guard case .heading = document.kind(at: index) else { continue }
            let text = headingText(document.text(of: document.block(at: index)))
            if !text.isEmpty { return (index, text) }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
