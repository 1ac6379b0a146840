/// A standalone `.yml`/`.yaml` file: its bytes, which are the truth, and
/// the YAML tree they parse into (all documents of the stream).
///
/// Edits replace only the edited node's bytes, so comments, key order and
/// quoting elsewhere survive (ARCHITECTURE.md, "The Tiledown format"). After an edit that
/// stays inside one top-level entry only that entry is read again
/// (`readIncrementally`, ARCHITECTURE.md "Scale"); any other edit reads the
/// whole file again. The node being written is read back first, so an edit
/// never writes a value that reads back differently.
///
/// `tiledown.yml` is not full YAML: it is Tiledown's flat `key: value`
/// profile (values like `#0057d8` are text, not comments), read with
/// `dialect: .flat`.
public struct YAMLFileDocument: Sendable {
    /// How the file is read.
    public enum Dialect: String, Sendable, Hashable, Codable {
        /// Full YAML through libyaml.
        case yaml
        /// Tiledown's flat `key: value` lines (site configuration `tiledown.yml`),
        /// validated against `SiteConfigurationSchema.tiledown`.
        case flat

        /// How a file named `fileName` is read: `tiledown.yml` and
        /// `tiledown.yaml` are Tiledown's site configuration, flat; any
        /// other name is YAML.
        public init(fileName: String) {
            self = SiteConfigurationSchema.fileNames.contains(fileName) ? .flat : .yaml
        }
    }

    /// What an edit did, with what undoes it.
    public struct Change: Sendable, Hashable {
        /// Edits applied, in the coordinates of the text before the change.
        public var edits: [TextEdit]
        /// Edits restoring the text before the change, in the coordinates after it.
        public var inverse: [TextEdit]
        /// Things the user should know (anchor users).
        public var notes: [String]
    }

    /// The file's bytes.
    public internal(set) var bytes: [UInt8]
    /// How the file is read.
    public let dialect: Dialect
    /// The file's line ending, detected when it was opened.
    public let lineEnding: LineEnding
    /// The documents of the stream, ranges in file bytes. In the flat
    /// dialect, one document whose root maps each field's key to its raw
    /// value, both plain scalars at the field's spans (the tree an editor
    /// shows; keys keep their dots).
    public internal(set) var documents: [YAMLDocumentNode] = []
    /// The fields (flat dialect), spans in file bytes.
    public internal(set) var fields: [FrontMatterField] = []
    /// Problems and notes, in file order (made from `diagnosticTable` on
    /// each call, O(count): a view asks `diagnostics(in:)` for what it shows).
    public var diagnostics: [Diagnostic] { diagnosticTable.diagnostics }
    /// Number of errors and warnings among `diagnostics`, kept with every read.
    public var diagnosticTotals: (errors: Int, warnings: Int) { diagnosticTable.totals }
    /// The diagnostics starting in `range` (UTF-8 byte offsets of `bytes`),
    /// in file order, found without going through the others.
    public func diagnostics(in range: Range<Int>) -> [Diagnostic] { diagnosticTable.diagnostics(in: range) }
    /// The first error in file order, `nil` when there is none.
    public var firstError: Diagnostic? { diagnosticTable.firstError }
    /// The error that stopped reading (YAML dialect), if any: edits need a
    /// whole tree. Other errors (a key written twice) block only what they
    /// concern.
    var readError: Diagnostic?
    /// The diagnostics, each with how it was found (what an incremental
    /// read needs to keep, move or replace it).
    var diagnosticTable = YAMLDiagnosticTable()
    /// How each of `diagnostics` was found (same order).
    var diagnosticSources: [YAMLDiagnosticSource] { diagnosticTable.entries.map(\.source) }
    /// Where the lines of `bytes` start, kept with every read: in chunks,
    /// so an incremental read writes again only the starts of the lines it
    /// read (ARCHITECTURE.md, "Scale").
    public internal(set) var lineStartTable = YAMLLineStarts()
    /// UTF-8 offsets where the lines of `bytes` start (the first is 0; a
    /// line ends at LF, CRLF or a lone CR): `lineStartTable` as one array,
    /// made on each call (O(lines)).
    public var lineStarts: [Int] { lineStartTable.array }
    /// How many aliases (`*name`) of each name the file holds (YAML dialect).
    var aliasCounts: [String: Int] = [:]
    /// The top-level entry (document and position among its root's pairs
    /// or items, from 0) that the last read after an edit read alone;
    /// `nil` when it read the whole file. Nothing else of the tree changed
    /// then but the moves of the nodes after it.
    public internal(set) var lastEntryRead: (document: Int, index: Int)?
    /// Whether the last read after an edit read only the edited top-level entry.
    var readWasIncremental: Bool { lastEntryRead != nil }

