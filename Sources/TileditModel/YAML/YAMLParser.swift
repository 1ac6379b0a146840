import CYAML

/// Builds `YAMLNode` trees from libyaml's event stream, with the byte range
/// of every key and value.
///
/// libyaml reports positions in characters; they are converted to UTF-8 byte
/// offsets here. Nesting deeper than `maximumDepth` stops the parse with a
/// `.yamlLimit` error instead of exhausting memory or the stack (the builder
/// keeps its own stack and never recurses). Input over 2 GB (`Int32.max`
/// bytes; node ranges are stored in 32 bits) gives a `.yamlLimit` error.
public enum YAMLParser {
    /// Deepest nesting of collections accepted.
    public static let defaultMaximumDepth = 256

    /// Parses `bytes` (UTF-8; a leading byte order mark is skipped).
    ///
    /// - Parameters:
    ///   - bytes: the YAML text.
    ///   - maximumDepth: deepest nesting of collections accepted.
    /// - Returns: the documents and the first error, if any. Offsets are
    ///   bytes into `bytes`.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth) -> YAMLParseResult {
        parse(bytes, maximumDepth: maximumDepth, prescanning: true)
    }

    /// Parses `bytes`; with `prescanning`, the indentation indicators
    /// libyaml needs are found before it reads (`YAMLInputPatches.prescanned`),
    /// so a file with many tab-led block scalars is read once, not once per
    /// scalar. The guess is kept only when every scalar it patched reads as
    /// patching it after libyaml stopped there would (its content starts
    /// with the tab); otherwise, or when the read ends in an error, the
    /// text is read again stop by stop. Either way the result is the same.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, prescanning: Bool) -> YAMLParseResult {
        if prescanning {
            let guessed = YAMLInputPatches.prescanned(bytes)
            if !guessed.isEmpty {
                let result = parse(bytes, maximumDepth: maximumDepth, from: guessed)
                if result.error == nil && guessed.holds(in: result.documents) { return result }
            }
        }
        return parse(bytes, maximumDepth: maximumDepth, from: YAMLInputPatches())
    }

    /// Parses `bytes` with `patches` applied, adding one more each time
    /// libyaml stops at a place `YAMLInputPatches.patch` lets it read past.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, from start: YAMLInputPatches) -> YAMLParseResult {
        var patches = start
        while true {
            var builder = Builder(bytes: bytes, maximumDepth: maximumDepth, patches: patches)
            var result = builder.run()
            ParseWorkCounter.current?.addParse()
            // A place changed once and stopped at again is an error of its own.
            guard let retry = builder.retry, patches.patches.count < YAMLInputPatches.maximumPatches,
                  !patches.patches.contains(where: { $0.offset == retry.offset }) else {
                result.readPast = patches.patches.map { patch in
                    TextEdit(range: patch.offset..<(patch.inserts ? patch.offset : patch.offset + 1), replacement: [patch.replacement])
                }
                return result
            }
            patches.add(retry)
        }
    }

    /// Parses `bytes` (UTF-8).
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) -> YAMLParseResult {
        bytes.withUnsafeBufferPointer { parse($0, maximumDepth: maximumDepth) }
    }

    /// Parses `text`.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) -> YAMLParseResult {
        parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}

/// The children of every open collection, innermost last (a mapping's as
/// key, value, key, value). One stack serves the whole parse, so a
/// collection's own array is allocated once, at its exact size, when the
/// collection closes; children are moved into it, not copied (no retain
/// and release per child). Unsafe storage because an array cannot give up
/// elements moved out of it; the stack owns what lies below `count`.
private struct NodeStack: ~Copyable {
    private var storage: UnsafeMutablePointer<YAMLNode>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func push(_ node: consuming YAMLNode) {
        if count == capacity {
            let larger = UnsafeMutablePointer<YAMLNode>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: node)
        count += 1
    }

    /// Takes the nodes from index `first` to the top, in order.
    mutating func popItems(from first: Int) -> [YAMLNode] {
        let taken = count - first
        guard taken > 0 else { return [] }
        var items: [YAMLNode] = []
        items.reserveCapacity(taken)
        let source = storage + first
        for index in 0..<taken {
            items.append((source + index).move())
        }
        count = first
        return items
    }

