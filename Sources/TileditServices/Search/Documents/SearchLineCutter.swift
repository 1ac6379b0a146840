import Foundation
import TileditModel

/// Cuts a document into the lines search tokenizes, line by line, without
/// parsing it into blocks (a result's block is found when it is opened).
///
/// - Markdown: front matter values (keys are not words of the document),
///   the title field's line in the title zone, the others in the front
///   matter zone; tile property values (the `:::tile` line itself is not
///   text; its type is what `type:` filters on); every other line as it is:
///   prose, headings, lists, tables, code. The first heading is the title
///   when there is no title field, found as CommonMark reads headings
///   (ATX `#` lines and setext underlines of a top-level paragraph, not in
///   code, HTML, lists or quotes).
/// - YAML files and `tiledown.yml`: every line as it is, one passage each;
///   the top-level `title` line's value in the title zone.
///
/// Tiles and fences are found as `MarkdownDocument` finds them: a `:::`
/// line inside a fenced code block is code, a fence inside HTML is HTML
/// text, a tile that is never closed is prose.
struct SearchLineCutter {
    /// Cuts `bytes` and calls `emit` with each line to tokenize, in order
    /// (the title from the file name, when there is one, last, as line 0),
    /// until `emit` answers false: then the cut stops, and the outline
    /// holds what was found so far.
    ///
    /// - Parameters:
    ///   - kind: Markdown, YAML or the site config.
    ///   - dialect: how front matter is read.
    ///   - readsTags: whether the outline's tags are read.
    ///   - fallbackTitle: the title when there is no title field or heading
    ///     (asked only then).
    static func cut(
        _ bytes: UnsafeBufferPointer<UInt8>, kind: DocumentKind, dialect: FrontMatterDialect, readsTags: Bool = true,
        fallbackTitle: () -> String, _ emit: (SearchLine) -> Bool
    ) -> SearchOutline {
        withoutActuallyEscaping(emit) { emit in
            let control = Control()
            var cutter = SearchLineCutter(bytes: bytes, control: control, readsTags: readsTags)
            let forward: (SearchLine) -> Void = { line in
                if !control.isStopped && !emit(line) { control.isStopped = true }
            }
            switch kind {
            case .markdown: cutter.cutMarkdown(dialect: dialect, forward)
            case .yaml, .siteConfig: cutter.cutYAML(isSiteConfig: kind == .siteConfig, forward)
            }
            if cutter.outline.isTitleFromFileName && !control.isStopped {
                var title = fallbackTitle()
                cutter.outline.title = title
                forward(SearchLine(number: 0, zone: .title, range: 0..<title.withUTF8 { $0.count }, startsPassage: true))
            }
            return cutter.outline
        }
    }

    /// Whether the caller asked the cut to stop.
    private final class Control {
        var isStopped = false
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let control: Control
    private let readsTags: Bool
    private var outline: SearchOutline

    private init(bytes: UnsafeBufferPointer<UInt8>, control: Control, readsTags: Bool) {
        self.bytes = bytes
        self.control = control
        self.readsTags = readsTags
        outline = SearchOutline(title: "", titleLine: 1, isTitleFromFileName: true)
    }

    // MARK: Markdown

    /// Where a line of Markdown is.
    private enum Region {
        case prose
        /// A fenced code block: its fence character and length.
        case fence(character: UInt8, length: Int)
        /// A tile's body: whether it is the mermaid shorthand (its lines are
        /// the diagram), whether a `key: |` literal is being read.
        case tile(isDiagram: Bool, inLiteral: Bool)
    }

    /// HTML that a fence line cannot open in (CommonMark HTML blocks).
    private enum HTMLState: Equatable {
        case none
        /// Until a line holding this marker (`-->`, `</script>`, …).
        case untilMarker([UInt8])
        case untilBlankLine
    }

