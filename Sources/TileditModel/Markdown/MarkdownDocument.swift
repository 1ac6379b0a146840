/// A Tiledown Markdown file: its bytes, which are the truth, and the blocks
/// they parse into (ARCHITECTURE.md, "The editing model").
///
/// The document is a value. Every change goes through `replace(_:with:)`,
/// which edits the bytes and re-parses only the blocks around the edit
/// (growing the re-parsed stretch until the blocks after it parse as
/// before), so an edit costs time in proportion to the blocks it touches,
/// not to the size of the file. Blocks keep their `BlockID` across edits.
///
/// Offsets are UTF-8 bytes from the start of the file (a byte order mark
/// counts); lines count from 1.
public struct MarkdownDocument: Sendable {
    /// One block as stored: lengths instead of offsets, so edits shift nothing.
    /// (The one-byte fields follow `kind`, in its padding: 72 bytes an entry.)
    struct Entry: Sendable {
        var id: BlockID
        var kind: BlockKind
        /// The HTML context at the block's first line (for re-parsing from here).
        var htmlContext: HTMLContext
        /// Whether the block starts inside a fence as the scanner reads it
        /// (`ParsedBlock.startsInsideFence`): no re-parse starts or stops here.
        var startsInsideFence = false
        var contentLength: Int
        /// Blank lines after the block, in bytes.
        var gapLength: Int
        var contentLines: Int
        var gapLines: Int
        /// Diagnostics relative to the block start.
        var diagnostics: [BlockDiagnostic]

        var totalLength: Int { contentLength + gapLength }
        var hasUnclosedDirective: Bool { diagnostics.contains { $0.code == .tileUnclosed } }
        var totalLines: Int { contentLines + gapLines }
    }

    /// The file's bytes.
    public private(set) var storage: TextStorage
    /// How front matter is read.
    public let dialect: FrontMatterDialect
    /// The catalog tiles are validated against.
    public let catalog: TileCatalog
    /// The file's line ending, detected when it was opened.
    public let lineEnding: LineEnding

    private var entries: [Entry] = []
    private var byteSums = FenwickTree([])
    private var lineSums = FenwickTree([])
    /// Bytes before the first block (a byte order mark, blank lines).
    private var leadingLength = 0
    /// Lines before the first block.
    private var leadingLines = 0
    private var indexByID = BlockPositionTable()
    private var nextID = 1
    private var tileIDCounts: [String: Int] = [:]
    /// Blocks holding a directive opener that never closes: a closing line
    /// written anywhere below can change them.
    private var unclosedDirectiveCount = 0
    /// Diagnostics held by the entries, by severity (kept up to date by
    /// every re-parse, so the totals cost nothing to read).
    private var entryDiagnosticCounts = DiagnosticTally()
    /// Tiles whose id an earlier tile uses (one duplicate-id error each).
    private var duplicateTileIDBlocks = 0
    /// Lines the last `replace` read (all its re-parse windows), a measure
    /// of its work for tests of linearity.
    private(set) var linesReadByLastReplace = 0

    /// Parses `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the file's content (UTF-8; check it with `ContentCheck` first).
    ///   - dialect: `.tiledown` inside a workspace with `tiledown.yml`, else `.yaml`.
    ///   - catalog: the tile catalog used for validation.
    public init(bytes: [UInt8], dialect: FrontMatterDialect, catalog: TileCatalog = .builtIn) {
        self.dialect = dialect
        self.catalog = catalog
        lineEnding = LineEnding.detect(in: bytes)
        storage = TextStorage(bytes)
        var newEntries: [Entry]
        let leading: (length: Int, lines: Int)
        do {
            // In a scope: the parse (its line starts) is freed before the indexes are built.
            var parsed = DocumentParser.parse(bytes, atDocumentStart: true, dialect: dialect)
            (newEntries, leading) = makeEntries(&parsed, windowLength: bytes.count, atDocumentStart: true)
        }
        leadingLength = leading.length
        leadingLines = leading.lines
        // In place: a mapped copy would hold two arrays of every block at once.
        for index in newEntries.indices { newEntries[index].id = freshID() }
        entries = newEntries
        rebuildIndexes()
    }

    /// Parses `text`.
    public init(_ text: String, dialect: FrontMatterDialect, catalog: TileCatalog = .builtIn) {
        self.init(bytes: Array(text.utf8), dialect: dialect, catalog: catalog)
    }

