/// The diagnostics of a YAML text that libyaml reads without complaint but
/// a writer would want to know about, and libyaml's own error in Tiledit's
/// words where the cause is known:
///
/// - keys written twice in a mapping (an error: readers keep only one, so
///   edits of the key are refused), and keys that look the same but differ
///   in their bytes (Unicode normalization);
/// - plain values cut short by ` #` (the rest of the line is a comment);
/// - aliases with no anchor of their name before them in their document
///   (an error: YAML 1.2 §7.1, an alias refers to the most recent
///   preceding anchor; readers that build values refuse the file);
/// - invisible and non-ASCII space characters (`YAMLInvisibleCharacters`);
/// - values YAML 1.1 and 1.2 readers disagree about (`YAMLHints`).
///
/// Ranges are bytes of the checked text; line numbers in messages are
/// `BlockDiagnostic.line` placeholders counted from `lineBase` (the line
/// offset of the text's first line in its block). Every check is one walk
/// of the tree or one pass over the bytes: linear in the input.
enum YAMLChecks {
    /// A scalar of the tree and what it is to the checks.
    struct ScalarPlace {
        var range: Range<Int>
        var isKey: Bool
        var isPlain: Bool
        /// The key of a value (a mapping's), `nil` for keys and items.
        var keyName: String?
        /// Whether the scalar is single- or double-quoted.
        var isQuoted = false
    }

    /// What a diagnostic is to the order of a file's diagnostics: those
    /// starting at the same byte are listed hints first, then a document's
    /// top-level keys, the keys and values below them, characters, and the
    /// error that stopped reading (the order `diagnostics` gives them).
    enum Rank: UInt8, Sendable, Hashable, Comparable {
        case hint
        case rootKey
        case nested
        case invisible
        case error

        static func < (left: Rank, right: Rank) -> Bool { left.rawValue < right.rawValue }
    }

    /// Every diagnostic for a parsed YAML text.
    ///
    /// - Parameters:
    ///   - documents: the documents read (ranges in `bytes`).
    ///   - error: the error that stopped reading, if any.
    ///   - bytes: the text.
    ///   - lineBase: line offset (for `BlockDiagnostic.line`) of the text's first line.
    ///   - duplicateCode: the code for keys written twice.
    /// - Returns: every diagnostic (the error's included), and the error's
    ///   own diagnostic when reading stopped.
    static func diagnostics(
        documents: [YAMLDocumentNode], error: YAMLSyntaxError?, bytes: UnsafeBufferPointer<UInt8>, lineBase: Int,
        duplicateCode: DiagnosticCode = .yamlDuplicateKey, readPast: [TextEdit] = []
    ) -> (all: [BlockDiagnostic], error: BlockDiagnostic?) {
        let result = ranked(documents: documents, error: error, bytes: bytes, lineBase: lineBase, duplicateCode: duplicateCode, readPast: readPast)
        return (result.all.map(\.diagnostic), result.error)
    }