    /// Parses `bytes`.
    public init(bytes: [UInt8], dialect: Dialect = .yaml) {
        self.bytes = bytes
        self.dialect = dialect
        lineEnding = LineEnding.detect(in: bytes)
        reparse()
    }

    /// Parses `text`.
    public init(_ text: String, dialect: Dialect = .yaml) {
        self.init(bytes: Array(text.utf8), dialect: dialect)
    }

    /// The file's text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The root of the first document, if any.
    public var root: YAMLNode? { documents.first?.root }

    /// Whether the file could be read without errors.
    public var isReadable: Bool { diagnosticTotals.errors == 0 }

    /// The error that stopped reading the file (YAML dialect), `nil` when
    /// the whole tree was read; edits wait until it is fixed.
    public var readFailure: Diagnostic? { readError }

    /// The node at `path` in document `document` (0-based), following
    /// explicit keys only (no alias or merge resolution); keys are compared
    /// by their bytes, and a key written twice in its mapping leads nowhere.
    public func node(at path: YAMLPath, document: Int = 0) -> YAMLNode? {
        guard document >= 0, document < documents.count else { return nil }
        return documents[document].root?.node(at: path)
    }

    /// Which document of the stream an edit of `path` is meant for, when
    /// the user did not say: the only document, or the only one where
    /// `path` leads to a node, or, for a path none has, the only one where
    /// its parent does (a new key goes there).
    public func document(for path: YAMLPath) -> DocumentChoice {
        guard documents.count > 1 else { return .document(0) }
        let holding = documents.indices.filter { node(at: path, document: $0) != nil }
        if holding.count == 1, let only = holding.first { return .document(only) }
        if holding.count > 1 { return .ambiguous(holding) }
        let parent = YAMLPath(Array(path.components.dropLast()))
        let parents = documents.indices.filter { index in
            guard let node = node(at: parent, document: index) else { return false }
            return node.pairs != nil
        }
        if parents.count == 1, let only = parents.first { return .document(only) }
        return .none(documentCount: documents.count)
    }

    /// The answer of `document(for:)`; document indexes are 0-based.
    public enum DocumentChoice: Sendable, Hashable {
        /// The document to edit.
        case document(Int)
        /// Several documents have the path: the user must choose.
        case ambiguous([Int])
        /// No document has the path (or its parent, in only one of them).
        case none(documentCount: Int)
    }