    // MARK: Reading

    /// The file's bytes, contiguous.
    public var bytes: [UInt8] { storage.bytes }

    /// The file's text (invalid UTF-8 would read as U+FFFD; documents are
    /// checked before they are opened).
    public var text: String { String(decoding: storage.bytes, as: UTF8.self) }

    /// Whether the file starts with a UTF-8 byte order mark.
    public var hasByteOrderMark: Bool {
        storage.count >= 3 && storage[0] == 0xEF && storage[1] == 0xBB && storage[2] == 0xBF
    }

    /// Number of blocks.
    public var blockCount: Int { entries.count }

    /// All blocks in order (O(n); prefer `block(at:)` for one).
    public var blocks: [Block] {
        let firstTileWithID = firstTileIDUses()
        return (0..<entries.count).map { block(at: $0, firstTileWithID: firstTileWithID) }
    }

    /// The block at `index` (0-based).
    ///
    /// - Precondition: `0 <= index < blockCount`.
    public func block(at index: Int) -> Block {
        block(at: index, firstTileWithID: nil)
    }

    /// The block at `index`; `firstTileWithID`, when given, names the first
    /// tile using each duplicated id (so a duplicate's message does not
    /// search the whole document for it).
    private func block(at index: Int, firstTileWithID: [String: Int]?) -> Block {
        let entry = entries[index]
        let start = startOffset(of: index)
        let line = startLine(of: index)
        var diagnostics: [Diagnostic] = []
        if !entry.diagnostics.isEmpty || duplicateTileID(at: index) != nil {
            diagnostics = materialize(
                entry.diagnostics + duplicateDiagnostics(at: index, firstTileWithID: firstTileWithID),
                blockStart: start, length: entry.contentLength, firstLine: line)
        }
        return Block(
            id: entry.id, kind: entry.kind, range: start..<(start + entry.contentLength),
            lines: line...(line + Swift.max(entry.contentLines, 1) - 1), diagnostics: diagnostics)
    }

    /// The block with identity `id`, if the document has it.
    public func block(id: BlockID) -> Block? {
        index(of: id).map(block(at:))
    }

    /// Position of the block with identity `id`.
    public func index(of id: BlockID) -> Int? { indexByID[id] }

    /// Identity of the block at `index`.
    public func id(at index: Int) -> BlockID { entries[index].id }

    /// The HTML construct the block at `index` starts inside, as the line
    /// scan tracks it (a tile inside an HTML comment, for example).
    func htmlContext(at index: Int) -> HTMLContext { entries[index].htmlContext }

    /// Kind of the block at `index` without computing its diagnostics.
    public func kind(at index: Int) -> BlockKind { entries[index].kind }

    /// Byte range of the block at `index`.
    public func range(at index: Int) -> Range<Int> {
        let start = startOffset(of: index)
        return start..<(start + entries[index].contentLength)
    }

    /// First line (from 1) of the block at `index`.
    public func firstLine(at index: Int) -> Int { startLine(of: index) }

    /// File lines (from 1) of the block at `index`, without computing its diagnostics.
    public func lines(at index: Int) -> ClosedRange<Int> {
        let first = startLine(of: index)
        return first...(first + Swift.max(entries[index].contentLines, 1) - 1)
    }

    /// Number of diagnostics of the block at `index` by severity, the
    /// count of `block(at:).diagnostics`, cheaply (a tile whose id an
    /// earlier tile uses has one error more; the first tile using it none).
    public func diagnosticCount(at index: Int, severity: Diagnostic.Severity) -> Int {
        entries[index].diagnostics.filter { $0.severity == severity }.count
            + (severity == .error && repeatsAnEarlierTileID(at: index) ? 1 : 0)
    }

    /// The index of the block whose bytes (or the blank lines after it)
    /// contain `offset`; `nil` before the first block.
    public func blockIndex(containing offset: Int) -> Int? {
        guard !entries.isEmpty, offset >= leadingLength else { return nil }
        return Swift.min(byteSums.index(containing: offset - leadingLength), entries.count - 1)
    }

    /// The index of the block that covers `line` (from 1), or the first
    /// block after it when the line is blank.
    public func blockIndex(atLine line: Int) -> Int? {
        guard !entries.isEmpty else { return nil }
        let target = line - 1 - leadingLines
        if target < 0 { return 0 }
        let index = lineSums.index(containing: target)
        guard index < entries.count else { return entries.count - 1 }
        let blockLine = startLine(of: index)
        return line >= blockLine + entries[index].contentLines && index + 1 < entries.count ? index + 1 : index
    }

