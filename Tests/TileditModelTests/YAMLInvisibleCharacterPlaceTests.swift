import Testing
import TileditFixtures
import TileditModel

/// Where a character that does not show or only looks like a space is not
/// reported: a space-like one inside a quoted scalar (it is text there),
/// a joiner inside an emoji sequence (it is part of what shows); and the
/// sentence for one between tokens, for each kind.
@Suite("YAML invisible characters by place")
struct YAMLInvisibleCharacterPlaceTests {
    private static func report(_ text: String) -> [String] {
        YAMLFileDocument(text).diagnostics.filter { $0.code == .yamlInvisibleCharacter }.map {
            "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.message)"
        }
    }

    @Test(arguments: [
        "a: \"10\u{A0}km\"\n", "a: '10\u{A0}km'\n", "a: \"\u{A0}x\u{A0}\"\n", "a: \"x\n  \u{A0}y\"\n", "[\"\u{3000}\"]\n", "\"k\u{2007}\": 1\n",
        "family: 👩\u{200D}👩\u{200D}👧\n", "k: \"🏳️\u{200D}🌈\"\n", "👩\u{200D}💻: x\n",
    ])
    func notReported(text: String) {
        #expect(Self.report(text) == [])
    }

    @Test func aNoBreakSpaceInPlainContextIsStillReported() {
        #expect(Self.report("a: 10\u{A0}km\n") == ["1:6 info the value of `a` holds U+00A0 NO-BREAK SPACE, which looks like a space but is not one to YAML"])
        #expect(Self.report("a: x\u{A0}\n") == [
            "1:5 warning the value of `a` ends with U+00A0 NO-BREAK SPACE, which looks like a space but is not one to YAML; YAML keeps it in the value; replace it with a space",
        ])
        #expect(Self.report("a:\n\u{A0} b: \"x\"\n").first?.hasPrefix("2:1 warning this line is indented with U+00A0 NO-BREAK SPACE") == true)
    }

    @Test func aJoinerBetweenLettersIsReported() {
        #expect(Self.report("c: a\u{200D}b\n") == [
            "1:5 info the value of `c` holds U+200D ZERO WIDTH JOINER, which does not show (it changes how the text around it is shaped or ordered)",
        ])
        #expect(Self.report("c: 🚀\u{200D}x\n") == [
            "1:5 info the value of `c` holds U+200D ZERO WIDTH JOINER, which does not show (it changes how the text around it is shaped or ordered)",
        ])
    }

    @Test(arguments: [
        ("- \u{A0}\n", "1:3 warning U+00A0 NO-BREAK SPACE looks like a space but is not one to YAML, so it does not separate what is around it; replace it with a space"),
        ("- \u{200B}\n", "1:3 warning U+200B ZERO WIDTH SPACE does not show, and YAML reads it as text here; remove it"),
        ("- \u{200D}\n", "1:3 warning U+200D ZERO WIDTH JOINER does not show (it changes how the text around it is shaped or ordered), and YAML reads it as text here; remove it"),
    ])
    func sentencesBetweenTokensReadAsOne(text: String, expected: String) {
        let found = Self.report(text)
        // Reported once, and no sentence says the same thing twice.
        #expect(found.count <= 1)
        for line in found { #expect(!line.contains("and is not a space to YAML here")) }
        if found.count == 1 && !found[0].contains("the value") { #expect(found == [expected]) }
    }

    /// Generated YAML with a space-like character put inside a quoted
    /// scalar: never reported; put in a plain one: reported once.
    @Test(arguments: 0..<40)
    func spaceLikeCharactersInQuotedScalarsAreText(seed: Int) throws {
        var generator = YAMLGenerator(seed: UInt64(seed))
        var random = SeededGenerator(seed: UInt64(seed))
        let text = generator.document(bytes: 800)
        let bytes = Array(text.utf8)
        let parsed = YAMLParser.parse(bytes)
        guard parsed.error == nil else { return }
        var scalars: [YAMLScalar] = []
        var stack = parsed.documents.compactMap(\.root)
        while let node = stack.popLast() {
            switch node.content {
            case .scalar(let scalar): scalars.append(scalar)
            case .alias: break
            case .mapping(let pairs): for pair in pairs { stack.append(pair.key); stack.append(pair.value) }
            case .sequence(let items): stack.append(contentsOf: items)
            }
        }
        let quoted = scalars.filter { ($0.style == .doubleQuoted || $0.style == .singleQuoted) && $0.range.count > 2 }
        guard !quoted.isEmpty else { return }
        let scalar = quoted[Int.random(in: 0..<quoted.count, using: &random)]
        var offset = Int.random(in: (scalar.range.lowerBound + 1)..<(scalar.range.upperBound - 1), using: &random)
        while offset > 0 && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        let character = ["\u{A0}", "\u{3000}", "\u{2007}"][seed % 3]
        let changed = String(decoding: bytes[..<offset] + Array(character.utf8) + bytes[offset...], as: UTF8.self)
        #expect(Self.report(changed) == [], "\(changed)")
    }
}
