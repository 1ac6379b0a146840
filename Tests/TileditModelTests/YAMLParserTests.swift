import Testing
import TileditModel
import TileditFixtures

/// The tree built from libyaml's events: exact byte ranges (UTF-8) for
/// every node, values as written, anchors, tags and aliases kept, and the
/// errors that stop a parse.
@Suite("YAMLParser")
struct YAMLParserTests {
    private static func plain(_ value: String, _ range: Range<Int>, anchor: String? = nil, tag: String? = nil) -> YAMLNode {
        YAMLNode(content: .scalar(YAMLScalar(value: value, style: .plain, range: range)), anchor: anchor, tag: tag, range: range)
    }

    private static func root(_ text: String) throws -> YAMLNode {
        let result = YAMLParser.parse(text)
        #expect(result.error == nil)
        return try #require(result.documents.first?.root)
    }

    @Test func rangesCountBytesOfMultiByteCharacters() throws {
        let root = try Self.root("é: ü\nkey: [日本, {a: 🚀}]\n")

        let flowMapping = YAMLNode(
            content: .mapping([YAMLPair(key: Self.plain("a", 22..<23), value: Self.plain("🚀", 25..<29))]),
            range: 21..<30, collectionStyle: .flow)
        let flowSequence = YAMLNode(content: .sequence([Self.plain("日本", 13..<19), flowMapping]), range: 12..<31, collectionStyle: .flow)
        let expected = YAMLNode(
            content: .mapping([
                YAMLPair(key: Self.plain("é", 0..<2), value: Self.plain("ü", 4..<6)),
                YAMLPair(key: Self.plain("key", 7..<10), value: flowSequence),
            ]),
            range: 0..<31)
        #expect(root == expected)
    }

    @Test func rangesAfterAByteOrderMarkCountIt() throws {
        let root = try Self.root("\u{FEFF}a: é\n")

        #expect(root == YAMLNode(content: .mapping([YAMLPair(key: Self.plain("a", 3..<4), value: Self.plain("é", 6..<8))]), range: 3..<8))
    }

    @Test func anchorsTagsAndAliasesAreKept() throws {
        let root = try Self.root("a: &x !t b\nc: *x\nd: !!seq &s [1]\n")

        let expected = YAMLNode(
            content: .mapping([
                YAMLPair(key: Self.plain("a", 0..<1), value: Self.plain("b", 9..<10, anchor: "x", tag: "!t")),
                YAMLPair(key: Self.plain("c", 11..<12), value: YAMLNode(content: .alias("x"), range: 14..<16)),
                YAMLPair(
                    key: Self.plain("d", 17..<18),
                    value: YAMLNode(
                        content: .sequence([Self.plain("1", 30..<31)]), anchor: "s", tag: "tag:yaml.org,2002:seq",
                        range: 29..<32, collectionStyle: .flow)),
            ]),
            range: 0..<32)
        #expect(root == expected)
    }

    @Test func blockScalarsEndAtTheirLastContentLine() throws {
        let root = try Self.root("- |\n  x\n\n- >-\n  y\n  z\n")

        let expected = YAMLNode(
            content: .sequence([
                YAMLNode(content: .scalar(YAMLScalar(value: "x\n", style: .literal, range: 2..<7)), range: 2..<7),
                YAMLNode(content: .scalar(YAMLScalar(value: "y z", style: .folded, range: 11..<21)), range: 11..<21),
            ]),
            range: 0..<21)
        #expect(root == expected)
    }

    @Test func aBlockScalarHoldsTheLinesOfSpacesBelowIt() throws {
        // Lines of spaces after the last text line are the scalar's
        // (`l-chomped-empty`), more indented ones its content; an empty line
        // between them is crossed, a line of text ends the walk, and the
        // last line counts without a line break.
        let cases: [(String, Range<Int>)] = [
            ("a: |\n  x\n   \nb: 1\n", 3..<12),
            ("a: |\n  x\n \n\n  \nb: 1\n", 3..<14),
            ("a: |\n  x\n\nb: 1\n", 3..<8),
            ("- |+\n   ", 2..<8),
            ("a: >\r\n  x\r\n  \r\n", 3..<13),
        ]
        for (text, range) in cases {
            let root = try Self.root(text)
            let value = root.pairs?.first?.value ?? root.items?.first
            #expect(value?.scalar?.range == range, "\(text.debugDescription)")
            #expect(value?.range == range, "\(text.debugDescription)")
        }
    }

    @Test func everyValueRangeHoldsItsTextFarIntoANonASCIIFile() throws {
        // Over 4,096 characters between non-ASCII ones and past many of
        // them, so the mark conversion crosses its checkpoints.
        let lines = (0..<3_000).map { index in
            index % 500 == 0
                ? "k\(index): " + String(repeating: "a", count: 5_000) + "\n"
                : "k\(index): é日🚀 \(index)\n"
        }
        let text = lines.joined()
        let bytes = Array(text.utf8)

        let pairs = try #require(try Self.root(text).pairs)

        #expect(pairs.count == 3_000)
        for (index, pair) in pairs.enumerated() {
            let key = try #require(pair.key.scalar)
            let value = try #require(pair.value.scalar)
            #expect(String(decoding: bytes[key.range], as: UTF8.self) == "k\(index)")
            #expect(String(decoding: bytes[value.range], as: UTF8.self) == value.value)
        }
    }