    /// The bytes of `block`.
    public func bytes(of block: Block) -> [UInt8] { storage[block.range] }

    /// The text of `block`.
    public func text(of block: Block) -> String { storage.string(block.range) }

    /// The text of `block` as written, without its final line break (LF,
    /// CRLF or a lone CR): what a renderer shows "as written", the same
    /// whether or not the file ends with a line break.
    public func writtenText(of block: Block) -> String {
        var bytes = storage[block.range]
        let ending = Self.finalLineBreak(of: bytes)
        bytes.removeLast(ending.count)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The front matter, when the file has a readable block of it.
    public var frontMatter: FrontMatter? {
        guard let first = entries.first, case .frontMatter(let frontMatter) = first.kind else { return nil }
        return frontMatter
    }

    /// How many errors and warnings the document's blocks have, the same
    /// totals as `diagnostics` gives, in constant time (the editor shows
    /// them on every frame).
    public var diagnosticTotals: (errors: Int, warnings: Int) {
        (entryDiagnosticCounts.errors + duplicateTileIDBlocks, entryDiagnosticCounts.warnings)
    }

    /// Every diagnostic of every block, in file order.
    public var diagnostics: [Diagnostic] {
        // Read in place: copying each entry out of the table (its kind and
        // arrays retained and released) would cost more than the scan.
        let checksDuplicates = duplicateTileIDBlocks > 0
        let indices = entries.withUnsafeBufferPointer { buffer in
            buffer.indices.filter { !buffer[$0].diagnostics.isEmpty || (checksDuplicates && buffer[$0].kind.tile != nil) }
        }
        // The first tile of each duplicated id, found in one pass.
        var firstTileWithID: [String: Int] = [:]
        if checksDuplicates {
            for index in indices {
                guard let id = duplicateTileID(at: index), firstTileWithID[id] == nil else { continue }
                firstTileWithID[id] = index
            }
        }
        var result: [Diagnostic] = []
        for index in indices where !entries[index].diagnostics.isEmpty || duplicateTileID(at: index) != nil {
            result += block(at: index, firstTileWithID: firstTileWithID).diagnostics
        }
        return result
    }

    /// Identities of the tiles using `id`.
    public func blocks(withTileID id: String) -> [BlockID] {
        guard (tileIDCounts[id] ?? 0) > 0 else { return [] }
        return entries.filter { $0.kind.tile?.id == id }.map(\.id)
    }

    /// Whether some tile uses `id`.
    public func containsTileID(_ id: String) -> Bool { (tileIDCounts[id] ?? 0) > 0 }

    /// Line and column of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = Swift.max(0, Swift.min(offset, storage.count))
        guard let index = blockIndex(containing: clamped) else {
            return storage.withContiguousBytes(in: 0..<clamped) { buffer in
                LineIndex(buffer, skipsByteOrderMark: true).location(of: clamped, in: buffer)
            }
        }
        let start = startOffset(of: index)
        let line = startLine(of: index)
        return storage.withContiguousBytes(in: start..<clamped) { buffer in
            LineIndex(buffer, firstLine: line).location(of: clamped - start, in: buffer)
        }
    }

    // MARK: Editing

    /// What one `replace` did.
    public struct Replacement: Sendable, Hashable {
        /// Identities of the blocks the edit re-parsed and that exist after it.
        public var updated: [BlockID]
        /// Identities of the blocks that no longer exist.
        public var removed: [BlockID]
        /// Identities of blocks the edit created.
        public var inserted: [BlockID]
    }

    /// Replaces the bytes in `range` with `replacement` and re-parses the
    /// blocks around it.
    ///
    /// - Parameters:
    ///   - range: bytes to replace (UTF-8 offsets, inside the file).
    ///   - replacement: new bytes.
    ///   - preferredIDs: identities to give blocks the edit creates, in order,
    ///     when they are free (undo gives a re-inserted block its old identity).
    /// - Returns: which blocks changed.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with replacement: [UInt8], preferredIDs: [BlockID] = []) -> Replacement {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "edit range outside the document")
        let delta = replacement.count - range.count
        storage.replace(range, with: replacement)

