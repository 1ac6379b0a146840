/// The top-level entries of a YAML document whose root is a block mapping
/// or block sequence, as an incremental read sees them (ARCHITECTURE.md,
/// "Scale"): an entry is a pair from its key, or an item from its `-`,
/// written at the start of a line, to the start of the next entry (or the
/// document's end), comments and blank lines after it included. Anchors
/// and aliases may be used within an entry; an entry sharing a node with
/// another is not read alone. Every function
/// answers `nil` or `false` where it cannot be sure, so the caller reads
/// the whole file instead. Offsets are UTF-8 bytes; nothing traps.
enum YAMLTopLevelEntries {
    /// One entry: its position among the root's pairs or items (from 0)
    /// and its bytes.
    struct Span: Equatable {
        var index: Int
        var start: Int
        var end: Int
    }

    /// One entry read again on its own: its nodes, diagnostics and line
    /// starts, all in file offsets.
    struct Piece {
        /// The pair, for a mapping root.
        var pair: YAMLPair?
        /// The item, for a sequence root.
        var item: YAMLNode?
        /// Where the root ends when the entry is its last (its last node's end).
        var rootEnd: Int
        /// The entry's anchors and aliases.
        var sharing = Sharing()
        /// The entry's diagnostics in file order, with their sources.
        var diagnostics: [Diagnostic]
        var sources: [YAMLDiagnosticSource]
        /// Starts of the lines that begin after the entry's first byte, up
        /// to just past its last byte.
        var lineStarts: [Int]
    }

