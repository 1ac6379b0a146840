import Foundation
import Testing
import TileditFixtures
import TileditModel
@testable import TileditCLI

/// `tiledit json` writes its JSON piece by piece: the pieces are the text
/// of the whole value, however small.
@Suite struct JSONWriterTests {
    static let yaml = """
        # people
        title: "The \\"Team\\" \\e"
        members:
          - name: ann
            tags: [a, b]
          - name: bob
            empty: {}
        list: []
        nested: {a: {b: {c: [1, 2]}}}

        """

    @Test func piecesOfAnySizeJoinIntoTheSerializedText() {
        let json = DocumentJSON.yaml(YAMLFileDocument(bytes: Array(Self.yaml.utf8), dialect: .yaml), path: "team.yml")
        let whole = json.serialized()
        #expect(whole.contains("\"pairs\": [\n"))
        #expect(whole.contains("\\u001b"))
        for limit in [1, 7, 64, 1 << 16] {
            var writer = JSONWriter(json)
            var pieces: [[UInt8]] = []
            while !writer.isDone {
                writer.write(upTo: limit)
                pieces.append(writer.takeOutput())
            }
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == whole)
            // Every piece ends after a whole character (it is sent on as text).
            #expect(pieces.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
        }
    }

    /// Any string is written as a JSON string that reads back as itself,
    /// with no control, separator or bidirectional control left raw.
    @Test func generatedStringsReadBackAsThemselves() throws {
        var random = SeededGenerator(seed: 11)
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "~", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1B}",
            "\u{7F}", "\u{85}", "\u{9F}", "é", "\u{301}", "日", "\u{2028}", "\u{2029}", "\u{202E}", "\u{200F}", "\u{FEFF}", "🚀"]
        for _ in 0..<500 {
            let length = Int.random(in: 0...12, using: &random)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)]) }
            let value = String(text)
            let written = JSONValue.string(value).serialized()
            let read = try JSONSerialization.jsonObject(with: Data(written.utf8), options: .fragmentsAllowed) as? String
            #expect(read?.unicodeScalars.elementsEqual(value.unicodeScalars) == true, "\(written)")
            #expect(!written.unicodeScalars.contains { VisibleText.needsEscaping($0) || $0.value < 0x20 }, "\(written)")
        }
    }

    @Test func lazyAndGivenArraysWriteTheSameText() {
        let items: [JSONValue] = [.number(1), .object([("a", .string("x")), ("b", .range(0..<2))]), .array([.null, .bool(true)])]
        let given = JSONValue.object([("items", .array(items)), ("plain", .array([.number(1), .number(2)]))])
        let lazy = JSONValue.object([
            ("items", .lazyArray(count: items.count, itemsArePlain: false) { items[$0] }),
            ("plain", .lazyArray(count: 2, itemsArePlain: true) { .number($0 + 1) }),
        ])
        #expect(lazy.serialized() == given.serialized())
        #expect(given.serialized() == """
            {
              "items": [
                1,
                {
                  "a": "x",
                  "b": {"start": 0, "end": 2}
                },
                [null, true]
              ],
              "plain": [1, 2]
            }
            """)
    }
}