        let count = entries.count
        // Blocks the edit touches, in old coordinates.
        let firstTouched = blockIndex(containing: range.lowerBound)
        let lastTouched = blockIndex(containing: Swift.max(range.lowerBound, range.upperBound - 1)) ?? firstTouched
        // The block before the edit is re-parsed too: the edited lines may
        // join it. A window that starts at the first block starts at the top
        // of the file, where the byte order mark and front matter are read.
        var windowFirst = Swift.max(0, (firstTouched ?? 0) - 1)
        var windowLast = Swift.min(count - 1, (lastTouched ?? 0) + 1)
        if count > 0 && (entries[0].diagnostics.contains(where: { Self.lookalikeCodes.contains($0.code) }) || firstLineLooksLikeDelimiter()) {
            // Whether line 1 opens front matter depends on lines far below it
            // (also while it has no look-alike warning yet: an edit below can
            // add the closing line that makes one).
            windowFirst = 0
            windowLast = count - 1
        }
        if unclosedDirectiveCount > 0, let open = entries[0..<windowFirst].firstIndex(where: \.hasUnclosedDirective) {
            windowFirst = open
        }
        // A window starts outside the scanner's fences, at the block holding
        // the opening line (the scan does not know a fence opened above it).
        while windowFirst > 0 && entries[windowFirst].startsInsideFence { windowFirst -= 1 }
        let atDocumentStart = windowFirst == 0

        var linesRead = 0
        defer { linesReadByLastReplace = linesRead }
        var parsed: ParsedText
        var windowStart: Int
        var windowEnd: Int
        var newEntries: [Entry]
        var leading = (length: 0, lines: 0)
        while true {
            windowStart = atDocumentStart ? 0 : startOffset(of: windowFirst)
            let oldEnd = count == 0 ? storage.count - delta : startOffset(of: windowLast) + entries[windowLast].totalLength
            windowEnd = oldEnd + delta
            let isLast = count == 0 || windowLast == count - 1
            let start = windowStart
            let end = windowEnd
            let context = atDocumentStart || count == 0 ? HTMLContext.none : entries[windowFirst].htmlContext
            parsed = storage.withContiguousBytes(in: start..<end) { buffer in
                DocumentParser.parse(buffer, atDocumentStart: atDocumentStart, dialect: dialect, htmlContext: context)
            }
            linesRead += parsed.linesRead
            (newEntries, leading) = makeEntries(&parsed, windowLength: windowEnd - windowStart, atDocumentStart: atDocumentStart)
            if isLast { break }
            // In sync when the window's last block parses as before.
            let old = entries[windowLast]
            if let last = newEntries.last, last.kind == old.kind, last.contentLength == old.contentLength,
               last.gapLength == old.gapLength, windowLast > (lastTouched ?? 0), !parsed.endsOpen,
               parsed.finalHTMLContext == entries[windowLast + 1].htmlContext, !entries[windowLast + 1].startsInsideFence {
                break
            }
            let grow = Swift.max(2, windowLast - windowFirst)
            windowLast = Swift.min(count - 1, windowLast + grow)
        }
        if !atDocumentStart && leading.length > 0 && windowFirst > 0 {
            // Blank lines at the window start belong to the block before it.
            entries[windowFirst - 1].gapLength += leading.length
            entries[windowFirst - 1].gapLines += leading.lines
        }