    private mutating func cutMarkdown(dialect: FrontMatterDialect, _ emit: (SearchLine) -> Void) {
        var position = 0
        var number = 1
        if let (frontMatter, start, end) = FrontMatter.leading(in: bytes, dialect: dialect) {
            cutFrontMatter(frontMatter, start: start, end: end, emit)
            while position < end {
                let line = self.line(at: position)
                position = line.end
                number += 1
            }
        } else if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3
        }
        var headings = HeadingFinder(wantsTitle: outline.isTitleFromFileName)
        var region = Region.prose
        var html = HTMLState.none
        var startsPassage = true
        while position < bytes.count && !control.isStopped {
            let line = self.line(at: position)
            defer {
                position = line.end
                number += 1
            }
            let trimmed = trimmed(line)
            switch region {
            case .fence(let character, let length):
                if isFenceClosing(trimmed, character: character, length: length) {
                    region = .prose
                    emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: false))
                    startsPassage = true
                } else if trimmed.isEmpty {
                    startsPassage = true
                } else {
                    emit(SearchLine(number: number, zone: .body, range: line.start..<line.contentEnd, startsPassage: startsPassage))
                    startsPassage = false
                }
                continue
            case .tile(let isDiagram, let inLiteral):
                let indented = !trimmed.isEmpty && isSpaceOrTab(bytes[line.start])
                if matches(trimmed, ":::") && !(inLiteral && indented) {
                    region = .prose
                    startsPassage = true
                    continue
                }
                if trimmed.isEmpty {
                    startsPassage = true
                    continue
                }
                if isDiagram || (inLiteral && indented) {
                    emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: startsPassage))
                    startsPassage = false
                    continue
                }
                region = .tile(isDiagram: false, inLiteral: false)
                if hasPrefix(trimmed, "-") {
                    // A list item of the property above.
                    emit(SearchLine(number: number, zone: .body, range: (trimmed.lowerBound + 1)..<trimmed.upperBound, startsPassage: startsPassage))
                    startsPassage = false
                } else if let colon = firstColon(in: trimmed) {
                    let value = trimmedRange((colon + 1)..<trimmed.upperBound)
                    if matches(value, "|") { region = .tile(isDiagram: false, inLiteral: true) }
                    emit(SearchLine(number: number, zone: .body, range: value, startsPassage: true))
                    startsPassage = false
                } else {
                    emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: true))
                    startsPassage = false
                }
                continue
            case .prose:
                break
            }

            if trimmed.isEmpty {
                if html == .untilBlankLine { html = .none }
                headings.endParagraph(self, emit)
                headings.blankLine()
                startsPassage = true
                continue
            }
            if bytes[trimmed.lowerBound] == UInt8(ascii: ":"), let opening = tileOpening(trimmed), closesTile(after: line, isDiagram: opening.isDiagram) {
                headings.endParagraph(self, emit)
                headings.interrupt()
                if let type = opening.type { outline.addTile(type, line: number) }
                region = .tile(isDiagram: opening.isDiagram, inLiteral: false)
                startsPassage = true
                continue
            }
            if html == .none, let fence = fenceOpening(line, trimmed: trimmed) {
                headings.endParagraph(self, emit)
                headings.interrupt()
                region = .fence(character: fence.character, length: fence.length)
                if let type = fencedTileType(info: (trimmed.lowerBound + fence.length)..<trimmed.upperBound) {
                    outline.addTile(type, line: number)
                }
                emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: true))
                startsPassage = false
                continue
            }
            let wasHTML = html != .none
            html = nextHTMLState(html, line: line, trimmed: trimmed)
            if wasHTML || html != .none {
                headings.endParagraph(self, emit)
                headings.interrupt()
                emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: startsPassage))
                startsPassage = false
                continue
            }
            headings.read(line: line, trimmed: trimmed, number: number, in: &self, startsPassage: &startsPassage, emit)
        }
        headings.endParagraph(self, emit)
    }

    /// The front matter's values: each field a passage of its own, the title
    /// field in the title zone.
    private mutating func cutFrontMatter(_ frontMatter: FrontMatter, start: Int, end: Int, _ emit: (SearchLine) -> Void) {
        let titleField = frontMatter.field("title").flatMap { $0.value.trimmingSpaces().isEmpty ? nil : $0 }
        if let titleField {
            outline.title = titleField.value.trimmingSpaces()
            outline.titleLine = 1 + titleField.lineOffset
            outline.isTitleFromFileName = false
        }
        if readsTags { outline.tags = frontMatter.field("tags").map(DocumentMetadata.tags(from:)) ?? [] }
        outline.isDraft = frontMatter["draft"].map(DocumentMetadata.isTrue) ?? false
        // Line starts of the block (line 0: the opening `---`).
        var starts: [Int] = []
        var position = start
        while position < end {
            starts.append(position)
            position = line(at: position).end
        }
        let fields = frontMatter.fields.sorted { $0.lineOffset < $1.lineOffset }
        for (index, field) in fields.enumerated() where !control.isStopped {
            let isTitle = titleField.map { $0.lineOffset == field.lineOffset } ?? false
            // Other fields named `title` are not values of the document.
            if field.key == "title" && !isTitle { continue }
            let first = field.lineOffset
            let last = index + 1 < fields.count ? fields[index + 1].lineOffset : starts.count - 1
            if field.key == "tags" && outline.tagsLine == nil { outline.tagsLine = 1 + first }
            if field.key == "draft" && outline.draftLine == nil { outline.draftLine = 1 + first }
            let zone: SearchZone = isTitle ? .title : .frontMatter
            var startsPassage = true
            for offset in first..<Swift.max(first, last) where offset > 0 && offset < starts.count {
                let line = self.line(at: starts[offset])
                var range = trimmed(line)
                if offset == first {
                    // The value after the key's colon.
                    let keyEnd = start + field.keySpan.upperBound
                    var colon = Swift.max(keyEnd, line.start)
                    while colon < line.contentEnd && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                    range = trimmedRange(Swift.min(colon + 1, line.contentEnd)..<line.contentEnd)
                } else if range.isEmpty || bytes[range.lowerBound] == UInt8(ascii: "#") {
                    continue
                }
                emit(SearchLine(number: 1 + offset, zone: zone, range: range, startsPassage: startsPassage))
                startsPassage = false
            }
        }
    }

    // MARK: YAML

    private mutating func cutYAML(isSiteConfig: Bool, _ emit: (SearchLine) -> Void) {
        var position = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var number = 1
        var titleLine: (number: Int, value: Range<Int>)?
        // The title line first: its value is read before the lines are emitted.
        var scan = position
        var scanNumber = 1
        while scan < bytes.count {
            let line = self.line(at: scan)
            if hasPrefix(line.start..<line.contentEnd, "title:") {
                let value = trimmedRange((line.start + 6)..<line.contentEnd)
                let title = isSiteConfig ? string(value) : yamlTitle(from: line)
                if let title, !title.isEmpty {
                    outline.title = title
                    outline.titleLine = scanNumber
                    outline.isTitleFromFileName = false
                    titleLine = (scanNumber, value)
                }
                break
            }
            scan = line.end
            scanNumber += 1
        }
        while position < bytes.count && !control.isStopped {
            let line = self.line(at: position)
            if let titleLine, titleLine.number == number {
                emit(SearchLine(number: number, zone: .title, range: titleLine.value, startsPassage: true))
            } else {
                let range = trimmed(line)
                if !range.isEmpty { emit(SearchLine(number: number, zone: .body, range: range, startsPassage: true)) }
            }
            position = line.end
            number += 1
        }
    }

    /// The value of a YAML file's top-level `title`, read with the YAML
    /// parser from its line and the indented lines after it (a block
    /// scalar), trimmed.
    private func yamlTitle(from titleLine: LineBounds) -> String? {
        var end = titleLine.end
        while end < bytes.count {
            let next = line(at: end)
            guard next.contentEnd == next.start || isSpaceOrTab(bytes[next.start]) else { break }
            end = next.end
        }
        let parsed = YAMLParser.parse(UnsafeBufferPointer(rebasing: bytes[titleLine.start..<end]))
        return parsed.documents.first?.root?["title"]?.scalar?.value.trimmingSpaces()
    }

    // MARK: Tiles, fences, HTML

    /// A line that opens a tile: its type (`nil` when missing) and whether
    /// it is the mermaid shorthand. `:::recent:::` opens nothing.
    private func tileOpening(_ trimmed: Range<Int>) -> (type: String?, isDiagram: Bool)? {
        guard hasPrefix(trimmed, ":::") else { return nil }
        if matches(trimmed, ":::tile") { return (nil, false) }
        if hasPrefix(trimmed, ":::tile ") || hasPrefix(trimmed, ":::tile\t") {
            let type = string(trimmedRange((trimmed.lowerBound + 7)..<trimmed.upperBound))
            return (type.isEmpty ? nil : type, false)
        }
        if matches(trimmed, ":::chart") { return ("chart", false) }
        if matches(trimmed, ":::mermaid") { return ("mermaid", true) }
        return nil
    }

    /// Whether the tile opened on `opening` is closed below (else its lines
    /// are prose): a line that trims to `:::`, not an indented line of a
    /// `key: |` literal.
    private func closesTile(after opening: LineBounds, isDiagram: Bool) -> Bool {
        var position = opening.end
        var inLiteral = false
        while position < bytes.count {
            let line = self.line(at: position)
            let trimmed = trimmed(line)
            let indented = !trimmed.isEmpty && isSpaceOrTab(bytes[line.start])
            if matches(trimmed, ":::") && !(inLiteral && indented) { return true }
            if !isDiagram && !trimmed.isEmpty && !(inLiteral && indented) {
                let value = firstColon(in: trimmed).map { trimmedRange(($0 + 1)..<trimmed.upperBound) }
                inLiteral = value.map { matches($0, "|") } ?? false
            }
            position = line.end
        }
        return false
    }

    /// ``` or ~~~ (three or more) after at most three spaces; a backtick
    /// fence's info string holds no backtick (CommonMark 4.5).
    private func fenceOpening(_ line: LineBounds, trimmed: Range<Int>) -> (character: UInt8, length: Int)? {
        let character = bytes[trimmed.lowerBound]
        guard character == UInt8(ascii: "`") || character == UInt8(ascii: "~"), indentation(line) <= 3 else { return nil }
        var run = trimmed.lowerBound
        while run < trimmed.upperBound && bytes[run] == character { run += 1 }
        guard run - trimmed.lowerBound >= 3 else { return nil }
        if character == UInt8(ascii: "`"), bytes[run..<trimmed.upperBound].contains(UInt8(ascii: "`")) { return nil }
        return (character, run - trimmed.lowerBound)
    }

    /// `chart` or `mermaid` for a fence whose info string's first word is
    /// one of them, any case (`FencedCodeMeaning`).
    private func fencedTileType(info: Range<Int>) -> String? {
        func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "{") }
        var start = info.lowerBound
        while start < info.upperBound && isSeparator(bytes[start]) { start += 1 }
        var end = start
        while end < info.upperBound && !isSeparator(bytes[end]) { end += 1 }
        func equals(_ word: StaticString) -> Bool {
            guard end - start == word.utf8CodeUnitCount else { return false }
            return word.withUTF8Buffer { expected in
                var index = 0
                while index < expected.count {
                    let byte = bytes[start + index]
                    if (byte &- 0x41 < 26 ? byte + 32 : byte) != expected[index] { return false }
                    index += 1
                }
                return true
            }
        }
        if equals("chart") { return "chart" }
        if equals("mermaid") { return "mermaid" }
        return nil
    }

    private func isFenceClosing(_ trimmed: Range<Int>, character: UInt8, length: Int) -> Bool {
        !trimmed.isEmpty && trimmed.count >= length && bytes[trimmed].allSatisfy { $0 == character }
    }

    /// The HTML state after a line (CommonMark 4.6, as `MarkdownDocument` follows it).
    private func nextHTMLState(_ state: HTMLState, line: LineBounds, trimmed: Range<Int>) -> HTMLState {
        switch state {
        case .untilBlankLine: return state
        case .untilMarker(let marker): return contains(line.start..<line.contentEnd, marker) ? .none : state
        case .none: break
        }
        guard bytes[trimmed.lowerBound] == UInt8(ascii: "<"), trimmed.count > 1, indentation(line) <= 3 else { return .none }
        func until(_ marker: String, after offset: Int) -> HTMLState {
            let rest = Swift.min(trimmed.lowerBound + offset, line.contentEnd)..<line.contentEnd
            return contains(rest, Array(marker.utf8)) ? .none : .untilMarker(Array(marker.utf8))
        }
        if hasPrefix(trimmed, "<!--") { return until("-->", after: 4) }
        let lowered = String(decoding: bytes[trimmed.lowerBound..<Swift.min(trimmed.upperBound, trimmed.lowerBound + 10)], as: UTF8.self).lowercased()
        for (tag, marker) in [("<script", "</script>"), ("<pre", "</pre>"), ("<style", "</style>"), ("<textarea", "</textarea>")] where lowered.hasPrefix(tag) {
            return until(marker, after: 1)
        }
        if hasPrefix(trimmed, "<?") { return until("?>", after: 2) }
        if hasPrefix(trimmed, "<![CDATA[") { return until("]]>", after: 9) }
        let next = bytes[trimmed.lowerBound + 1]
        if next == UInt8(ascii: "!") { return until(">", after: 2) }
        let isLetter = (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A)
        return isLetter || next == UInt8(ascii: "/") ? .untilBlankLine : .none
    }

    // MARK: Bytes

    /// A line: `start..<contentEnd` without its terminator (`\n`, `\r\n`
    /// or a lone `\r`, CommonMark's three line endings), `end` after it.
    struct LineBounds {
        var start: Int
        var contentEnd: Int
        var end: Int
    }

    func line(at start: Int) -> LineBounds {
        guard start < bytes.count, let base = bytes.baseAddress else {
            return LineBounds(start: start, contentEnd: Swift.max(start, bytes.count), end: Swift.max(start, bytes.count))
        }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
            // The last line: it may still end in a lone CR, or hold several.
            if let carriageReturn = memchr(base + start, 0x0D, bytes.count - start) {
                let crIndex = base.distance(to: carriageReturn.assumingMemoryBound(to: UInt8.self))
                return LineBounds(start: start, contentEnd: crIndex, end: crIndex + 1)
            }
            return LineBounds(start: start, contentEnd: bytes.count, end: bytes.count)
        }
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        // A CR before the LF ends the line there: CRLF when it is the byte
        // just before, else a lone CR.
        if index > start, let carriageReturn = memchr(base + start, 0x0D, index - start) {
            let crIndex = base.distance(to: carriageReturn.assumingMemoryBound(to: UInt8.self))
            return LineBounds(start: start, contentEnd: crIndex, end: crIndex + 1 == index ? index + 1 : crIndex + 1)
        }
        return LineBounds(start: start, contentEnd: index, end: index + 1)
    }

    func trimmed(_ line: LineBounds) -> Range<Int> {
        trimmedRange(line.start..<line.contentEnd)
    }

    func trimmedRange(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = Swift.max(lower, range.upperBound)
        while lower < upper && isSpaceOrTab(bytes[lower]) { lower += 1 }
        while upper > lower && isSpaceOrTab(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Leading spaces (a tab reaches the next multiple of 4).
    func indentation(_ line: LineBounds) -> Int {
        var width = 0
        for byte in bytes[line.start..<line.contentEnd] {
            if byte == 0x20 { width += 1 } else if byte == 0x09 { width += 4 - width % 4 } else { break }
        }
        return width
    }

    func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        range.count == literal.utf8CodeUnitCount && hasPrefix(range, literal)
    }

    func hasPrefix(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return literal.withUTF8Buffer { prefix in
            var index = 0
            while index < count {
                if bytes[range.lowerBound + index] != prefix[index] { return false }
                index += 1
            }
            return true
        }
    }

    func contains(_ range: Range<Int>, _ marker: [UInt8]) -> Bool {
        guard !marker.isEmpty, range.count >= marker.count else { return false }
        var start = range.lowerBound
        while start + marker.count <= range.upperBound {
            if bytes[start] == marker[0] && bytes[start..<(start + marker.count)].elementsEqual(marker) { return true }
            start += 1
        }
        return false
    }

    func firstColon(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: ":") { return index > range.lowerBound ? index : nil }
            index += 1
        }
        return nil
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    // MARK: Headings

    /// Finds the first heading (the title when the front matter has none)
    /// while the prose lines go by, holding a top-level paragraph's lines
    /// back until it is known whether a setext underline makes them a
    /// heading.
    private struct HeadingFinder {
        /// Whether the first heading is still wanted as the title.
        var wantsTitle: Bool
        /// The open top-level paragraph's lines (number, text range).
        var paragraph: [(number: Int, range: Range<Int>, startsPassage: Bool)] = []
        /// Inside a list item or block quote (lazy continuation lines are
        /// not top-level paragraphs), until a blank line followed by an
        /// unindented line.
        var inContainer = false
        var afterBlank = true
        /// Inside a table (a paragraph turned table by its delimiter row).
        var inTable = false

        mutating func blankLine() {
            afterBlank = true
            inTable = false
        }

        /// A block that is not a paragraph began (fence, tile, HTML).
        mutating func interrupt() {
            inContainer = false
            afterBlank = false
            inTable = false
        }

        mutating func endParagraph(_ cutter: SearchLineCutter, _ emit: (SearchLine) -> Void) {
            for line in paragraph {
                emit(SearchLine(number: line.number, zone: .body, range: line.range, startsPassage: line.startsPassage))
            }
            paragraph.removeAll()
        }

        mutating func read(
            line: LineBounds, trimmed: Range<Int>, number: Int, in cutter: inout SearchLineCutter, startsPassage: inout Bool,
            _ emit: (SearchLine) -> Void
        ) {
            let first = cutter.bytes[trimmed.lowerBound]
            let indent = trimmed.lowerBound == line.start ? 0 : cutter.indentation(line)
            guard wantsTitle else {
                // No title to find: lines go out as they come; a heading and a
                // list item start passages of their own.
                if indent <= 3 && first == UInt8(ascii: "#") && isATXHeading(trimmed, cutter) {
                    emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: true))
                    startsPassage = true
                } else {
                    let isItem = indent <= 3 && first != UInt8(ascii: ">") && isListItemStart(trimmed, cutter)
                    emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: startsPassage || isItem))
                    startsPassage = false
                }
                return
            }
            let wasAfterBlank = afterBlank
            afterBlank = false
            if wasAfterBlank && inContainer && indent == 0 { inContainer = false }

            // ATX heading.
            if indent <= 3, first == UInt8(ascii: "#"), isATXHeading(trimmed, cutter) {
                let text = DocumentMetadata.headingText(cutter.string(trimmed))
                endParagraph(cutter, emit)
                inContainer = false
                inTable = false
                let isTitle = !text.isEmpty
                if isTitle { takeTitle(text, number: number, in: &cutter) }
                emit(SearchLine(number: number, zone: isTitle ? .title : .body, range: trimmed, startsPassage: true))
                startsPassage = true
                return
            }
            // Setext underline of a top-level paragraph.
            if indent <= 3, !paragraph.isEmpty, !inContainer, !inTable, isSetextUnderline(trimmed, cutter) {
                let source = paragraph.map { cutter.string($0.range) }.joined(separator: "\n") + "\n" + cutter.string(trimmed)
                let text = DocumentMetadata.headingText(source)
                let isTitle = !text.isEmpty
                if isTitle {
                    takeTitle(text, number: paragraph[0].number, in: &cutter)
                    for (index, held) in paragraph.enumerated() {
                        emit(SearchLine(number: held.number, zone: .title, range: held.range, startsPassage: index == 0))
                    }
                    paragraph.removeAll()
                } else {
                    endParagraph(cutter, emit)
                }
                startsPassage = true
                return
            }
            if isThematicBreak(trimmed, cutter) && indent <= 3 {
                endParagraph(cutter, emit)
                inContainer = false
                inTable = false
                startsPassage = true
                return
            }
            if indent <= 3 && (first == UInt8(ascii: ">") || isListItemStart(trimmed, cutter) || isFootnoteDefinitionStart(trimmed, cutter)) {
                endParagraph(cutter, emit)
                inContainer = true
                inTable = false
                emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: first != UInt8(ascii: ">") || startsPassage))
                startsPassage = false
                return
            }
            if inContainer || inTable || (paragraph.isEmpty && indent >= 4) {
                // Lazy or indented continuation, a table row, indented code.
                emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: startsPassage))
                startsPassage = false
                return
            }
            if paragraph.count == 1, isTableDelimiterRow(trimmed, cutter), cutter.bytes[paragraph[0].range].contains(UInt8(ascii: "|")) {
                endParagraph(cutter, emit)
                inTable = true
                startsPassage = false
                return
            }
            if paragraph.isEmpty && isLinkReferenceDefinition(trimmed, cutter) {
                // Not paragraph text: a setext underline after it makes no heading.
                emit(SearchLine(number: number, zone: .body, range: trimmed, startsPassage: true))
                startsPassage = true
                return
            }
            paragraph.append((number, trimmed, paragraph.isEmpty || startsPassage))
            startsPassage = false
        }

        private mutating func takeTitle(_ text: String, number: Int, in cutter: inout SearchLineCutter) {
            wantsTitle = false
            cutter.outline.title = text
            cutter.outline.titleLine = number
            cutter.outline.isTitleFromFileName = false
        }

        /// Whether a line is an ATX heading: one to six `#`, then a space, a
        /// tab or the end of the line.
        private func isATXHeading(_ trimmed: Range<Int>, _ cutter: SearchLineCutter) -> Bool {
            var index = trimmed.lowerBound
            while index < trimmed.upperBound && cutter.bytes[index] == UInt8(ascii: "#") { index += 1 }
            let level = index - trimmed.lowerBound
            return (1...6).contains(level) && (index == trimmed.upperBound || cutter.isSpaceOrTab(cutter.bytes[index]))
        }

        private func isSetextUnderline(_ trimmed: Range<Int>, _ cutter: SearchLineCutter) -> Bool {
            let character = cutter.bytes[trimmed.lowerBound]
            guard character == UInt8(ascii: "=") || character == UInt8(ascii: "-") else { return false }
            return cutter.bytes[trimmed].allSatisfy { $0 == character }
        }

        /// Three or more `*`, `-` or `_`, spaces between allowed.
        private func isThematicBreak(_ trimmed: Range<Int>, _ cutter: SearchLineCutter) -> Bool {
            let character = cutter.bytes[trimmed.lowerBound]
            guard character == UInt8(ascii: "*") || character == UInt8(ascii: "-") || character == UInt8(ascii: "_") else { return false }
            var count = 0
            for byte in cutter.bytes[trimmed] {
                if byte == character { count += 1 } else if !cutter.isSpaceOrTab(byte) { return false }
            }
            return count >= 3
        }

        /// `-`, `*` or `+`, or up to nine digits and `.` or `)`, then a
        /// space, a tab or the end of the line.
        /// A GFM footnote definition's first line: `[^label]:`, the label
        /// one or more bytes other than `]`, space, tab and line breaks (as
        /// cmark-gfm scans it). Its indented lines and their lazy
        /// continuations belong to the footnote, not to the top level.
        private func isFootnoteDefinitionStart(_ trimmed: Range<Int>, _ cutter: SearchLineCutter) -> Bool {
            let bytes = cutter.bytes
            var index = trimmed.lowerBound
            guard trimmed.count >= 5, bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^") else { return false }
            index += 2
            let labelStart = index
            while index < trimmed.upperBound, bytes[index] != UInt8(ascii: "]"), !cutter.isSpaceOrTab(bytes[index]) { index += 1 }
            return index > labelStart && index + 1 < trimmed.upperBound
                && bytes[index] == UInt8(ascii: "]") && bytes[index + 1] == UInt8(ascii: ":")
        }

        private func isListItemStart(_ trimmed: Range<Int>, _ cutter: SearchLineCutter) -> Bool {
            let bytes = cutter.bytes
            var index = trimmed.lowerBound
            let first = bytes[index]
            if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
                index += 1
            } else {
                while index < trimmed.upperBound && index - trimmed.lowerBound < 9 && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
                guard index > trimmed.lowerBound, index < trimmed.upperBound,
                      bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else { return false }
                index += 1
            }
            return index == trimmed.upperBound || cutter.isSpaceOrTab(bytes[index])
        }

        /// A GFM table delimiter row: cells of `-` with optional `:` at
        /// either end, separated by `|`.
        private func isTableDelimiterRow(_ trimmed: Range<Int>, _ cutter: SearchLineCutter) -> Bool {
            var sawDash = false
            for byte in cutter.bytes[trimmed] {
                switch byte {
                case UInt8(ascii: "-"): sawDash = true
                case UInt8(ascii: "|"), UInt8(ascii: ":"), 0x20, 0x09: break
                default: return false
                }
            }
            return sawDash && cutter.bytes[trimmed].contains(UInt8(ascii: "|"))
        }

        /// `[label]: destination` at the start of a paragraph.
        private func isLinkReferenceDefinition(_ trimmed: Range<Int>, _ cutter: SearchLineCutter) -> Bool {
            guard cutter.bytes[trimmed.lowerBound] == UInt8(ascii: "[") else { return false }
            var index = trimmed.lowerBound + 1
            while index < trimmed.upperBound && cutter.bytes[index] != UInt8(ascii: "]") { index += 1 }
            return index > trimmed.lowerBound + 1 && index + 1 < trimmed.upperBound && cutter.bytes[index + 1] == UInt8(ascii: ":")
        }
    }
}