    /// `diagnostics(documents:error:bytes:lineBase:duplicateCode:)`, each
    /// with its rank, in the same order, and how many aliases of each name
    /// the tree holds (seen on the same walk). `lines`, when given, are the
    /// line starts of `bytes` (a caller that keeps them saves a second table).
    static func ranked(
        documents: [YAMLDocumentNode], error: YAMLSyntaxError?, bytes: UnsafeBufferPointer<UInt8>, lineBase: Int,
        duplicateCode: DiagnosticCode = .yamlDuplicateKey, readPast: [TextEdit] = [], lines givenLines: LineIndex? = nil
    ) -> (all: [(diagnostic: BlockDiagnostic, rank: Rank)], error: BlockDiagnostic?, aliases: [String: Int]) {
        let lines = givenLines ?? LineIndex(bytes)
        func line(_ offset: Int) -> String { BlockDiagnostic.line(lineBase + lines.lineSlot(of: offset)) }
        var found: [(diagnostic: BlockDiagnostic, rank: Rank)] = []
        // The characters first: the walk then keeps only the scalars they need.
        var invisible = YAMLInvisibleCharacters(bytes: bytes, lines: lines)
        var places: [ScalarPlace] = []
        var aliases: [String: Int] = [:]
        var work = 0
        for document in documents {
            guard let root = document.root else { continue }
            found += YAMLHints.diagnostics(for: root).map { ($0, .hint) }
            walk(root, bytes: bytes, line: line, duplicateCode: duplicateCode, keepsPlace: invisible.needsPlace,
                 places: &places, found: &found, aliases: &aliases, work: &work)
        }
        found += readPast.map { (libyamlStops($0, bytes: bytes), .nested) }
        invisible.setPlaces(places)
        var errorDiagnostic: BlockDiagnostic?
        if let error {
            errorDiagnostic = invisible.errorDiagnostic(for: error)
            found += invisible.diagnostics(before: error.offset).map { ($0, .invisible) }
        } else {
            found += invisible.diagnostics(before: bytes.count).map { ($0, .invisible) }
        }
        work += invisible.work
        ParseWorkCounter.current?.add(work)
        found += errorDiagnostic.map { [($0, .error)] } ?? []
        // In text order (stable), as a block's diagnostics are shown; the
        // positions are sorted, not copies of the diagnostics.
        let order = found.indices.sorted {
            (found[$0].diagnostic.range.lowerBound, $0) < (found[$1].diagnostic.range.lowerBound, $1)
        }
        let ordered = order.map { found[$0] }
        return (ordered, errorDiagnostic, aliases)
    }

    /// The diagnostics of one mapping's keys: keys written twice (errors),
    /// then keys that look the same but differ in their bytes (warnings).
    static func keyDiagnostics(_ pairs: [YAMLPair], line: (Int) -> String, duplicateCode: DiagnosticCode) -> [BlockDiagnostic] {
        var found: [BlockDiagnostic] = []
        for (first, again) in YAMLKey.duplicates(in: pairs) {
            let key = pairs[again].key
            let value = key.scalar?.value ?? ""
            let label = value.isEmpty ? "the empty key" : "key `\(Self.shown(value))`"
            let firstValue = pairs[first].key.scalar?.value ?? ""
            // The same value spelled two ways (`0x1` and `1`): byte-exact edits can tell them apart.
            let message = firstValue.hasSameBytes(as: value)
                ? "\(label) is written twice in this mapping, on line \(line(pairs[first].key.range.lowerBound)) and line \(line(key.range.lowerBound)); YAML readers keep only one of them, so Tiledit does not edit it until one is removed"
                : "\(label) on line \(line(key.range.lowerBound)) is the same key as `\(Self.shown(firstValue))` on line \(line(pairs[first].key.range.lowerBound)) (YAML reads both as one value); YAML readers keep only one of them, so remove or rename one"
            found.append(BlockDiagnostic(.error, duplicateCode, message, range: key.range))
        }
        return found + lookalikeKeys(pairs, line: line)
    }