        // Identities: unchanged blocks before and after the edit keep theirs.
        let oldSlice = count == 0 ? [] : Array(entries[windowFirst...windowLast])
        let oldStarts: [Int] = {
            var starts: [Int] = []
            var offset = count == 0 ? 0 : startOffset(of: windowFirst) - windowStart
            for entry in oldSlice {
                starts.append(offset)
                offset += entry.totalLength
            }
            return starts
        }()
        var newStarts: [Int] = []
        var offset = leading.length
        for entry in newEntries {
            newStarts.append(offset)
            offset += entry.totalLength
        }
        let editStart = range.lowerBound - windowStart
        let editEndOld = range.upperBound - windowStart
        var prefix = 0
        while prefix < oldSlice.count && prefix < newEntries.count
                && oldStarts[prefix] == newStarts[prefix]
                && oldStarts[prefix] + oldSlice[prefix].contentLength < editStart
                && oldSlice[prefix].contentLength == newEntries[prefix].contentLength
                && oldSlice[prefix].kind == newEntries[prefix].kind {
            newEntries[prefix].id = oldSlice[prefix].id
            prefix += 1
        }
        var suffix = 0
        while suffix < oldSlice.count - prefix && suffix < newEntries.count - prefix {
            let oldIndex = oldSlice.count - 1 - suffix
            let newIndex = newEntries.count - 1 - suffix
            guard oldStarts[oldIndex] >= editEndOld, oldStarts[oldIndex] + delta == newStarts[newIndex],
                  oldSlice[oldIndex].contentLength == newEntries[newIndex].contentLength,
                  oldSlice[oldIndex].kind == newEntries[newIndex].kind else { break }
            newEntries[newIndex].id = oldSlice[oldIndex].id
            suffix += 1
        }
        var oldMiddle = Array(oldSlice[prefix..<(oldSlice.count - suffix)])
        let newMiddle = prefix..<(newEntries.count - suffix)
        var updated: [BlockID] = []
        var inserted: [BlockID] = []
        var preferred = preferredIDs.filter { indexByID[$0] == nil }[...]
        // Tiles keep their identity by tile id; the rest by position.
        for index in newMiddle {
            if let tileID = newEntries[index].kind.tile?.id,
               let match = oldMiddle.firstIndex(where: { $0.kind.tile?.id == tileID }) {
                newEntries[index].id = oldMiddle.remove(at: match).id
                updated.append(newEntries[index].id)
            } else {
                newEntries[index].id = BlockID(rawValue: 0)
            }
        }
        for index in newMiddle where newEntries[index].id.rawValue == 0 {
            if !oldMiddle.isEmpty {
                newEntries[index].id = oldMiddle.removeFirst().id
                updated.append(newEntries[index].id)
            } else if let reuse = preferred.popFirst() {
                newEntries[index].id = reuse
                inserted.append(reuse)
            } else {
                newEntries[index].id = freshID()
                inserted.append(newEntries[index].id)
            }
        }
        let removed = oldMiddle.map(\.id)

        // Only the window's ids change count: filtering the whole table
        // would cost time in proportion to the number of tiles.
        for entry in oldSlice {
            if let id = entry.kind.tile?.id { changeTileIDCount(id, by: -1) }
            if entry.hasUnclosedDirective { unclosedDirectiveCount -= 1 }
            entryDiagnosticCounts.remove(entry.diagnostics)
        }
        for entry in newEntries {
            if let id = entry.kind.tile?.id { changeTileIDCount(id, by: 1) }
            if entry.hasUnclosedDirective { unclosedDirectiveCount += 1 }
            entryDiagnosticCounts.add(entry.diagnostics)
        }

