/// Works out a `RenamePlan` (ARCHITECTURE.md, "Renaming a document"): the
/// moved document's `slug` follows its new name (`SlugRule`), and every
/// link destination that pointed at what moved, in every Markdown
/// document of the workspace, is written again (`LinkRetargeter`), links
/// read as CommonMark reads them (`LinkReader`). Only the bytes of those
/// destinations and of the slug's value change.
public enum RenamePlanner {
    /// The plan for `move` over `documents` (every Markdown document of the
    /// workspace, the moved one among them).
    ///
    /// - Parameters:
    ///   - readsReferences: whether `page:` and `post:` references are
    ///     links (a Tiledown workspace).
    ///   - postsFolder: the folder of posts (`postsDir`).
    ///   - exists: whether a workspace path (a file or a folder) exists now.
    public static func plan(
        _ move: DocumentMove, documents: [RenameSource], readsReferences: Bool, postsFolder: String = "posts",
        catalog: TileCatalog = .builtIn, exists: @escaping @Sendable (String) -> Bool
    ) -> RenamePlan {
        var edits: [PlannedEdit] = []
        var notes: [String] = []
        let moved = documents.first { $0.path == move.source }
        var oldSlug: String?
        var newSlug: String?
        var movedDocument: MarkdownDocument?
        var slugChanged = false
        if let moved {
            var document = MarkdownDocument(bytes: moved.bytes, dialect: moved.dialect, catalog: catalog)
            oldSlug = document.frontMatter?["slug"]
            if let oldSlug, let followed = SlugRule.slug(oldSlug, after: move) {
                if (try? document.perform(.setFrontMatterField(key: "slug", value: followed))) != nil {
                    newSlug = followed
                    slugChanged = true
                } else {
                    notes.append("\(move.source): the slug `\(oldSlug)` could not follow the new name; it was left as written")
                }
            }
            newSlug = newSlug ?? oldSlug
            movedDocument = document
        }
        let retargeter = LinkRetargeter(
            move: move, oldSlug: oldSlug, newSlug: newSlug, readsReferences: readsReferences, postsFolder: postsFolder, exists: exists)
        let needles = Self.needles(move, retargeter: retargeter)
        // Computed once: the checks below run for every document of the workspace.
        let movedFrom = move.movedFrom
        let movedPrefix = move.movesFolder ? movedFrom + "/" : nil

        let candidates = documents.filter { source in
            source.path == movedFrom || movedPrefix.map(source.path.hasPrefix) == true
                || needles.contains { $0.isFound(in: source.bytes) }
        }
        for source in candidates.sorted(by: { $0.path < $1.path }) {
            let isMoved = source.path == move.source
            let takenAlong = move.mapped(source.path) != nil
            let document = isMoved ? (movedDocument ?? MarkdownDocument(bytes: source.bytes, dialect: source.dialect, catalog: catalog))
                : MarkdownDocument(bytes: source.bytes, dialect: source.dialect, catalog: catalog)
            let bytes = document.bytes
            var replacements: [Range<Int>: [UInt8]] = [:]
            let found = LinkReader.destinations(in: document) { destination in
                guard destination.range.upperBound <= bytes.count else { return false }
                guard let new = retargeter.retarget(destination, raw: bytes[destination.range], in: source.path) else { return false }
                replacements[destination.range] = new
                return true
            }
            let textEdits = found.destinations.compactMap { destination in
                replacements[destination.range].map { TextEdit(range: destination.range, replacement: $0) }
            }
            for line in found.unreadLines {
                notes.append("\(source.path):\(line): a link there could not be read exactly and was left as written")
            }
            let after = TextEdit.apply(textEdits, to: bytes)
            guard isMoved || takenAlong || !textEdits.isEmpty else { continue }
            edits.append(PlannedEdit(
                path: source.path, newPath: move.following(source.path), before: source.bytes, after: after,
                linkCount: textEdits.count, changesSlug: isMoved && slugChanged))
        }
        edits.sort { ($0.path == move.source ? 0 : 1, $0.path) < ($1.path == move.source ? 0 : 1, $1.path) }
        return RenamePlan(move: move, edits: edits, notes: notes)
    }

    /// Texts a link to what moved must hold (its name, its page names, as
    /// written or percent-encoded): a document holding none is not parsed.
    private static func needles(_ move: DocumentMove, retargeter: LinkRetargeter) -> [Needle] {
        var names: Set<String> = [WorkspacePath.name(of: move.movedFrom)]
        for pagePath in retargeter.pagePaths.keys { names.insert(WorkspacePath.name(of: pagePath)) }
        var result: [[UInt8]] = []
        for name in names where !name.isEmpty {
            result.append(Array(name.utf8))
            let encoded = name.utf8.flatMap { byte -> [UInt8] in
                byte <= 0x20 || byte >= 0x7F ? PercentEncoding.escape(byte) : [byte]
            }
            if encoded != Array(name.utf8) { result.append(encoded) }
        }
        return result.map(Needle.init)
    }

    /// A byte string searched for with Boyer–Moore–Horspool: the window moves
    /// by how far its last byte is from the needle's end, so most bytes of a
    /// document are never looked at. The shift table is made once.
    struct Needle {
        let bytes: [UInt8]
        private let shift: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var shift = [Int](repeating: bytes.count, count: 256)
            for index in 0..<Swift.max(0, bytes.count - 1) { shift[Int(bytes[index])] = bytes.count - 1 - index }
            self.shift = shift
        }

        /// Whether `haystack` holds the needle.
        func isFound(in haystack: [UInt8]) -> Bool {
            let length = bytes.count
            guard length > 0, length <= haystack.count else { return false }
            return haystack.withUnsafeBufferPointer { text in
                bytes.withUnsafeBufferPointer { pattern in
                    shift.withUnsafeBufferPointer { shift in
                        var end = length - 1
                        while end < text.count {
                            var offset = 0
                            while offset < length && text[end - offset] == pattern[length - 1 - offset] { offset += 1 }
                            if offset == length { return true }
                            end += shift[Int(text[end])]
                        }
                        return false
                    }
                }
            }
        }
    }
}
