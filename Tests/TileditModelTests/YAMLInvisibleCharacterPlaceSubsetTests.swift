import Testing
import TileditFixtures
@testable import TileditModel

/// The checks keep the places of only the scalars that share a line with a
/// character that does not show (`YAMLInvisibleCharacters.needsPlace`), so
/// a large file holds no table of every scalar: the diagnostics are the
/// same as with every scalar's place.
@Suite("YAML invisible characters with the scalars they need")
struct YAMLInvisibleCharacterPlaceSubsetTests {
    /// Every scalar's place, as the checks' walk makes them (text order).
    private static func allPlaces(_ documents: [YAMLDocumentNode]) -> [YAMLChecks.ScalarPlace] {
        var places: [YAMLChecks.ScalarPlace] = []
        var stack: [(node: YAMLNode, isKey: Bool, keyName: String?)] = documents.compactMap(\.root).reversed().map { ($0, false, nil) }
        while let (node, isKey, keyName) = stack.popLast() {
            switch node.content {
            case .scalar(let scalar):
                places.append(YAMLChecks.ScalarPlace(
                    range: scalar.range, isKey: isKey, isPlain: scalar.style == .plain, keyName: keyName,
                    isQuoted: scalar.style == .singleQuoted || scalar.style == .doubleQuoted))
            case .mapping(let pairs):
                for pair in pairs.reversed() {
                    stack.append((pair.value, false, pair.key.scalar?.value))
                    stack.append((pair.key, true, nil))
                }
            case .sequence(let items):
                for item in items.reversed() { stack.append((item, false, nil)) }
            case .alias:
                break
            }
        }
        return places
    }

    @Test func onlyScalarsOnLinesWithAFoundCharacterAreNeeded() {
        let bytes = Array("a: x\nb: \"1\u{A0}2\"\nc: y\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let invisible = YAMLInvisibleCharacters(bytes: buffer, lines: LineIndex(buffer))
            #expect(!invisible.needsPlace(0..<1))   // `a`
            #expect(!invisible.needsPlace(3..<4))   // `x`
            #expect(invisible.needsPlace(5..<6))    // `b`, on the line
            #expect(invisible.needsPlace(8..<14))   // the quoted value
            #expect(!invisible.needsPlace(15..<16)) // `c`
            #expect(!invisible.needsPlace(9..<9))   // an empty range holds nothing
        }
    }

    @Test func noScalarIsNeededWithoutSuchCharacters() {
        let bytes = Array("a: x\nb: ß ø å\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let invisible = YAMLInvisibleCharacters(bytes: buffer, lines: LineIndex(buffer))
            #expect(!invisible.needsPlace(0..<buffer.count))
        }
    }

    /// Generated YAML with characters of every kind put at random bytes:
    /// the diagnostics with the needed places equal those with all.
    @Test(arguments: 0..<60)
    func neededPlacesGiveTheDiagnosticsOfAllPlaces(seed: Int) {
        var generator = YAMLGenerator(seed: UInt64(seed))
        var random = SeededGenerator(seed: UInt64(seed) &+ 1000)
        var bytes = Array(generator.document(bytes: 1500).utf8)
        let characters = ["\u{A0}", "\u{200B}", "\u{3000}", "\u{200D}", "\u{2028}", "\u{FEFF}"]
        for _ in 0..<(1 + seed % 5) {
            var offset = Int.random(in: 0...bytes.count, using: &random)
            while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            bytes.insert(contentsOf: Array(characters[Int.random(in: 0..<characters.count, using: &random)].utf8), at: offset)
        }
        let parsed = YAMLParser.parse(bytes)
        let places = Self.allPlaces(parsed.documents)
        bytes.withUnsafeBufferPointer { buffer in
            var withAll = YAMLInvisibleCharacters(bytes: buffer, places: places)
            var withNeeded = YAMLInvisibleCharacters(bytes: buffer, lines: LineIndex(buffer))
            withNeeded.setPlaces(places.filter { withNeeded.needsPlace($0.range) })
            #expect(withNeeded.places.count <= withAll.places.count)
            #expect(withNeeded.diagnostics(before: buffer.count) == withAll.diagnostics(before: buffer.count))
        }
    }
}