        if atDocumentStart {
            leadingLength = leading.length
            leadingLines = leading.lines
        }
        if count == 0 {
            entries = newEntries
        } else {
            entries.replaceSubrange(windowFirst...windowLast, with: newEntries)
        }
        if newEntries.count == oldSlice.count && count > 0 {
            for (offset, entry) in newEntries.enumerated() {
                let index = windowFirst + offset
                let old = oldSlice[offset]
                if entry.totalLength != old.totalLength { byteSums.add(entry.totalLength - old.totalLength, at: index) }
                if entry.totalLines != old.totalLines { lineSums.add(entry.totalLines - old.totalLines, at: index) }
                if entry.id != old.id { indexByID[old.id] = nil }
            }
            // A second pass: identities can trade places inside the window,
            // and a removal above must not erase a position set here.
            for (offset, entry) in newEntries.enumerated() where entry.id != oldSlice[offset].id {
                indexByID[entry.id] = windowFirst + offset
            }
            if windowFirst > 0 && leading.length > 0 && !atDocumentStart {
                byteSums.add(leading.length, at: windowFirst - 1)
                lineSums.add(leading.lines, at: windowFirst - 1)
            }
        } else {
            rebuildIndexes()
        }
        return Replacement(updated: updated, removed: removed, inserted: inserted)
    }

    /// Replaces bytes (see `replace(_:with:preferredIDs:)`).
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with replacement: String) -> Replacement {
        replace(range, with: Array(replacement.utf8))
    }

    /// Applies non-overlapping `edits` (in the coordinates of the current
    /// text), last first, so each stays valid.
    ///
    /// - Returns: the combined change.
    @discardableResult
    public mutating func apply(_ edits: [TextEdit], preferredIDs: [BlockID] = []) -> Replacement {
        var total = Replacement(updated: [], removed: [], inserted: [])
        var preferred = preferredIDs
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            let result = replace(edit.range, with: edit.replacement, preferredIDs: preferred)
            preferred.removeAll { result.inserted.contains($0) }
            total.removed += result.removed
            total.updated += result.updated
            total.inserted += result.inserted
        }
        // `indexByID` holds exactly the live blocks; building a set of every
        // block here would make each edit cost time in proportion to the file.
        total.removed = total.removed.filter { indexByID[$0] == nil }
        total.updated = Set(total.updated).filter { indexByID[$0] != nil }.sorted()
        total.inserted = total.inserted.filter { indexByID[$0] != nil }
        // A preferred identity that was still in use when its block was
        // written again (a block moved down) goes to a block created here.
        var seen: Set<BlockID> = []
        let missing = preferredIDs.filter { indexByID[$0] == nil && seen.insert($0).inserted }
        let fresh = total.inserted.filter { !preferredIDs.contains($0) }
        for (old, new) in zip(missing, fresh) {
            guard let index = indexByID[new] else { continue }
            entries[index].id = old
            indexByID[new] = nil
            indexByID[old] = index
            total.inserted = total.inserted.map { $0 == new ? old : $0 }
            total.removed.removeAll { $0 == old }
        }
        return total
    }

    // MARK: Internals

    /// Diagnostics that say line 1 looks like front matter but is not.
    /// Whether the file's first line holding text trims to `---` outside
    /// front matter, or line 1 is `+++` (TOML): a front matter opening
    /// whose reading depends on lines far below it. Reads only the blank
    /// lines before it.
    private func firstLineLooksLikeDelimiter() -> Bool {
        guard let first = entries.first, first.kind.frontMatter == nil else { return false }
        var index = 0
        if storage.count >= 3 && storage[0] == 0xEF && storage[1] == 0xBB && storage[2] == 0xBF { index = 3 }
        // The first line that is not blank: `---` or `+++`, exactly or with
        // characters around it (`FrontMatterDelimiter`), opens front matter
        // or a look-alike once a closing line follows.
        while index < storage.count {
            var end = index
            while end < storage.count && !LineEnding.isLineBreak(storage[end]) { end += 1 }
            let looksLike: Bool? = storage.withContiguousBytes(in: index..<end) { buffer in
                let line = LineSpan(start: 0, contentEnd: buffer.count, end: buffer.count)
                if buffer.isBlank(line) { return nil }
                return FrontMatterDelimiter.extras(buffer, line: line, markers: ["---", "+++"]) != nil
                    || (FrontMatterDelimiter.dashCount(buffer, line: line) ?? 0) > 3
            }
            if let looksLike { return looksLike }
            index = end < storage.count && storage[end] == Byte.carriageReturn && end + 1 < storage.count && storage[end + 1] == Byte.newline ? end + 2 : end + 1
        }
        return false
    }

    static let lookalikeCodes: Set<DiagnosticCode> = [
        .frontMatterUnclosed, .frontMatterTrailingWhitespace, .frontMatterDelimiterLookalike, .frontMatterNotAtStart,
    ]

    private mutating func freshID() -> BlockID {
        defer { nextID += 1 }
        return BlockID(rawValue: nextID)
    }

    private func startOffset(of index: Int) -> Int { leadingLength + byteSums.prefixSum(index) }

    private func startLine(of index: Int) -> Int { 1 + leadingLines + lineSums.prefixSum(index) }

    private mutating func rebuildIndexes() {
        byteSums = FenwickTree(entries.map(\.totalLength))
        lineSums = FenwickTree(entries.map(\.totalLines))
        indexByID = BlockPositionTable(expectedCount: entries.count)
        tileIDCounts = [:]
        unclosedDirectiveCount = 0
        entryDiagnosticCounts = DiagnosticTally()
        duplicateTileIDBlocks = 0
        for (index, entry) in entries.enumerated() {
            indexByID[entry.id] = index
            if let id = entry.kind.tile?.id { changeTileIDCount(id, by: 1) }
            if entry.hasUnclosedDirective { unclosedDirectiveCount += 1 }
            entryDiagnosticCounts.add(entry.diagnostics)
        }
    }

    /// Counts one more or one fewer tile using `id`, keeping the number of
    /// duplicate-id errors in step: of `n` tiles sharing an id, the `n - 1`
    /// after the first have one each (as `diagnostics` lists them).
    private mutating func changeTileIDCount(_ id: String, by change: Int) {
        let old = tileIDCounts[id] ?? 0
        let new = Swift.max(old + change, 0)
        tileIDCounts[id] = new > 0 ? new : nil
        duplicateTileIDBlocks += Swift.max(new - 1, 0) - Swift.max(old - 1, 0)
    }

    /// Entries for parsed blocks: lengths, line counts and validation.
    /// Empties `parsed.blocks`, freeing them chunk by chunk as their
    /// entries are made, so the two tables are never whole at once.
    private func makeEntries(_ parsed: inout ParsedText, windowLength: Int, atDocumentStart: Bool) -> ([Entry], (length: Int, lines: Int)) {
        // Taken out, so this is the chunks' only owner and each is freed once read.
        var blocks = parsed.blocks
        parsed.blocks = ChunkedArray()
        let lines = parsed
        var result: [Entry] = []
        result.reserveCapacity(blocks.count)
        let firstStart = blocks.first?.start ?? windowLength
        let leading = (length: firstStart, lines: lines.lineCount(0..<firstStart))
        blocks.drain { block, next in
            let nextStart = next?.start ?? windowLength
            var diagnostics = block.diagnostics
            if case .tile(let tile) = block.kind {
                diagnostics += TileValidator.diagnostics(for: tile, catalog: catalog, openingIndent: block.openingIndent)
            }
            result.append(Entry(
                id: BlockID(rawValue: 0), kind: block.kind, htmlContext: block.htmlContext, startsInsideFence: block.startsInsideFence,
                contentLength: block.end - block.start, gapLength: nextStart - block.end,
                contentLines: lines.lineCount(block.start..<block.end), gapLines: lines.lineCount(block.end..<nextStart),
                diagnostics: diagnostics))
        }
        return (result, leading)
    }

    private func duplicateTileID(at index: Int) -> String? {
        guard let id = entries[index].kind.tile?.id, (tileIDCounts[id] ?? 0) > 1 else { return nil }
        return id
    }

    /// Whether the tile at `index` uses an id that a tile before it uses
    /// (the tiles that get the duplicate-id error).
    private func repeatsAnEarlierTileID(at index: Int) -> Bool {
        guard let id = duplicateTileID(at: index) else { return false }
        return entries[..<index].contains { $0.kind.tile?.id == id }
    }

    /// The index of the first tile using each id that several tiles use
    /// (empty when no id is used twice), in one pass.
    private func firstTileIDUses() -> [String: Int] {
        guard duplicateTileIDBlocks > 0 else { return [:] }
        var result: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            guard let id = entry.kind.tile?.id, (tileIDCounts[id] ?? 0) > 1, result[id] == nil else { continue }
            result[id] = index
        }
        return result
    }

    private func duplicateDiagnostics(at index: Int, firstTileWithID: [String: Int]? = nil) -> [BlockDiagnostic] {
        guard let id = duplicateTileID(at: index), let tile = entries[index].kind.tile,
              let first = firstTileWithID?[id] ?? entries.firstIndex(where: { $0.kind.tile?.id == id }), first != index,
              let property = tile.property("id") else { return [] }
        let line = startLine(of: first)
        return [BlockDiagnostic(
            .error, .tileDuplicateID, "tile id `\(id)` is already used by the tile at line \(line); ids must be unique in a document",
            range: property.valueSpan)]
    }

    private func materialize(_ diagnostics: [BlockDiagnostic], blockStart: Int, length: Int, firstLine: Int) -> [Diagnostic] {
        // Blocks start after a byte order mark, so columns never count it.
        return storage.withContiguousBytes(in: blockStart..<(blockStart + length)) { buffer in
            let index = LineIndex(buffer, firstLine: firstLine)
            return diagnostics.map { diagnostic in
                let shifted = diagnostic.shifted(by: blockStart)
                let location = index.location(of: Swift.min(diagnostic.range.lowerBound, buffer.count), in: buffer)
                return Diagnostic(
                    severity: diagnostic.severity, code: diagnostic.code,
                    message: diagnostic.resolvedMessage(firstLine: firstLine),
                    range: shifted.range, location: location, fix: shifted.fix)
            }
        }
    }
}
