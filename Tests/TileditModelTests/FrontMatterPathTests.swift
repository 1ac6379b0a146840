import Testing
import TileditFixtures
@testable import TileditModel

/// A path into YAML front matter (`setFrontMatterValue`) goes where the
/// same path goes in a YAML file of the same lines: the same bytes, or the
/// same refusal; and a boolean of YAML front matter is described by the
/// words YAML 1.2 reads as booleans.
@Suite("Front matter paths and booleans")
struct FrontMatterPathTests {
    @Test func aPathInFrontMatterEditsAsInAYAMLFile() {
        let keys = ["a", "b", "a.b", "web.base-path", "2024"]
        var compared = 0
        for seed in UInt64(0)..<300 {
            var random = SeededGenerator(seed: seed)
            // Two levels of mappings, some keys written with dots.
            var lines: [String] = []
            var paths: [[String]] = []
            for top in keys.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)) {
                let written = top.contains(".") ? "\"\(top)\"" : top
                if Bool.random(using: &random) {
                    lines.append("\(written): value")
                    paths.append([top])
                } else {
                    lines.append("\(written):")
                    for inner in keys.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)) {
                        lines.append("  \(inner.contains(".") ? "\"\(inner)\"" : inner): inner")
                        paths.append([top, inner])
                    }
                }
            }
            let yaml = lines.joined(separator: "\n") + "\n"
            // An existing path, or one of keys that may be missing.
            let components: [String] = Bool.random(using: &random)
                ? paths.randomElement(using: &random) ?? ["a"]
                : (0..<Int.random(in: 2...3, using: &random)).map { _ in keys.randomElement(using: &random) ?? "a" }
            let path = YAMLPath(components.map { YAMLPathComponent.key($0) })
            guard path.components.count > 1 else { continue }
            var file = YAMLFileDocument(yaml)
            var page = MarkdownDocument("---\n" + yaml + "---\n\nBody.\n", dialect: .yaml)
            let fileResult = Result { () throws(EditError) in try file.perform(.setScalar(path, value: "new", type: nil)) }
            let pageResult = Result { () throws(EditError) in try page.perform(.setFrontMatterValue(path: path, value: "new")) }
            switch (fileResult, pageResult) {
            case (.success, .success):
                #expect(page.text == "---\n" + file.text + "---\n\nBody.\n", "seed \(seed): \(path)")
            case (.failure(let fileError), .failure(let pageError)):
                #expect(fileError.message == pageError.message, "seed \(seed): \(path)")
            default:
                Issue.record("seed \(seed): \(path): the file gives \(fileResult), the front matter \(pageResult)")
            }
            compared += 1
        }
        #expect(compared > 200)
    }

    @Test func theBooleanOfYAMLFrontMatterListsOnlyYAMLBooleans() {
        let schema = FrontMatterSchema.tiledown
        #expect(schema.problem(with: "maybe", for: "draft", dialect: .yaml)
            == "`draft` must be true or false (yes/no, on/off and 1/0 are text in YAML, written in quotes); found `maybe`")
        #expect(schema.hint(for: "draft", dialect: .yaml) == "true or false (yes/no, on/off and 1/0 are text in YAML, written in quotes)")
        // Tiledown's flat dialect reads the words itself.
        #expect(schema.problem(with: "maybe", for: "draft", dialect: .tiledown) == "`draft` must be true or false (yes/no, on/off, 1/0); found `maybe`")
        #expect(schema.hint(for: "draft", dialect: .tiledown) == "true or false (also yes/no, on/off, 1/0)")
    }

    /// Every word Tiledown takes for a boolean, in any case, is written to
    /// YAML front matter so that it reads back as that text: `true`,
    /// `false` and the digits plain, the others in quotes (`TRUE` too,
    /// which YAML 1.1 readers do not all take).
    @Test func everyBooleanWordReadsBackAsWrittenInYAMLFrontMatter() throws {
        for (on, off) in BooleanWord.pairs {
            for word in [on, off, on.uppercased(), off.capitalized] {
                var page = MarkdownDocument("---\ntitle: T\n---\n", dialect: .yaml)
                try page.perform(.setFrontMatterField(key: "draft", value: word))
                #expect(page.frontMatter?["draft"] == word)
                let line = ["true", "false", "1", "0"].contains(word) ? "draft: \(word)\n" : "draft: \"\(word)\"\n"
                #expect(page.text == "---\ntitle: T\n" + line + "---\n", "\(word)")
            }
        }
    }
}