    /// One iterative walk: duplicate and look-alike keys of every mapping,
    /// cut-short plain values, and the places of the scalars `keepsPlace`
    /// accepts, in text order.
    private static func walk(
        _ root: YAMLNode, bytes: UnsafeBufferPointer<UInt8>, line: (Int) -> String, duplicateCode: DiagnosticCode,
        keepsPlace: (Range<Int>) -> Bool, places: inout [ScalarPlace], found: inout [(diagnostic: BlockDiagnostic, rank: Rank)], aliases: inout [String: Int], work: inout Int
    ) {
        struct Frame {
            var node: YAMLNode
            var isKey: Bool
            var keyName: String?
            var inFlow: Bool
            var keyEnd: Int?
            var isRoot = false
        }
        var stack = [Frame(node: root, isKey: false, keyName: nil, inFlow: false, keyEnd: nil, isRoot: true)]
        // Anchors seen so far in this document; the walk is in text order and
        // a node's anchor comes before its children.
        var anchors: Set<String> = []
        while let frame = stack.popLast() {
            work += 1
            let node = frame.node
            if let anchor = node.anchor { anchors.insert(anchor) }
            if node.tag != nil, let diagnostic = tagMismatch(node, keyName: frame.keyName) { found.append((diagnostic, .nested)) }
            switch node.content {
            case .scalar(let scalar):
                if keepsPlace(scalar.range) {
                    places.append(ScalarPlace(
                        range: scalar.range, isKey: frame.isKey, isPlain: scalar.style == .plain, keyName: frame.keyName,
                        isQuoted: scalar.style == .singleQuoted || scalar.style == .doubleQuoted))
                }
                if !frame.isKey && !frame.inFlow && scalar.style == .plain,
                   let diagnostic = cutShort(scalar, anchored: node.anchor != nil || node.tag != nil, keyEnd: frame.keyEnd,
                                             keyName: frame.keyName, bytes: bytes) {
                    found.append((diagnostic, .nested))
                }
            case .mapping(let pairs):
                let inFlow = frame.inFlow || node.collectionStyle == .flow
                work += pairs.count
                let rank: Rank = frame.isRoot ? .rootKey : .nested
                found += keyDiagnostics(pairs, line: line, duplicateCode: duplicateCode).map { ($0, rank) }
                for pair in pairs.reversed() {
                    let name = pair.key.scalar?.value
                    stack.append(Frame(node: pair.value, isKey: false, keyName: name, inFlow: inFlow, keyEnd: pair.key.range.upperBound))
                    stack.append(Frame(node: pair.key, isKey: true, keyName: nil, inFlow: inFlow, keyEnd: nil))
                }
            case .sequence(let items):
                let inFlow = frame.inFlow || node.collectionStyle == .flow
                work += items.count
                for item in items.reversed() { stack.append(Frame(node: item, isKey: false, keyName: nil, inFlow: inFlow, keyEnd: nil)) }
            case .alias(let name):
                aliases[name, default: 0] += 1
                if !anchors.contains(name) { found.append((undefinedAlias(name, range: node.range), .nested)) }
            }
        }
    }

    /// Valid YAML libyaml 0.2.5 stops at (`YAMLParseResult.readPast`): a
    /// warning, as tools built on libyaml refuse the file, with the edit
    /// that lets them read it.
    private static func libyamlStops(_ edit: TextEdit, bytes: UnsafeBufferPointer<UInt8>) -> BlockDiagnostic {
        let tools = "libyaml 0.2.5 and the tools built on it (PyYAML's C loader, Ruby's Psych and so Jekyll) stop here"
        if edit.range.isEmpty {
            let header = edit.range.lowerBound > 0 && edit.range.lowerBound <= bytes.count ? String(UnicodeScalar(bytes[edit.range.lowerBound - 1])) : "|"
            let indicator = header + String(decoding: edit.replacement, as: UTF8.self)
            return BlockDiagnostic(
                .warning, .yamlLibyamlStops,
                "this block scalar's first line has a tab after its indentation, which YAML reads as content, but \(tools); write the indentation indicator `\(indicator)`",
                range: (edit.range.lowerBound - 1)..<edit.range.lowerBound,
                fix: DiagnosticFix(title: "Write the indentation indicator `\(indicator)`", edits: [edit]))
        }
        return BlockDiagnostic(
            .warning, .yamlLibyamlStops, "a tab before a comment at the start of a line is valid YAML, but \(tools); use a space",
            range: edit.range, fix: DiagnosticFix(title: "Replace the tab with a space", edits: [edit]))
    }

    /// An alias with no anchor of its name before it in its document.
    private static func undefinedAlias(_ name: String, range: Range<Int>) -> BlockDiagnostic {
        BlockDiagnostic(
            .error, .yamlUndefinedAlias,
            "`*\(shown(name))` refers to no anchor before it; an alias must come after an anchor `&\(shown(name))` in the same document",
            range: range)
    }

