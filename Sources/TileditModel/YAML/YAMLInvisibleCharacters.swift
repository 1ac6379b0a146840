/// Finds characters in YAML text that do not show, or look like a space but
/// are not one to YAML (which knows only U+0020 and the tab): U+00A0
/// NO-BREAK SPACE in an indentation, U+200B ZERO WIDTH SPACE in a key, bidi
/// controls, a byte order mark inside the text, the line breaks U+0085,
/// U+2028 and U+2029. Each is reported on its own line and column, named
/// by its code point and Unicode name.
///
/// Where it sits decides how serious it is: in a key, an indentation,
/// between tokens or at either end of a plain value it changes what the
/// text means (a warning, with a fix); inside a value it may be meant (a
/// warning for characters that never show, a note for spaces and
/// direction marks); in a comment it does not matter. When libyaml stops
/// on a line holding one, the error says so in place of libyaml's message.
///
/// One pass over the bytes (ASCII skipped eight bytes at a time) and, per
/// line holding such a character, one pass over that line: linear.
struct YAMLInvisibleCharacters {
    /// One character found, or a run of the same character: its first
    /// byte, its length in bytes (the run's), how many there are.
    struct Found {
        var offset: Int
        var length: Int
        var scalar: Unicode.Scalar
        var count = 1

        var range: Range<Int> { offset..<(offset + length) }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Scalars of the tree that touch a line holding a character found,
    /// ordered by their start (no other scalar is ever asked about).
    private(set) var places: [YAMLChecks.ScalarPlace] = []
    let lines: LineIndex
    /// The lines holding a character found (from the line break before
    /// it to the one after it), ascending and apart: where scalars matter.
    private var linesWithFound: [Range<Int>] = []
    /// Every character found, in text order.
    private(set) var found: [Found] = []
    /// The one reported as the cause of the error, if any.
    private var reportedByError: Int?
    /// Per line slot: where its indentation ends and its comment starts.
    private var lineFacts: [Int: (indentEnd: Int, commentStart: Int?)] = [:]
    /// Steps taken, for `ParseWorkCounter`.
    private(set) var work = 0

    /// - Parameters:
    ///   - bytes: the text.
    ///   - places: the scalars of its tree (none when it could not be read).
    init(bytes: UnsafeBufferPointer<UInt8>, places: [YAMLChecks.ScalarPlace]) {
        self.init(bytes: bytes, lines: LineIndex(bytes))
        setPlaces(places)
    }

    /// The characters of `bytes`, found before the tree is walked, so the
    /// walk keeps only the scalars that matter (`needsPlace`) and a large
    /// file's checks hold no table of every scalar. Give them with `setPlaces`.
    ///
    /// - Parameters:
    ///   - bytes: the text.
    ///   - lines: its line starts (shared with the caller's messages).
    init(bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex) {
        self.bytes = bytes
        self.lines = lines
        found = Self.scan(bytes, work: &work)
        for character in found {
            var start = character.offset
            while start > 0 && bytes[start - 1] != Byte.newline && bytes[start - 1] != Byte.carriageReturn { start -= 1 }
            let end = lineEnd(of: character.offset)
            if let last = linesWithFound.last, last.upperBound >= start {
                linesWithFound[linesWithFound.count - 1] = last.lowerBound..<Swift.max(last.upperBound, end)
            } else {
                linesWithFound.append(start..<end)
            }
        }
    }

    /// Whether a scalar at `range` is one the diagnostics may ask about: it
    /// shares a line with a character found.
    func needsPlace(_ range: Range<Int>) -> Bool {
        guard !linesWithFound.isEmpty, !range.isEmpty else { return false }
        let index = linesWithFound.partitioningIndex { $0.upperBound >= range.lowerBound }
        return index < linesWithFound.count && linesWithFound[index].lowerBound <= range.upperBound
    }

    /// Sets the scalars of the tree (all of them, or at least those
    /// `needsPlace` accepts; none when it could not be read).
    mutating func setPlaces(_ newPlaces: [YAMLChecks.ScalarPlace]) {
        places = newPlaces
        if !places.indices.dropFirst().allSatisfy({ places[$0 - 1].range.lowerBound <= places[$0].range.lowerBound }) {
            places.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
    }

    // MARK: Characters

    /// Whether `scalar` is one this check reports.
    static func isSuspicious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x85, 0xA0, 0xAD, 0x1680, 0x180E, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x2064, 0x2066...0x2069, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// `U+00A0`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }

    /// `U+00A0 NO-BREAK SPACE`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let name = scalar.properties.name ?? scalar.properties.nameAlias ?? (scalar.value == 0x85 ? "NEXT LINE (NEL)" : nil)
        return codePoint(scalar) + (name.map { " " + $0 } ?? "")
    }

    /// What the character is to a reader.
    enum Kind {
        /// Looks like a space (U+00A0, U+2003, …): replace it with one.
        case space
        /// A line break to YAML 1.1 readers (U+0085, U+2028, U+2029).
        case lineBreak
        /// Never shows (U+200B, U+2060, U+FEFF, U+00AD, …): remove it.
        case invisible
        /// Shapes text (joiners, direction marks): often meant inside text.
        case shaping
    }