    /// The entry of `root` whose bytes hold all of `region` (the edited
    /// bytes, before the edit), with room for it: an edit may start at the
    /// entry's first byte, and must end before its last one (the line break
    /// before the next entry), except at the end of the file. The last
    /// entry runs to `documentEnd`, the end of its document.
    static func span(holding region: Range<Int>, root: YAMLNode, documentEnd: Int, bytes: [UInt8]) -> Span? {
        let count = root.pairs?.count ?? root.items?.count ?? 0
        guard count > 0 else { return nil }
        // The last entry whose first node starts at or before the region.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if nodeStart(middle, of: root) <= region.lowerBound { low = middle + 1 } else { high = middle }
        }
        let index = low - 1
        guard index >= 0, let start = entryStart(index, of: root, bytes: bytes), start <= region.lowerBound else { return nil }
        let isLast = index + 1 == count
        let end: Int
        if isLast {
            end = documentEnd
            guard end > 0, end <= bytes.count, end == bytes.count || isLineBreak(bytes[end - 1]) else { return nil }
        } else {
            guard let next = entryStart(index + 1, of: root, bytes: bytes) else { return nil }
            end = next
        }
        guard start < end, region.upperBound < end || (isLast && end == bytes.count && region.upperBound == end) else { return nil }
        return Span(index: index, start: start, end: end)
    }

    /// Whether `bytes[range]` (a document's bytes before its root) hold a
    /// directive other than `%YAML` (a `%TAG` changes what tags read as).
    static func hasDirectives(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return true }
        let version = Array("%YAML ".utf8)
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            if bytes[lineStart] == UInt8(ascii: "%") && !bytes[lineStart...].starts(with: version) { return true }
            var index = lineStart
            while index < range.upperBound && !isLineBreak(bytes[index]) { index += 1 }
            while index < range.upperBound && isLineBreak(bytes[index]) { index += 1 }
            lineStart = index
        }
        return false
    }

    /// The anchors and aliases of one entry.
    struct Sharing: Equatable {
        /// The names anchored (`&name`) in the entry.
        var anchors: Set<String> = []
        /// How many aliases (`*name`) of each name the entry holds.
        var aliases: [String: Int] = [:]
        /// Whether an alias of the entry names no anchor before it in the
        /// entry (it refers to a node elsewhere).
        var refersOutside = false
    }

    /// The anchors and aliases under `nodes`, in file order.
    static func sharing(_ nodes: [YAMLNode]) -> Sharing {
        var found = Sharing()
        var stack = Array(nodes.reversed())
        while let node = stack.popLast() {
            if let anchor = node.anchor { found.anchors.insert(anchor) }
            switch node.content {
            case .alias(let name):
                found.aliases[name, default: 0] += 1
                if !found.anchors.contains(name) { found.refersOutside = true }
            case .scalar: break
            case .mapping(let pairs): for pair in pairs.reversed() { stack.append(pair.value); stack.append(pair.key) }
            case .sequence(let items): stack.append(contentsOf: items.reversed())
            }
        }
        return found
    }

    /// Whether an entry that was `old` and is `new` shares nodes with the
    /// rest of the file, given the file's alias counts before the edit
    /// (`aliases`): an alias of the entry refers elsewhere, or an alias
    /// elsewhere names an anchor the entry had or has. Such an entry is
    /// read with the whole file.
    static func sharesNodes(old: Sharing, new: Sharing, aliases: [String: Int]) -> Bool {
        guard !old.refersOutside, !new.refersOutside else { return true }
        for name in old.anchors.union(new.anchors) where (aliases[name] ?? 0) - (old.aliases[name] ?? 0) > 0 { return true }
        return false
    }

    /// The entry in `slice`, the bytes from `start` in the file, read and
    /// checked on its own, when it reads as exactly one entry of a root
    /// like the file's (`mapping` or not), without markers, directives,
    /// anchors or aliases; `nil` otherwise.
    ///
    /// - Parameter lineSlot: the file's line slot (from 0) of `start`.
    static func read(_ slice: UnsafeBufferPointer<UInt8>, at start: Int, mapping: Bool, lineSlot: Int) -> Piece? {
        guard !slice.isEmpty, !(slice.count >= 3 && slice[0] == 0xEF && slice[1] == 0xBB && slice[2] == 0xBF),
              !hasMarkers(slice) else { return nil }
        let result = YAMLParser.parse(slice)
        guard result.error == nil, result.documents.count == 1, let document = result.documents.first, let root = document.root,
              root.collectionStyle == .block, root.anchor == nil, root.tag == nil, root.range.lowerBound == 0 else { return nil }
        var piece = Piece(pair: nil, item: nil, rootEnd: root.range.upperBound + start, diagnostics: [], sources: [], lineStarts: [])
        if mapping {
            guard let pairs = root.pairs, pairs.count == 1, let pair = pairs.first, pair.key.range.lowerBound == 0 else { return nil }
            piece.sharing = sharing([pair.key, pair.value])
            piece.pair = YAMLPair(key: pair.key.shifted(by: start), value: pair.value.shifted(by: start))
        } else {
            guard let items = root.items, items.count == 1, let item = items.first, slice[0] == UInt8(ascii: "-") else { return nil }
            piece.sharing = sharing([item])
            piece.item = item.shifted(by: start)
        }
        let checked = YAMLChecks.ranked(documents: result.documents, error: nil, bytes: slice, lineBase: lineSlot, readPast: result.readPast)
        let lines = LineIndex(slice, firstLine: lineSlot + 1)
        for (diagnostic, rank) in checked.all {
            let lowerBound = diagnostic.range.lowerBound
            piece.diagnostics.append(Diagnostic(
                severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.resolvedMessage(firstLine: 1),
                range: (lowerBound + start)..<(diagnostic.range.upperBound + start),
                location: lines.location(of: Swift.min(lowerBound, slice.count), in: slice),
                fix: diagnostic.fix.map { shifted($0, by: start) }))
            piece.sources.append(YAMLDiagnosticSource(diagnostic, rank: rank, firstLine: 1))
        }
        piece.lineStarts = lines.lineStarts.dropFirst().map { $0 + start }
        return piece
    }

    /// `fix` with its edits moved by `delta` bytes.
    static func shifted(_ fix: DiagnosticFix, by delta: Int) -> DiagnosticFix {
        var moved = fix
        moved.edits = fix.edits.map { TextEdit(range: ($0.range.lowerBound + delta)..<($0.range.upperBound + delta), replacement: $0.replacement) }
        return moved
    }

    // MARK: Entry starts

    private static func nodeStart(_ index: Int, of root: YAMLNode) -> Int {
        if let pairs = root.pairs { return pairs[index].key.range.lowerBound }
        return root.items?[index].range.lowerBound ?? 0
    }

    /// Where entry `index` begins: its key, or its `-`, at the start of a
    /// line, with no anchor or tag before it; `nil` when it is not so.
    private static func entryStart(_ index: Int, of root: YAMLNode, bytes: [UInt8]) -> Int? {
        if let pairs = root.pairs {
            let key = pairs[index].key
            let start = key.range.lowerBound
            guard key.anchor == nil, key.tag == nil, start >= 0, start < bytes.count, start == 0 || isLineBreak(bytes[start - 1]) else { return nil }
            return start
        }
        guard let items = root.items else { return nil }
        let item = items[index]
        let itemStart = item.range.lowerBound
        guard item.anchor == nil, item.tag == nil, itemStart > 0, itemStart <= bytes.count else { return nil }
        var dash = itemStart - 1
        while dash > 0 && bytes[dash] == Byte.space { dash -= 1 }
        guard bytes[dash] == UInt8(ascii: "-"), dash + 1 < itemStart || dash + 1 == itemStart,
              dash == 0 || isLineBreak(bytes[dash - 1]) else { return nil }
        return dash
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == Byte.newline || byte == Byte.carriageReturn
    }

    /// Whether a line of `slice` starts with `---`, `...` or `%` (a
    /// document marker or a directive, or text that may become one).
    private static func hasMarkers(_ slice: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineStart = 0
        while lineStart < slice.count {
            let first = slice[lineStart]
            if first == UInt8(ascii: "%") { return true }
            if (first == UInt8(ascii: "-") || first == UInt8(ascii: ".")) && lineStart + 2 < slice.count
                && slice[lineStart + 1] == first && slice[lineStart + 2] == first { return true }
            var index = lineStart
            while index < slice.count && !isLineBreak(slice[index]) { index += 1 }
            while index < slice.count && isLineBreak(slice[index]) { index += 1 }
            lineStart = index
        }
        return false
    }
}