    /// Line (from 1) and column of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = Swift.max(0, Swift.min(offset, bytes.count))
        let slot = lineStartTable.slot(of: clamped)
        var start = Swift.max(0, Swift.min(lineStartTable[slot], clamped))
        if slot == 0 && clamped >= 3 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        var column = 1
        for index in start..<clamped where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(line: 1 + slot, column: column)
    }

    // MARK: Editing

    /// Sets the scalar at `path` to text the user typed (adding the key to
    /// its mapping when absent; flat dialect: the key is the whole path).
    ///
    /// - Throws: `EditError` when the path leads nowhere editable, through an
    ///   alias, or the file has errors, or when a plain date is given text
    ///   shaped like a date that names no day (`2026-02-30`); the file is
    ///   then unchanged.
    @discardableResult
    public mutating func setValue(at path: YAMLPath, to value: String, document: Int = 0) throws(EditError) -> Change {
        try setValue(at: path, to: value, document: document, refusingNewErrors: false)
    }

    /// `setValue(at:to:document:)`, refusing with `refusingNewErrors` an
    /// edit that leaves an error the file did not have (the editors' rule;
    /// `tiledit set` reports such errors itself).
    mutating func setValue(at path: YAMLPath, to value: String, document: Int, refusingNewErrors: Bool) throws(EditError) -> Change {
        switch dialect {
        case .flat:
            let key = path.description
            return try keepFirst([try flatEdits(key: key, value: value)], notes: [], refusingNewErrors: refusingNewErrors) { file in
                file.fields.last { $0.key.hasSameBytes(as: key) }?.value.hasSameBytes(as: value) == true
                    ? nil : .invalidValue(message: "\(path.displayText) would not read back as the text given")
            }
        case .yaml:
            // A date stays a date: text shaped like one that names no day is
            // a mistake, not a new string (front matter follows the same rule).
            if let scalar = node(at: path, document: document), scalar.tag == nil,
               let problem = YAMLScalarWriter.timestampProblem(for: value, replacing: scalar.scalar, name: path.description) {
                throw .invalidValue(message: problem)
            }
            // The editor is let go before the edit: it holds the bytes the edit changes in place.
            let (plans, notes) = try editor(document: document).setScalarPlans(at: path, to: value)
            return try keepFirst(plans, notes: notes, refusingNewErrors: refusingNewErrors) { file in
                if let problem = file.unreadable(path) { return problem }
                return file.node(at: path, document: document)?.scalar?.value.hasSameBytes(as: value) == true
                    ? nil : .invalidValue(message: "\(path.displayText) would not read back as the text given")
            }
        }
    }

    /// Why the file cannot be read after an edit of `path`, or `nil` when it can.
    func unreadable(_ path: YAMLPath) -> EditError? {
        guard let error = readError else { return nil }
        return .invalidValue(message: "\(path.displayText) cannot be written here: the file would not be readable (\(error.location): \(error.message))")
    }

    /// Appends an item to the list at `path`.
    @discardableResult
    public mutating func appendItem(at path: YAMLPath, item: String, document: Int = 0) throws(EditError) -> Change {
        guard dialect == .yaml else { throw .invalidValue(message: "\(SiteConfigurationSchema.fileNames[0]) holds `key: value` lines; it has no lists") }
        let edits = try editor(document: document).appendItem(at: path, item: item)
        return try perform(edits, notes: []) { file in
            file.node(at: path, document: document)?.items?.last?.scalar?.value == item ? nil : .invalidValue(message: "the item would not read back as given")
        }
    }

    /// Removes the key at `path` with its value.
    @discardableResult
    public mutating func removeValue(at path: YAMLPath, document: Int = 0) throws(EditError) -> Change {
        switch dialect {
        case .flat:
            guard let field = try flatField(path.description) else { throw .pathNotFound(message: "`\(path)` does not exist") }
            return try perform([TextEdit(range: fieldLines(containing: field.keySpan.lowerBound), replacement: [])], notes: []) { _ in nil }
        case .yaml:
            return try perform(try editor(document: document).removeKey(at: path), notes: []) { _ in nil }
        }
    }

    /// Applies non-overlapping `edits` (undo, redo, fixes) and parses again.
    ///
    /// The edits are spliced into `bytes` in place: a file whose bytes no
    /// other copy shares is not copied (ARCHITECTURE.md, "Scale"); what an
    /// incremental read needs of the old bytes is found before.
    public mutating func apply(_ edits: [TextEdit]) {
        let plan = incrementalPlan(for: edits)
        TextEdit.splice(edits, into: &bytes)
        lastEntryRead = nil
        if !(plan.map { readIncrementally($0) } ?? false) { reparse() }
    }

    /// Applies non-overlapping `edits` (a diagnostic's fix) and keeps them
    /// only when `check` finds nothing wrong with the result (it returns
    /// the refusal).
    ///
    /// - Returns: the edits and their inverse (in the coordinates after them).
    /// - Throws: the refusal `check` returned; the file is then as it was.
    @discardableResult
    public mutating func apply(_ edits: [TextEdit], refusing check: (YAMLFileDocument) -> EditError?) throws(EditError) -> Change {
        try keepFirst([edits], notes: [], refusingNewErrors: false, check: check)
    }

    private mutating func perform(_ edits: [TextEdit], notes: [String], check: (YAMLFileDocument) -> EditError?) throws(EditError) -> Change {
        try keepFirst([edits], notes: notes, refusingNewErrors: false, check: check)
    }

    /// Applies the first of `plans` after which `check` finds nothing
    /// wrong (it returns the refusal) and, with `refusingNewErrors`, the
    /// file has no error it did not have before. When none passes, the
    /// file is as it was and the first plan's refusal is thrown (the plans
    /// after it are fallbacks).
    mutating func keepFirst(
        _ plans: [[TextEdit]], notes: [String], refusingNewErrors: Bool, check: (YAMLFileDocument) -> EditError?
    ) throws(EditError) -> Change {
        // The version to go back to keeps everything but the bytes and the
        // tree, which the inverse gives back: so it shares neither, and the
        // edit changes them in place instead of copying the file and the
        // root's entries (ARCHITECTURE.md, "Scale").
        var before = self
        before.bytes = []
        before.documents = []
        var firstProblem: EditError?
        for edits in plans {
            let inverse = TextEdit.inverses(of: edits, original: { Array(bytes[$0]) })
            apply(edits)
            let problem = check(self) ?? (refusingNewErrors ? newError(since: before) : nil)
            guard let problem else { return Change(edits: edits, inverse: inverse, notes: edits.isEmpty ? [] : notes) }
            // Read again after the inverse, the tree is the one a whole read
            // of the old bytes gives, as every read's is; the rest is put back.
            apply(inverse)
            var restored: (bytes: [UInt8], documents: [YAMLDocumentNode]) = ([], [])
            swap(&restored.bytes, &bytes)
            swap(&restored.documents, &documents)
            self = before
            (bytes, documents) = restored
            firstProblem = firstProblem ?? problem
        }
        throw firstProblem ?? .invalidValue(message: "the value cannot be written here")
    }

    /// The refusal for an error this version has and `earlier` did not (a
    /// code seen more often, with a message not seen before), or `nil`.
    private func newError(since earlier: YAMLFileDocument) -> EditError? {
        // No error now, none new: the diagnostics are not gone through (a 10 MB file has many).
        guard diagnosticTotals.errors > 0 else { return nil }
        var counts: [DiagnosticCode: Int] = [:]
        var messages = Set<String>()
        for diagnostic in earlier.diagnostics where diagnostic.severity == .error {
            counts[diagnostic.code, default: 0] += 1
            messages.insert(diagnostic.message)
        }
        for diagnostic in diagnostics where diagnostic.severity == .error { counts[diagnostic.code, default: 0] -= 1 }
        guard let added = diagnostics.first(where: { $0.severity == .error && (counts[$0.code] ?? 0) < 0 && !messages.contains($0.message) }) else {
            return nil
        }
        return .invalidValue(message: "the edit would leave an error (line \(added.location.line): \(added.message)); nothing was changed")
    }

    func editor(document: Int) throws(EditError) -> YAMLEditor {
        if let error = readError {
            throw .unreadableBlock(message: "\(error.location): \(error.message)")
        }
        guard document >= 0 && (document < documents.count || document == 0) else {
            throw .pathNotFound(message: "the file has \(documents.count) document\(documents.count == 1 ? "" : "s"); there is no document \(document + 1)")
        }
        let root = document < documents.count ? documents[document].root : nil
        var emptyPoint = document < documents.count ? documents[document].range.upperBound : bytes.count
        if let node = root, YAMLEditor.isEmptyDocument(node) {
            // A key added to a document with no content goes where readers
            // find its null: before a `...` line that ends the document.
            let at = node.range.lowerBound
            if at >= 0 && at <= bytes.count && (at == 0 || LineEnding.isLineBreak(bytes[at - 1])) { emptyPoint = at }
        }
        return YAMLEditor(text: bytes, root: root, emptyInsertionPoint: Swift.min(emptyPoint, bytes.count), lineEnding: lineEnding, firstLine: 1)
    }

    /// The field named `key` (bytes compared), `nil` when there is none.
    ///
    /// - Throws: `.invalidValue` when the key is written more than once.
    func flatField(_ key: String) throws(EditError) -> FrontMatterField? {
        let matching = fields.filter { $0.key.hasSameBytes(as: key) }
        guard matching.count > 1 else { return matching.first }
        let lines = matching.map { location(of: $0.keySpan.lowerBound).line }
        throw .invalidValue(message: "`\(key)` is written \(matching.count) times (lines \(YAMLEditor.list(lines))); remove the others before editing it")
    }

    func flatEdits(key: String, value: String) throws(EditError) -> [TextEdit] {
        if value.utf8.contains(Byte.newline) || value.utf8.contains(Byte.carriageReturn) || value != value.trimmingSpaces() {
            throw .invalidValue(message: "values of `\(key)` are one trimmed line")
        }
        if let field = try flatField(key) {
            if field.valueSpan.isEmpty {
                let line = lineRange(containing: field.keySpan.lowerBound)
                var end = line.upperBound
                while end > field.keySpan.upperBound && (bytes[end - 1] == Byte.newline || bytes[end - 1] == Byte.carriageReturn) { end -= 1 }
                return [TextEdit(range: field.keySpan.upperBound..<end, replacement: ": " + value)]
            }
            return [TextEdit(range: field.valueSpan, replacement: value)]
        }
        var at = bytes.count
        var prefix = ""
        if let last = fields.last { at = lineRange(containing: last.keySpan.lowerBound).upperBound }
        if at == bytes.count && !bytes.isEmpty && bytes[bytes.count - 1] != Byte.newline { prefix = lineEnding.string }
        return [TextEdit(range: at..<at, replacement: prefix + "\(key): \(value)" + lineEnding.string)]
    }

    /// The lines of a flat `key: value` field starting on the line of
    /// `offset`: with the comment lines right above it, which are its own
    /// (`YAMLSourceScanner.leadingCommentStart`), through its line break.
    func fieldLines(containing offset: Int) -> Range<Int> {
        let lines = lineRange(containing: offset)
        return YAMLSourceScanner(bytes: bytes).leadingCommentStart(ofLineAt: lines.lowerBound, after: 0)..<lines.upperBound
    }

    func lineRange(containing offset: Int) -> Range<Int> {
        var start = offset
        while start > 0 && bytes[start - 1] != Byte.newline { start -= 1 }
        var end = offset
        while end < bytes.count && bytes[end] != Byte.newline { end += 1 }
        if end < bytes.count { end += 1 }
        return start..<end
    }
}
