import Testing
import TileditFixtures
import TileditModel
@testable import TileditViewModels

/// A YAML front-matter value that is a mapping or a list holding mappings
/// shows in the inspector as an outline, read-only, saying why; a typed
/// change to it is refused with that reason.
@MainActor
@Suite("Front matter nested values")
struct FrontMatterNestedFieldTests {
    static let page = "---\ntitle: T\nauthor:\n  name: A\n  url: B\nlinks:\n  - title: x\n    url: y\ntags: [a, b]\n---\n\nText\n"

    func inspecting(_ document: MarkdownDocument) -> InspectorModel {
        let inspector = InspectorModel()
        inspector.update(document: document, selection: document.id(at: 0))
        return inspector
    }

    @Test func aNestedMappingShowsItsValueReadOnly() throws {
        let inspector = inspecting(MarkdownDocument(Self.page, dialect: .yaml))
        let author = try #require(inspector.field("author"))
        #expect(author.isPresent)
        #expect(author.original == "name: A\nurl: B")
        #expect(author.input == .multiline)
        #expect(author.readOnlyReason == "`author` is a nested mapping; edit the YAML as text")
        let links = try #require(inspector.field("links"))
        #expect(links.original == "- title: x\n  url: y")
        #expect(links.readOnlyReason == "`links` is a list of mappings or lists; edit the YAML as text")
        // Every renderer shows the reason where it shows what a field accepts.
        #expect(author.guidance == "`author` is a nested mapping; edit the YAML as text")
        #expect(!author.isEditable && !links.isEditable)
        // A list of plain values stays an editable list.
        let tags = try #require(inspector.field("tags"))
        #expect(tags.input == .list)
        #expect(tags.readOnlyReason == nil)
        #expect(tags.guidance == "accepts \(tags.hint)")
        #expect(tags.isEditable)
    }

    @Test func typingIntoANestedValueIsRefusedWithTheReason() {
        let inspector = inspecting(MarkdownDocument(Self.page, dialect: .yaml))
        _ = inspector.handle(.beganEditingField("links"))
        _ = inspector.handle(.changedField("links", text: "x"))
        #expect(inspector.field("links")?.message == "`links` is a list of mappings or lists; edit the YAML as text")
    }

    /// Generated: mappings and lists nested up to three levels at any
    /// indentation; every field is present, and a collection's outline has
    /// one line per key or item with no indentation on its first line.
    @Test func generatedNestedValuesAreShownNeverNotSet() {
        var random = SeededGenerator(seed: 3)
        for seed in 0..<150 {
            let step = String(repeating: " ", count: Int.random(in: 1...4, using: &random))
            var lines = ["---"]
            var keys: [String] = []
            for field in 0..<Int.random(in: 1...4, using: &random) {
                let key = "k\(field)"
                keys.append(key)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: lines += ["\(key): v"]
                case 1: lines += ["\(key):", "\(step)a: 1", "\(step)b:", "\(step)\(step)c: 2"]
                default: lines += ["\(key):", "\(step)- t: x", "\(step)  u: y", "\(step)- z"]
                }
            }
            let text = (lines + ["---", "", "Text", ""]).joined(separator: "\n")
            let inspector = inspecting(MarkdownDocument(text, dialect: .yaml))
            for key in keys {
                let field = inspector.field(key)
                #expect(field?.isPresent == true, "seed \(seed) \(key): \(text.debugDescription)")
                let original = field?.original ?? ""
                #expect(!original.hasPrefix(" "), "seed \(seed) \(key): \(original.debugDescription)")
                if field?.readOnlyReason != nil {
                    #expect(original == "a: 1\nb:\n  c: 2" || original == "- t: x\n  u: y\n- z", "seed \(seed) \(key): \(original.debugDescription)")
                }
            }
        }
    }
}
