import Testing
import TileditFixtures
@testable import TileditModel

/// A YAML document with no content (`---` alone, `---` over comments, the
/// empty document after a last `---`, one ended by `...`) is a null to
/// readers, as an empty file is: a key set in it is added there, not
/// refused as "a scalar". Before, `tiledit set` refused `---\n` while it
/// added to an empty file.
@Suite("Empty YAML documents")
struct YAMLEmptyDocumentTests {
    @Test(arguments: [
        ("---\n", 0, "---\nx: c\n"),
        ("---\r\n", 0, "---\r\nx: c\r\n"),
        ("---\n# note\n", 0, "---\n# note\nx: c\n"),
        ("---\n...\n", 0, "---\nx: c\n...\n"),
        ("%YAML 1.2\n---\n", 0, "%YAML 1.2\n---\nx: c\n"),
        ("name: a\n---\nname: b\n---\n", 2, "name: a\n---\nname: b\n---\nx: c\n"),
        ("name: a\n---\n---\nname: b\n", 1, "name: a\n---\nx: c\n---\nname: b\n"),
        ("a: 1\n---\n...\n---\nb: 2\n", 1, "a: 1\n---\nx: c\n...\n---\nb: 2\n"),
    ])
    func aKeyIsAddedToAnEmptyDocument(text: String, document: Int, expected: String) throws {
        var file = YAMLFileDocument(text)
        let change = try file.setValue(at: YAMLPath([.key("x")]), to: "c", document: document)
        #expect(file.text == expected)
        #expect(file.node(at: YAMLPath([.key("x")]), document: document)?.scalar?.value == "c")
        file.apply(change.inverse)
        #expect(file.text == text)
    }

    @Test func anExplicitNullOrAScalarRootIsStillRefused() {
        for text in ["--- ~\n", "--- hello\n", "hello\n"] {
            var file = YAMLFileDocument(text)
            #expect(throws: EditError.self) { try file.setValue(at: YAMLPath([.key("x")]), to: "c") }
            #expect(file.text == text)
        }
    }

    /// Generated: two to four documents, one of them empty in one of the
    /// ways above, each line ending; a key set in the empty one reads back,
    /// the other documents read as before, and undo gives the bytes back.
    @Test func generatedEmptyDocumentsTakeAKey() throws {
        let empties = ["", "# only a comment", "...", "# c\n..."]
        var random = SeededGenerator(seed: 573)
        for seed in 0..<200 {
            let eol = ["\n", "\r\n"][Int.random(in: 0..<2, using: &random)]
            let count = Int.random(in: 2...4, using: &random)
            let empty = Int.random(in: 0..<count, using: &random)
            var parts: [String] = []
            for index in 0..<count {
                if index > 0 || index == empty || Bool.random(using: &random) { parts.append("---") }
                if index == empty {
                    let form = empties[Int.random(in: 0..<empties.count, using: &random)]
                    if !form.isEmpty { parts.append(form.replacingOccurrences(of: "\n", with: eol)) }
                } else {
                    parts.append("name: d\(index)")
                }
            }
            let text = parts.joined(separator: eol) + eol
            let label = "seed \(seed) document \(empty + 1): \(text.debugDescription)"
            let file = YAMLFileDocument(text)
            try #require(file.documents.count == count, "\(label)")
            var copy = file
            let change: YAMLFileDocument.Change
            do {
                change = try copy.setValue(at: YAMLPath([.key("added")]), to: "yes please", document: empty)
            } catch {
                Issue.record("\(label): \(error.message)")
                continue
            }
            #expect(copy.node(at: YAMLPath([.key("added")]), document: empty)?.scalar?.value == "yes please", "\(label)\n\(copy.text.debugDescription)")
            #expect(copy.documents.count == count, "\(label)\n\(copy.text.debugDescription)")
            for index in 0..<count where index != empty {
                #expect(copy.node(at: YAMLPath([.key("name")]), document: index)?.scalar?.value == "d\(index)", "\(label)")
            }
            let bytes = copy.bytes
            let ownEndings = eol == "\n"
                ? !bytes.contains(0x0D)
                : bytes.indices.allSatisfy { bytes[$0] != 0x0A || ($0 > 0 && bytes[$0 - 1] == 0x0D) }
            #expect(ownEndings, "\(label)\n\(copy.text.debugDescription)")
            copy.apply(change.inverse)
            #expect(copy.bytes == file.bytes, "\(label): undo")
        }
    }
}