    @Test func anUnclosedFlowSequenceStopsWithItsPositionAndNoDocument() {
        let result = YAMLParser.parse("a: [\n")

        #expect(result.documents == [])
        #expect(result.error == YAMLSyntaxError(
            code: .yamlSyntax, message: "invalid YAML: while parsing a flow node: did not find expected node content", offset: 5, line: 1,
            contextOffset: 5))
    }

    /// Every C0 control but TAB, LF and CR, and DEL, put at a generated
    /// place (a line and column, past a BOM or not, in LF, CRLF or CR
    /// files): the reader's error names that byte and its line, not the
    /// start of the file.
    @Test func aControlCharacterIsReportedWhereItIs() {
        var random = SeededGenerator(seed: 7)
        let controls = (UInt8(0)...0x1F).filter { ![0x09, 0x0A, 0x0D].contains($0) } + [0x7F]
        for control in controls {
            for ending in ["\n", "\r\n", "\r"] {
                let lines = Int.random(in: 1...40, using: &random)
                let padding = Int.random(in: 0...9000, using: &random)
                let bom: [UInt8] = Bool.random(using: &random) ? [0xEF, 0xBB, 0xBF] : []
                var bytes = bom
                for line in 0..<lines { bytes += Array("k\(line): value \(line)\(ending)".utf8) }
                bytes += Array("last: ".utf8) + Array(repeating: UInt8(ascii: "x"), count: padding)
                let offset = bytes.count
                bytes += [control] + Array("y\(ending)".utf8)
                let error = YAMLParser.parse(bytes).error
                #expect(error?.offset == offset, "control \(control), ending \(ending.debugDescription)")
                #expect(error?.line == lines, "control \(control), ending \(ending.debugDescription)")
                #expect(error?.message == "invalid YAML: control characters are not allowed")
            }
        }
    }

    @Test func nestingDeeperThanTheLimitStopsAtTheFirstCollectionTooDeep() {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)

        let result = YAMLParser.parse(text)

        #expect(result.documents == [])
        #expect(result.error == YAMLSyntaxError(code: .yamlLimit, message: "YAML nested deeper than 256 levels is not read", offset: 256, line: 0))
    }

    @Test func documentsBeforeAnErrorAreKept() {
        let result = YAMLParser.parse("--- a\n--- [b\n")

        #expect(result.documents == [YAMLDocumentNode(root: Self.plain("a", 4..<5), range: 0..<6)])
        #expect(result.error?.code == .yamlSyntax)
    }

    // MARK: Marks that do not come in order

    @Test func anEmptyValueBeforeAnAnchoredEmptyKeyIsReadWithoutATrap() throws {
        // `?` with no key, then `&a` anchoring an empty key: libyaml's empty
        // value sits where the next key's anchor starts (the suite's ZWK4).
        let root = try Self.root("?\n&a :")

        #expect(root == YAMLNode(
            content: .mapping([
                YAMLPair(key: Self.plain("", 1..<1), value: Self.plain("", 2..<2)),
                YAMLPair(key: Self.plain("", 4..<4, anchor: "a"), value: Self.plain("", 6..<6)),
            ]),
            range: 0..<6))
    }

    @Test func anEmptyNodeWithAnAnchorOrTagStartsAndEndsAfterThem() throws {
        let root = try Self.root("a: &x\nb: !!str\nc: &y !t\n")

        #expect(root == YAMLNode(
            content: .mapping([
                YAMLPair(key: Self.plain("a", 0..<1), value: Self.plain("", 5..<5, anchor: "x")),
                YAMLPair(key: Self.plain("b", 6..<7), value: Self.plain("", 14..<14, tag: "tag:yaml.org,2002:str")),
                YAMLPair(key: Self.plain("c", 15..<16), value: Self.plain("", 23..<23, anchor: "y", tag: "!t")),
            ]),
            range: 0..<23))
    }

    @Test(arguments: ["{! !", "? \"\"!", "*y\t&y:", "?\n&a :", "- &a\n- !b\n- &c !d\n"])
    func inputsWhoseMarksOnceTrappedAreReadOrReported(_ text: String) {
        let bytes = Array(text.utf8)
        let result = YAMLParser.parse(bytes)
        var stack = result.documents.compactMap(\.root)
        while let node = stack.popLast() {
            #expect(node.range.lowerBound <= node.range.upperBound && node.range.upperBound <= bytes.count)
            if let pairs = node.pairs { stack += pairs.flatMap { [$0.key, $0.value] } }
            if let items = node.items { stack += items }
        }
        #expect(result.error.map { $0.offset <= bytes.count } ?? true)
    }

    @Test func theFuzzersShortInputsGiveLibyamlsReading() {
        // `{! !`: a flow mapping whose key is tagged `!` and empty, cut off.
        let flow = YAMLParser.parse("{! !")
        #expect(flow.documents == [])
        #expect(flow.error == YAMLSyntaxError(
            code: .yamlSyntax, message: "invalid YAML: while parsing a flow mapping: did not find expected ',' or '}'", offset: 3, line: 0, contextOffset: 0))
        // `? ""!`: a quoted key followed by a stray `!`.
        #expect(YAMLParser.parse("? \"\"!").error?.code == .yamlSyntax)
        // `*y\t&y:`: an alias used as a key before its anchor.
        #expect(YAMLParser.parse("*y\t&y:").error?.code == .yamlSyntax)
    }
}