    /// Takes the nodes from index `first` to the top as key, value pairs;
    /// an unpaired last key is dropped.
    mutating func popPairs(from first: Int) -> [YAMLPair] {
        let taken = count - first
        guard taken > 0 else { return [] }
        let pairCount = taken / 2
        var pairs: [YAMLPair] = []
        pairs.reserveCapacity(pairCount)
        let source = storage + first
        for index in 0..<pairCount {
            pairs.append(YAMLPair(key: (source + 2 * index).move(), value: (source + 2 * index + 1).move()))
        }
        if taken > 2 * pairCount {
            (source + 2 * pairCount).deinitialize(count: 1)
        }
        count = first
        return pairs
    }
}

private struct Builder: ~Copyable {
    /// An open collection; its children so far are those of `children`
    /// from index `firstChild`.
    struct Frame {
        var isMapping: Bool
        var style: YAMLNode.CollectionStyle
        var start: Int
        var anchor: String?
        var tag: String?
        var firstChild: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var marks: YAMLMarkConverter
    /// Changes made to the text libyaml reads (see `YAMLInputPatches`).
    let patches: YAMLInputPatches
    /// A change that lets libyaml read past the error it stopped at.
    var retry: YAMLInputPatches.Patch?
    var frames: [Frame] = []
    /// The children of every open collection, innermost last.
    var children = NodeStack()
    var documents: [YAMLDocumentNode] = []
    var root: YAMLNode?
    var documentStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, patches: YAMLInputPatches) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.patches = patches
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        marks = YAMLMarkConverter(bytes: bytes, base: hasBOM ? 3 : 0)
        marks.insertedCharacters = Self.insertedCharacters(patches, in: bytes, base: marks.base)
    }

    /// The character indexes, in the patched text, of the inserted ones.
    private static func insertedCharacters(_ patches: YAMLInputPatches, in bytes: UnsafeBufferPointer<UInt8>, base: Int) -> [Int] {
        var indexes: [Int] = []
        var characters = 0
        var position = base
        for patch in patches.patches where patch.inserts && patch.offset >= base {
            while position < patch.offset {
                if bytes[position] & 0xC0 != 0x80 { characters += 1 }
                position += 1
            }
            indexes.append(characters + indexes.count)
        }
        return indexes
    }

    mutating func run() -> YAMLParseResult {
        guard bytes.count <= Int(Int32.max) else {
            // Node ranges are stored in 32 bits (see `YAMLNode`).
            return YAMLParseResult(documents: [], error: YAMLSyntaxError(code: .yamlLimit, message: "YAML larger than 2 GB is not read", offset: 0, line: 0))
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return YAMLParseResult(documents: [], error: YAMLSyntaxError(code: .yamlSyntax, message: "the YAML reader could not start", offset: 0, line: 0))
        }
        defer { yaml_parser_delete(&parser) }
        let start = marks.base
        let patched = patches.isEmpty ? [] : patches.applied(to: bytes, from: start)
        return patched.withUnsafeBufferPointer { patchedInput in
            let input = patches.isEmpty ? UnsafeBufferPointer(rebasing: bytes[start...]) : patchedInput
            return read(&parser, input)
        }
    }

    private mutating func read(_ parser: inout yaml_parser_t, _ input: UnsafeBufferPointer<UInt8>) -> YAMLParseResult {
        yaml_parser_set_input_string(&parser, input.baseAddress, input.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var event = yaml_event_t()
        var events = 0
        // Steps for `ParseWorkCounter`: libyaml's events, the mark
        // conversion's own steps and the bytes libyaml reads.
        defer { ParseWorkCounter.current?.add(events + marks.steps + input.count) }
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                return YAMLParseResult(documents: documents, error: syntaxError(parser))
            }
            defer { yaml_event_delete(&event) }
            events += 1
            if event.type == YAML_STREAM_END_EVENT { break }
            if let limit = handle(event) {
                return YAMLParseResult(documents: documents, error: limit)
            }
        }
        return YAMLParseResult(documents: documents, error: nil)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private mutating func handle(_ event: yaml_event_t) -> YAMLSyntaxError? {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentStart = marks.offset(event.start_mark)
            root = nil
        case YAML_DOCUMENT_END_EVENT:
            let end = Swift.max(marks.offset(event.end_mark), root?.range.upperBound ?? documentStart)
            documents.append(YAMLDocumentNode(root: root, range: span(documentStart, end)))
            root = nil
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let start = marks.offset(event.start_mark)
            // Marks are libyaml's; never trust their order.
            var end = Swift.max(marks.offset(event.end_mark), start)
            let kind: YAMLNode.Kind
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: kind = .singleQuotedScalar
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: kind = .doubleQuotedScalar
            case YAML_LITERAL_SCALAR_STYLE: kind = .literalScalar
            case YAML_FOLDED_SCALAR_STYLE: kind = .foldedScalar
            default: kind = .plainScalar
            }
            if kind == .literalScalar || kind == .foldedScalar { end = contentEnd(before: end, notBefore: start) }
            let value = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            let anchor = Self.string(scalar.anchor)
            let tag = Self.string(scalar.tag)
            let tokenStart = anchor != nil || tag != nil ? propertiesEnd(start, end: end, isScalar: true) : start
            add(YAMLNode(text: value, kind: kind, anchor: anchor, tag: tag, range: tokenStart..<Swift.max(end, tokenStart)))
        case YAML_ALIAS_EVENT:
            let start = marks.offset(event.start_mark)
            let end = Swift.max(marks.offset(event.end_mark), start)
            add(YAMLNode(text: Self.string(event.data.alias.anchor) ?? "", kind: .alias, range: start..<end))
        case YAML_SEQUENCE_START_EVENT:
            guard frames.count < maximumDepth else { return limitError(event) }
            let data = event.data.sequence_start
            frames.append(Frame(
                isMapping: false, style: data.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block,
                start: collectionStart(event, hasProperties: data.anchor != nil || data.tag != nil),
                anchor: Self.string(data.anchor), tag: Self.string(data.tag), firstChild: children.count))
        case YAML_MAPPING_START_EVENT:
            guard frames.count < maximumDepth else { return limitError(event) }
            let data = event.data.mapping_start
            frames.append(Frame(
                isMapping: true, style: data.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block,
                start: collectionStart(event, hasProperties: data.anchor != nil || data.tag != nil),
                anchor: Self.string(data.anchor), tag: Self.string(data.tag), firstChild: children.count))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = frames.popLast() else { break }
            let endMark = marks.offset(event.end_mark)
            let start = frame.start
            let isFlow = frame.style == .flow
            if frame.isMapping {
                let pairs = children.popPairs(from: frame.firstChild)
                let end = isFlow ? endMark : (pairs.last?.value.range.upperBound ?? start)
                add(YAMLNode(
                    text: "", kind: isFlow ? .flowMapping(pairs) : .blockMapping(pairs), anchor: frame.anchor, tag: frame.tag,
                    range: span(start, end)))
            } else {
                let items = children.popItems(from: frame.firstChild)
                let end = isFlow ? endMark : (items.last?.range.upperBound ?? start)
                add(YAMLNode(
                    text: "", kind: isFlow ? .flowSequence(items) : .blockSequence(items), anchor: frame.anchor, tag: frame.tag,
                    range: span(start, end)))
            }
        default:
            break
        }
        return nil
    }

    private mutating func add(_ node: consuming YAMLNode) {
        if frames.isEmpty {
            root = node
        } else {
            children.push(node)
        }
    }

    /// The start of a collection: libyaml's start mark can sit on the anchor
    /// or tag; the node itself starts after them.
    /// A range from positions derived from libyaml's marks, checked before
    /// use: both bounds inside the file, and an end before the start (an
    /// empty node after its anchor or tag, as in `?\n&a :`) read as an empty
    /// range at the start.
    private func span(_ start: Int, _ end: Int) -> Range<Int> {
        let lower = Swift.min(Swift.max(start, 0), bytes.count)
        return lower..<Swift.min(Swift.max(end, lower), bytes.count)
    }

    private mutating func collectionStart(_ event: yaml_event_t, hasProperties: Bool) -> Int {
        let start = marks.offset(event.start_mark)
        guard hasProperties else { return start }
        return propertiesEnd(start, end: Swift.max(marks.offset(event.end_mark), start), isScalar: false)
    }

    /// Where a node starts after the anchor (`&a`) and tag (`!t`) written
    /// from `start`: past them and the spaces or line breaks after them, but
    /// never past `end` (a scalar's end, or the end of a collection's first
    /// token). A scalar with properties and no text of its own (`key: &a`)
    /// starts and ends just after them, so a value written there goes after
    /// the properties.
    private func propertiesEnd(_ start: Int, end: Int, isScalar: Bool) -> Int {
        let limit = Swift.min(end, bytes.count)
        var position = start
        var afterProperties = start
        while position < limit && (bytes[position] == 0x26 || bytes[position] == 0x21) {
            if bytes[position] == 0x26 {
                // libyaml's anchor names: ASCII letters, digits, `-` and `_`.
                position += 1
                while position < limit && Self.isAnchorCharacter(bytes[position]) { position += 1 }
            } else {
                while position < limit && !Byte.isWhitespace(bytes[position]) { position += 1 }
            }
            afterProperties = position
            while position < limit && Byte.isWhitespace(bytes[position]) { position += 1 }
        }
        // An empty scalar ends where its properties end.
        if isScalar && position >= limit { return Swift.max(afterProperties, Swift.min(start, limit)) }
        return Swift.max(position, Swift.min(start, limit))
    }

    private static func isAnchorCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
    }

    /// The end of a block scalar's last line (its line break excluded): the
    /// last line holding text, or, when lines holding only spaces or tabs
    /// follow it, the last of those. Such lines are the scalar's own, up to
    /// the first line holding text (YAML 1.2 §8.1.1.2, `l-chomped-empty`;
    /// more indented than the content they are content; libyaml's end mark
    /// stops short of the last one when no line break ends it), so an edit
    /// of the value replaces them and never leaves them to be read as part
    /// of the new text.
    private func contentEnd(before end: Int, notBefore start: Int) -> Int {
        let limit = Swift.min(end, bytes.count)
        var position = limit
        while position > start && Byte.isWhitespace(bytes[position - 1]) { position -= 1 }
        while position < limit && bytes[position] != Byte.newline && bytes[position] != Byte.carriageReturn { position += 1 }
        var lastLine = position
        // Walk the blank lines below, keeping the end of the last one holding spaces or tabs.
        while position < bytes.count {
            if bytes[position] == Byte.carriageReturn { position += 1 }
            if position < bytes.count && bytes[position] == Byte.newline { position += 1 }
            let lineStart = position
            while position < bytes.count && Byte.isSpaceOrTab(bytes[position]) { position += 1 }
            let endsLine = position < bytes.count && (bytes[position] == Byte.newline || bytes[position] == Byte.carriageReturn)
            guard endsLine || position == bytes.count else { break }
            if position > lineStart { lastLine = position }
            if position >= bytes.count { break }
        }
        return lastLine
    }

    private mutating func limitError(_ event: yaml_event_t) -> YAMLSyntaxError {
        let offset = marks.offset(event.start_mark)
        return YAMLSyntaxError(
            code: .yamlLimit, message: "YAML nested deeper than \(maximumDepth) levels is not read",
            offset: offset, line: Int(event.start_mark.line))
    }

    private mutating func syntaxError(_ parser: yaml_parser_t) -> YAMLSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // The reader (a control character, invalid UTF-8) sets no mark:
            // its byte offset in the input is `problem_offset`.
            var offset = marks.base + Int(parser.problem_offset)
            var inserted = 0
            for patch in patches.patches where patch.inserts && patch.offset + inserted < offset { inserted += 1 }
            offset = Swift.min(offset - inserted, bytes.count)
            return describedError(parser, problem: problem, offset: offset, line: Self.lineIndex(of: offset, in: bytes))
        }
        let mark = parser.problem_mark
        let offset = marks.offset(mark)
        let line = Int(mark.line)
        let context = parser.context.map { String(cString: $0) }
        let contextOffset = parser.context != nil ? Swift.min(marks.offset(parser.context_mark), offset) : nil
        if parser.error == YAML_SCANNER_ERROR && problem.contains("tab") {
            retry = YAMLInputPatches.patch(
                in: bytes, tab: offset, header: context == "while scanning a block scalar" ? contextOffset : nil,
                parentIndent: Int(parser.indent))
        }
        var error = describedError(parser, problem: problem, offset: offset, line: line)
        error.contextOffset = contextOffset
        return error
    }

    /// The line (from 0) holding byte `offset`: LF, CRLF and a lone CR end lines (YAML 1.2 section 5.4).
    static func lineIndex(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 0
        var position = 0
        while position < Swift.min(offset, bytes.count) {
            let byte = bytes[position]
            if byte == Byte.newline || (byte == Byte.carriageReturn && (position + 1 >= bytes.count || bytes[position + 1] != Byte.newline)) { line += 1 }
            position += 1
        }
        return line
    }

    private func describedError(_ parser: yaml_parser_t, problem: String, offset: Int, line: Int) -> YAMLSyntaxError {
        if offset < bytes.count && bytes[offset] == Byte.tab {
            var lineStart = offset
            while lineStart > 0 && bytes[lineStart - 1] != Byte.newline { lineStart -= 1 }
            var tabEnd = lineStart
            while tabEnd < bytes.count && Byte.isSpaceOrTab(bytes[tabEnd]) { tabEnd += 1 }
            if offset < tabEnd {
                // A tab among the line's leading whitespace: indentation.
                let fix = DiagnosticFix(title: "Replace the tab with two spaces", edits: [TextEdit(range: offset..<(offset + 1), replacement: "  ")])
                return YAMLSyntaxError(
                    code: .yamlTabIndentation,
                    message: "tab used for indentation; YAML indentation must be spaces",
                    offset: offset, line: line, fix: fix)
            }
            return YAMLSyntaxError(code: .yamlSyntax, message: "a tab cannot start a value here; use spaces", offset: offset, line: line)
        }
        if problem.contains("mapping values are not allowed") {
            return colonError(offset: offset, line: line)
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) { message = "\(context): \(problem)" }
        return YAMLSyntaxError(code: .yamlSyntax, message: "invalid YAML: \(message)", offset: offset, line: line)
    }

    /// `key: a: b`: a plain value holding `: `. The fix quotes the value.
    private func colonError(offset: Int, line: Int) -> YAMLSyntaxError {
        var lineStart = Swift.min(offset, bytes.count)
        while lineStart > 0 && bytes[lineStart - 1] != Byte.newline { lineStart -= 1 }
        let lineSpan = bytes.line(startingAt: lineStart)
        var colon = lineSpan.start
        while colon < lineSpan.contentEnd && !(bytes[colon] == Byte.colon && (colon + 1 == lineSpan.contentEnd || Byte.isSpaceOrTab(bytes[colon + 1]))) {
            colon += 1
        }
        var fix: DiagnosticFix?
        if colon < lineSpan.contentEnd {
            var valueStart = colon + 1
            while valueStart < lineSpan.contentEnd && Byte.isSpaceOrTab(bytes[valueStart]) { valueStart += 1 }
            let valueRange = bytes.trimmed(LineSpan(start: valueStart, contentEnd: lineSpan.contentEnd, end: lineSpan.contentEnd))
            if !valueRange.isEmpty {
                let value = bytes.string(valueRange)
                let quoted = YAMLScalarWriter.doubleQuoted(value)
                fix = DiagnosticFix(title: "Quote the value: \(quoted)", edits: [TextEdit(range: valueRange, replacement: quoted)])
            }
        }
        return YAMLSyntaxError(
            code: .yamlColonInPlainValue,
            message: "the value contains `: `, which YAML reads as a new key; quote the value",
            offset: offset, line: line, fix: fix)
    }
}
