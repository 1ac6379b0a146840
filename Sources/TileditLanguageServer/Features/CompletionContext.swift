import TileditModel

/// What the text before the cursor asks to be completed, read from the
/// lines around it (so it works while a tile or the front matter is half
/// written and does not parse yet).
public enum CompletionContext: Sendable, Hashable {
    /// After `:::tile `: a tile type starting with `prefix`.
    case tileType(prefix: String)
    /// A property name inside a tile of `type` that has `existing` keys.
    case tileProperty(type: String, existing: Set<String>, prefix: String)
    /// The value of `key` inside a tile of `type`.
    case tileValue(type: String, key: String, prefix: String)
    /// A front matter key, the block having `existing` keys.
    case frontMatterKey(existing: Set<String>, prefix: String)
    /// The value of front matter `key`; for a list (`tags`) the item being typed.
    case frontMatterValue(key: String, prefix: String, listed: [String])
    /// A `tiledown.yml` key, the file having `existing` keys.
    case siteConfigurationKey(existing: Set<String>, prefix: String)
    /// The value of `tiledown.yml` key `key`.
    case siteConfigurationValue(key: String, prefix: String)
    /// Nothing to complete.
    case none

    /// How many lines up (and down) the scan looks for a tile's or the front matter's fences.
    static let scanLimit = 2000

    /// The context at byte `offset` of `document`.
    public static func at(_ offset: Int, in document: OpenDocument) -> CompletionContext {
        let prefix = document.linePrefix(before: offset)
        let line = document.lines.line(containing: offset)
        switch document.model {
        case .siteConfiguration(let file):
            let existing = Set(file.fields.map(\.key))
            if let colon = prefix.firstIndex(of: ":") {
                return .siteConfigurationValue(key: prefix[..<colon].trimmingSpaces(), prefix: prefix[prefix.index(after: colon)...].trimmingSpaces())
            }
            if prefix.first == " " || prefix.first == "\t" || prefix.trimmingSpaces().hasPrefix("#") { return .none }
            return .siteConfigurationKey(existing: existing.subtracting([prefix.trimmingSpaces()]), prefix: prefix.trimmingSpaces())
        case .yaml:
            return .none
        case .markdown:
            break
        }
        let trimmed = prefix.trimmingSpaces()
        if trimmed.hasPrefix(":::tile "), !trimmed.dropFirst(8).contains(" ") {
            return .tileType(prefix: String(trimmed.dropFirst(8)).trimmingSpaces())
        }
        if trimmed == ":::tile" && prefix.hasSuffix(" ") { return .tileType(prefix: "") }
        if let frontMatter = frontMatterContext(line: line, prefix: prefix, in: document) { return frontMatter }
        return tileContext(line: line, prefix: prefix, in: document)
    }

    private static func frontMatterContext(line: Int, prefix: String, in document: OpenDocument) -> CompletionContext? {
        guard line > 0, document.lineText(0).trimmingBOM() == "---" else { return nil }
        var keys: Set<String> = []
        var index = 1
        while index < document.lines.lineCount && index <= scanLimit {
            let text = document.lineText(index)
            if text == "---" { break }
            if index != line, let colon = text.firstIndex(of: ":"), !text.hasPrefix(" "), !text.hasPrefix("#") {
                keys.insert(text[..<colon].trimmingSpaces())
            }
            index += 1
        }
        // The cursor must be above the closing fence (or no fence yet).
        guard line < index || index > scanLimit else { return nil }
        if let colon = prefix.firstIndex(of: ":") {
            let key = prefix[..<colon].trimmingSpaces()
            let value = prefix[prefix.index(after: colon)...]
            let items = value.split(separator: ",", omittingEmptySubsequences: false)
            let current = items.last.map { $0.trimmingSpaces() } ?? ""
            let listed = items.dropLast().map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            return .frontMatterValue(key: key, prefix: current.trimmingCharacters(in: "[\"'"), listed: listed.map { $0.trimmingCharacters(in: "[]\"'") })
        }
        if prefix.first == " " || prefix.first == "\t" { return CompletionContext.none }
        return .frontMatterKey(existing: keys, prefix: prefix.trimmingSpaces())
    }

    private static func tileContext(line: Int, prefix: String, in document: OpenDocument) -> CompletionContext {
        var index = line - 1
        var type: String?
        while index >= 0 && line - index <= scanLimit {
            let text = document.lineText(index).trimmingSpaces()
            if text == ":::" { return .none }
            if text.hasPrefix(":::tile ") || text.hasPrefix(":::tile\t") {
                type = String(text.dropFirst(8)).trimmingSpaces()
                break
            }
            if text == ":::chart" {
                type = "chart"
                break
            }
            if text == ":::mermaid" || text == ":::tile" { return .none }
            index -= 1
        }
        guard let type, !type.isEmpty else { return .none }
        if prefix.first == " " || prefix.first == "\t" || prefix.trimmingSpaces().hasPrefix("-") { return .none }
        if let colon = prefix.firstIndex(of: ":") {
            return .tileValue(type: type, key: prefix[..<colon].trimmingSpaces(), prefix: prefix[prefix.index(after: colon)...].trimmingSpaces())
        }
        // Keys already in the tile: from its opening line to its closing `:::`.
        var existing: Set<String> = []
        var scan = index + 1
        while scan < document.lines.lineCount && scan - index <= scanLimit {
            let text = document.lineText(scan)
            if text.trimmingSpaces() == ":::" && !(text.first == " " || text.first == "\t") { break }
            if scan != line, let first = text.first, first != " ", first != "\t", first != "-", let colon = text.firstIndex(of: ":") {
                existing.insert(text[..<colon].trimmingSpaces())
            }
            scan += 1
        }
        return .tileProperty(type: type, existing: existing, prefix: prefix.trimmingSpaces())
    }
}

extension String {
    fileprivate func trimmingBOM() -> String {
        hasPrefix("\u{FEFF}") ? String(dropFirst()) : self
    }

    fileprivate func trimmingCharacters(in characters: String) -> String {
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