    static func kind(_ scalar: Unicode.Scalar) -> Kind {
        switch scalar.value {
        case 0x85, 0x2028, 0x2029: .lineBreak
        case 0x200C, 0x200D, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: .shaping
        default: scalar.properties.generalCategory == .spaceSeparator ? .space : .invisible
        }
    }

    /// The characters of `bytes`, skipping ASCII eight bytes at a time.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, work: inout Int) -> [Found] {
        var result: [Found] = []
        var position = 0
        guard let base = bytes.baseAddress else { return [] }
        let raw = UnsafeRawPointer(base)
        while position < bytes.count {
            while position + 8 <= bytes.count && raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                position += 8
            }
            work += 1
            guard position < bytes.count else { break }
            let lead = bytes[position]
            guard lead >= 0xC2 else {
                position += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard position + length <= bytes.count else { break }
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for index in 1..<length { value = value << 6 | UInt32(bytes[position + index] & 0x3F) }
            // A byte order mark at the very start is the file's, not text.
            if let scalar = Unicode.Scalar(value), isSuspicious(scalar), !(position == 0 && value == 0xFEFF) {
                if let last = result.last, last.scalar == scalar, last.offset + last.length == position {
                    result[result.count - 1].length += length
                    result[result.count - 1].count += 1
                } else {
                    result.append(Found(offset: position, length: length, scalar: scalar))
                }
            }
            position += length
        }
        return result
    }

    // MARK: Diagnostics

    /// The diagnostic for libyaml's `error`: in Tiledit's words, at the
    /// character, when one of these characters sits on the line libyaml
    /// stopped on (or between the line of its context and there); libyaml's
    /// own otherwise.
    mutating func errorDiagnostic(for error: YAMLSyntaxError) -> BlockDiagnostic {
        let offset = Swift.min(error.offset, bytes.count)
        let from = lineStart(of: Swift.min(error.contextOffset ?? offset, offset))
        let to = lineEnd(of: offset)
        if let cause = found.first(where: { $0.offset >= from && $0.offset < to }) {
            reportedByError = cause.offset
            let what: String
            switch Self.kind(cause.scalar) {
            case .space: what = "looks like a space but is not one to YAML"
            case .lineBreak: what = "is a line break to YAML 1.1 readers"
            case .invisible, .shaping: what = "does not show, and YAML reads it as text"
            }
            return BlockDiagnostic(
                .error, .yamlInvisibleCharacter,
                "\(Self.name(cause.scalar)) \(what), so this YAML cannot be read here; \(remedy(cause.scalar))",
                range: cause.range, fix: fix(cause))
        }
        // An error at the end of the text (a quote or bracket never closed)
        // is placed where libyaml's context opened: the end says nothing.
        var at = offset
        if let context = error.contextOffset, context < offset, bytes[offset...].allSatisfy(Byte.isWhitespace) { at = context }
        let range = at..<Swift.min(at + 1, bytes.count)
        return BlockDiagnostic(.error, error.code, error.message, range: range, fix: error.fix)
    }

    /// The diagnostics of the characters before `limit`.
    mutating func diagnostics(before limit: Int) -> [BlockDiagnostic] {
        var result: [BlockDiagnostic] = []
        for character in found where character.offset < limit && character.offset != reportedByError {
            if let diagnostic = diagnostic(for: character) { result.append(diagnostic) }
        }
        return result
    }

    private mutating func diagnostic(for character: Found) -> BlockDiagnostic? {
        let range = character.range
        let name = Self.name(character.scalar) + (character.count > 1 ? " (\(character.count) in a row)" : "")
        let kind = Self.kind(character.scalar)
        let facts = self.facts(forLineOf: character.offset)
        if let commentStart = facts.commentStart, character.offset > commentStart { return nil }
        // A joiner inside an emoji sequence (👩‍👩‍👧) is part of what shows.
        if character.scalar.value == 0x200D && character.count == 1 && joinsCluster(at: character.offset) { return nil }
        let place = place(containing: character.offset)
        // Inside quotes a space-like character is text, not indentation or a separator.
        if kind == .space, let place, place.isQuoted { return nil }
        if character.offset < facts.indentEnd {
            return BlockDiagnostic(
                .warning, .yamlInvisibleCharacter,
                "this line is indented with \(name), which YAML does not read as indentation, so the line does not nest as it looks; \(remedy(character.scalar))",
                range: range, fix: fix(character))
        }
        if let place {
            let text = YAMLChecks.shown(bytes.string(place.range))
            if place.isKey {
                return BlockDiagnostic(
                    .warning, .yamlInvisibleCharacter,
                    "the key `\(text)` holds \(name), which \(shows(kind)); YAML readers see it as part of the key; \(remedy(character.scalar))",
                    range: range, fix: fix(character))
            }
            let subject = place.keyName.map { "the value of `\(YAMLChecks.shown($0))`" } ?? "this value"
            let atEdge = place.isPlain && (character.offset == place.range.lowerBound || range.upperBound == place.range.upperBound)
            if atEdge {
                let edge = character.offset == place.range.lowerBound ? "starts" : "ends"
                return BlockDiagnostic(
                    .warning, .yamlInvisibleCharacter,
                    "\(subject) \(edge) with \(name), which \(shows(kind)); YAML keeps it in the value; \(remedy(character.scalar))",
                    range: range, fix: fix(character))
            }
            let serious = kind == .invisible || kind == .lineBreak
            return BlockDiagnostic(
                serious ? .warning : .info, .yamlInvisibleCharacter,
                "\(subject) holds \(name), which \(shows(kind))" + (serious ? "; remove it unless it is meant" : ""),
                range: range, fix: serious ? fix(character) : nil)
        }
        return BlockDiagnostic(.warning, .yamlInvisibleCharacter, outside(name, kind) + "; " + remedy(character.scalar), range: range, fix: fix(character))
    }