    /// Keys of one mapping that Swift's `String` (canonical equivalence)
    /// calls equal but whose bytes differ: two keys to every YAML reader
    /// that look like one.
    private static func lookalikeKeys(_ pairs: [YAMLPair], line: (Int) -> String) -> [BlockDiagnostic] {
        var firstByText: [String: Int] = [:]
        var found: [BlockDiagnostic] = []
        for index in pairs.indices {
            // Every key, ASCII ones too: `K` and U+212A KELVIN SIGN are equivalent.
            guard let value = pairs[index].key.scalar?.value else { continue }
            if let first = firstByText[value], let earlier = pairs[first].key.scalar?.value, !earlier.hasSameBytes(as: value) {
                let key = pairs[index].key
                found.append(BlockDiagnostic(
                    .warning, .yamlLookalikeKeys,
                    "keys `\(shown(earlier))` on line \(line(pairs[first].key.range.lowerBound)) and `\(shown(value))` on line \(line(key.range.lowerBound)) look the same but are written with different characters (\(codePoints(earlier)) and \(codePoints(value))); YAML readers read two keys",
                    range: key.range))
            } else if firstByText[value] == nil {
                firstByText[value] = index
            }
        }
        return found
    }

    /// A plain value whose line goes on after it with a comment that reads
    /// like text rather than a remark: one word with no space after `#`
    /// (`#fff`, `#hashtag`), or a number (`#42`, `#1 fan`). Most likely the
    /// value was cut short, as in `title: Issue #42` or `color: #fff`;
    /// comments written as remarks (`# note`, `#optional (see below)`)
    /// are not flagged.
    private static func cutShort(
        _ scalar: YAMLScalar, anchored: Bool, keyEnd: Int?, keyName: String?, bytes: UnsafeBufferPointer<UInt8>
    ) -> BlockDiagnostic? {
        var start: Int
        if scalar.value.isEmpty {
            // `key: #fff`: the comment follows the key's `:`.
            guard let keyEnd, !anchored else { return nil }
            start = keyEnd
            while start < bytes.count && Byte.isSpaceOrTab(bytes[start]) { start += 1 }
            guard start < bytes.count, bytes[start] == Byte.colon else { return nil }
            start += 1
        } else {
            start = scalar.range.upperBound
        }
        var hash = start
        while hash < bytes.count && Byte.isSpaceOrTab(bytes[hash]) { hash += 1 }
        guard hash > start, hash + 1 < bytes.count, bytes[hash] == Byte.hash else { return nil }
        let next = bytes[hash + 1]
        guard !Byte.isWhitespace(next) && next != Byte.hash else { return nil }
        let line = bytes.line(startingAt: lineStart(of: hash, in: bytes))
        var end = line.contentEnd
        while end > hash && Byte.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        let isNumber = next >= 0x30 && next <= 0x39
        guard isNumber || !bytes[(hash + 1)..<end].contains(where: Byte.isSpaceOrTab) else { return nil }
        let comment = bytes.string(hash..<end)
        let valueStart = scalar.value.isEmpty ? hash : scalar.range.lowerBound
        let whole = bytes.string(valueStart..<end)
        let quoted = YAMLScalarWriter.doubleQuoted(whole)
        let subject = keyName.map { "the value of `\(shown($0))`" } ?? "this value"
        let reading = scalar.value.isEmpty ? "\(subject) is empty" : "\(subject) ends at `\(shown(scalar.value))`"
        return BlockDiagnostic(
            .warning, .yamlTruncatedValue,
            "`\(shown(comment))` starts a comment (a space then `#` ends a plain value), so \(reading); quote the value if `\(shown(comment))` belongs to it",
            range: hash..<end,
            fix: DiagnosticFix(title: "Quote the value: \(shown(quoted))", edits: [TextEdit(range: valueStart..<end, replacement: quoted)]))
    }

    private static func lineStart(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = offset
        while index > 0 && bytes[index - 1] != Byte.newline { index -= 1 }
        return index
    }

    /// `text` for a message: invisible and non-ASCII space characters and
    /// control characters shown as `<U+XXXX>`, so the message shows them.
    static func shown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if YAMLInvisibleCharacters.isSuspicious(scalar) || scalar.value < 0x20 || scalar.value == 0x7F {
                result += "<\(YAMLInvisibleCharacters.codePoint(scalar))>"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `U+0065 U+0301`: the code points of `text` (at most 8, then `…`).
    private static func codePoints(_ text: String) -> String {
        let points = text.unicodeScalars.prefix(8).map(YAMLInvisibleCharacters.codePoint)
        return points.joined(separator: " ") + (text.unicodeScalars.count > 8 ? " …" : "")
    }
}
