import Testing
@testable import TileditModel

/// Messages name a path by `YAMLPath.displayText`: the empty path is "the
/// document root", never an empty pair of backticks.
@Suite("YAML paths in messages")
struct YAMLPathDisplayTextTests {
    @Test func thePathIsShownInBackticksAndTheEmptyPathAsTheDocumentRoot() {
        #expect(YAMLPath([]).displayText == "the document root")
        #expect(YAMLPath(parsing: "services.web.ports.0").displayText == "`services.web.ports.0`")
        #expect(YAMLPath([.key("a.b"), .index(2)]).displayText == "`\"a.b\".2`")
        #expect(YAMLPath([.key("")]).displayText == "`\"\"`")
    }

    /// The refusal of `operation` on `text`.
    func refusal(_ operation: YAMLOperation, on text: String) -> String? {
        var file = YAMLFileDocument(text)
        do {
            try file.perform(operation)
            return nil
        } catch {
            #expect(file.text == text)
            return error.message
        }
    }

    @Test func refusalsAtTheRootOfADocumentNameTheDocumentRoot() {
        let list = "- a\n- b\n"
        #expect(refusal(.setScalar(YAMLPath([.index(5)]), value: "x", type: nil), on: list) == "the document root has 2 items; there is no item 5")
        #expect(refusal(.setScalar(YAMLPath([.index(5)]), value: "x", type: .string), on: list) == "the document root has 2 items; there is no item 5")
        #expect(refusal(.setScalar(YAMLPath([.key("name")]), value: "x", type: nil), on: list) == "the document root is a list, not a mapping")
        #expect(refusal(.addKey(to: YAMLPath([]), key: "name", value: nil), on: list) == "the document root is a list, not a mapping")
        #expect(refusal(.addKey(to: YAMLPath([]), key: "name", value: "x"), on: list) == "the document root is a list, not a mapping")
        // Below the root, the path as before.
        #expect(refusal(.setScalar(YAMLPath(parsing: "m.5"), value: "x", type: nil), on: "m: [1]\n") == "`m` has 1 items; there is no item 5")
    }
}