    /// The sentence for a character outside keys, values and comments (between tokens).
    private func outside(_ name: String, _ kind: Kind) -> String {
        switch kind {
        case .space: "\(name) looks like a space but is not one to YAML, so it does not separate what is around it"
        case .lineBreak: "\(name) is a line break to YAML 1.1 readers and text to YAML 1.2 readers"
        case .invisible: "\(name) does not show, and YAML reads it as text here"
        case .shaping: "\(name) does not show (it changes how the text around it is shaped or ordered), and YAML reads it as text here"
        }
    }

    private func shows(_ kind: Kind) -> String {
        switch kind {
        case .space: "looks like a space but is not one to YAML"
        case .lineBreak: "YAML 1.1 readers take for a line break"
        case .invisible: "does not show"
        case .shaping: "does not show (it changes how the text around it is shaped or ordered)"
        }
    }

    private func remedy(_ scalar: Unicode.Scalar) -> String {
        switch Self.kind(scalar) {
        case .space: "replace it with a space"
        case .lineBreak: "replace it with a line break or remove it"
        case .invisible, .shaping: "remove it"
        }
    }

    private func fix(_ character: Found) -> DiagnosticFix? {
        let plural = character.count > 1
        switch Self.kind(character.scalar) {
        case .space:
            return DiagnosticFix(
                title: plural ? "Replace each \(Self.name(character.scalar)) with a space" : "Replace \(Self.name(character.scalar)) with a space",
                edits: [TextEdit(range: character.range, replacement: String(repeating: " ", count: character.count))])
        case .lineBreak:
            return nil
        case .invisible, .shaping:
            return DiagnosticFix(
                title: plural ? "Remove the \(character.count) \(Self.name(character.scalar)) characters" : "Remove \(Self.name(character.scalar))",
                edits: [TextEdit(range: character.range, replacement: [])])
        }
    }

    // MARK: Places

    private func place(containing offset: Int) -> YAMLChecks.ScalarPlace? {
        var low = 0
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            if places[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        // Scalars do not overlap; the last one starting at or before offset may hold it.
        guard low > 0 else { return nil }
        let candidate = places[low - 1]
        return candidate.range.contains(offset) ? candidate : nil
    }

    /// Where the indentation of `offset`'s line ends (spaces, tabs and these
    /// characters) and where its comment starts, computed once per line.
    private mutating func facts(forLineOf offset: Int) -> (indentEnd: Int, commentStart: Int?) {
        let slot = lines.lineSlot(of: offset)
        if let known = lineFacts[slot] { return known }
        let start = lines.lineStarts[slot]
        let end = lineEnd(of: start)
        var indentEnd = start
        var foundIndex = found.partitioningIndex { $0.offset >= start }
        while indentEnd < end {
            if Byte.isSpaceOrTab(bytes[indentEnd]) {
                indentEnd += 1
            } else if foundIndex < found.count && found[foundIndex].offset == indentEnd {
                indentEnd += found[foundIndex].length
                foundIndex += 1
            } else {
                break
            }
        }
        var commentStart: Int?
        var index = start
        while index < end {
            work += 1
            if bytes[index] == Byte.hash && (index == start || Byte.isWhitespace(bytes[index - 1])), place(containing: index) == nil {
                commentStart = index
                break
            }
            index += 1
        }
        let facts = (indentEnd, commentStart)
        lineFacts[slot] = facts
        return facts
    }

    private func lineStart(of offset: Int) -> Int {
        lines.lineStarts[lines.lineSlot(of: offset)]
    }

    private func lineEnd(of offset: Int) -> Int {
        var index = offset
        while index < bytes.count && bytes[index] != Byte.newline && bytes[index] != Byte.carriageReturn { index += 1 }
        return index
    }
}

extension Array {
    /// The first index whose element satisfies `belongsToSecondPart`, for an
    /// array partitioned by it (binary search).
    func partitioningIndex(where belongsToSecondPart: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsToSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
