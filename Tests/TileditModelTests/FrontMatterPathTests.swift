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
            == "`draft` must be true or false (yes/no and on/off are text in YAML, 1/0 numbers); found `maybe`")
        #expect(schema.hint(for: "draft", dialect: .yaml) == "true or false (yes/no and on/off are text in YAML, 1/0 numbers)")
        // Tiledown's flat dialect reads the words itself.
        #expect(schema.problem(with: "maybe", for: "draft", dialect: .tiledown) == "`draft` must be true or false (yes/no, on/off, 1/0); found `maybe`")
        #expect(schema.hint(for: "draft", dialect: .tiledown) == "true or false (also yes/no, on/off, 1/0)")
    }

    /// A typed field of YAML front matter is written plain when the new
    /// text is a valid value of its type, whatever the old value's style or
    /// type (quoted, another word, text, a null, a block scalar); any other
    /// text (`yes`, `1`, `maybe`) reads back as a value the field's
    /// rule refuses, so the edit leaves an error (the refusal of `set`).
    @Test func aTypedFieldsValidValueIsWrittenPlainWhateverTheOldStyle() throws {
        let olds = ["false", "true", "\"false\"", "'true'", "maybe", "yes", "1", "~", "", "\"\"", "|\n  x"]
        let cases: [(key: String, valid: [String], invalid: [String])] = [
            ("draft", ["true", "false", "TRUE"], ["yes", "no", "on", "1", "0", "maybe", "y"]),
            ("latest", ["true", "false"], ["Yes", "off"]),
            ("weight", ["3", "-12", "0"], ["007", "x", "1.5"]),
        ]
        for (key, valid, invalid) in cases {
            for old in olds {
                let source = "---\ntitle: T\n\(key):\(old.isEmpty ? "" : " " + old)\n---\n"
                for value in valid {
                    var page = MarkdownDocument(source, dialect: .yaml)
                    try page.perform(.setFrontMatterField(key: key, value: value))
                    #expect(page.text == "---\ntitle: T\n\(key): \(value)\n---\n", "\(key): \(old) to \(value)")
                    #expect(page.diagnostics.filter { $0.severity == .error }.isEmpty, "\(key): \(old) to \(value)")
                }
                for value in invalid {
                    var page = MarkdownDocument(source, dialect: .yaml)
                    _ = try? page.perform(.setFrontMatterField(key: key, value: value))
                    #expect(page.diagnostics.contains { $0.code == .frontMatterInvalidValue }, "\(key): \(old) to \(value)")
                }
            }
        }
        // A key not yet written is added plain too.
        var page = MarkdownDocument("---\ntitle: T\n---\n", dialect: .yaml)
        try page.perform(.setFrontMatterField(key: "draft", value: "true"))
        #expect(page.text == "---\ntitle: T\ndraft: true\n---\n")
    }

    /// Tile properties are Tiledown's own `key: value` text, never quoted:
    /// a typed property's valid value is written as given whatever the
    /// old value was, and an invalid one leaves the property's error.
    @Test func aTypedTilePropertyIsWrittenAsGivenAndAnInvalidValueIsAnError() throws {
        for old in ["maybe", "\"true\"", "yes", "0", ""] {
            let source = ":::tile chart\nid: c\ntype: bar\nlabels: a, b\nheight: 300\nlegend:\(old.isEmpty ? "" : " " + old)\nseries.A: 1, 2\n:::\n"
            for (key, value, line) in [("legend", "true", "legend: true"), ("legend", "no", "legend: no"), ("height", "720", "height: 720")] {
                var page = MarkdownDocument(source, dialect: .tiledown)
                let id = try #require(page.blocks(withTileID: "c").first)
                try page.perform(.setTileProperty(id, key: key, value: .text(value)))
                #expect(page.text.split(separator: "\n").contains(Substring(line)), "\(old) \(key)=\(value)")
                #expect(!page.diagnostics.contains { $0.code == .tileInvalidValue && $0.message.hasPrefix("`\(key)`") }, "\(old) \(key)=\(value)")
            }
            for (key, value) in [("legend", "maybe"), ("height", "x")] {
                var page = MarkdownDocument(source, dialect: .tiledown)
                let id = try #require(page.blocks(withTileID: "c").first)
                _ = try? page.perform(.setTileProperty(id, key: key, value: .text(value)))
                #expect(page.diagnostics.contains { $0.code == .tileInvalidValue && $0.message.hasPrefix("`\(key)`") }, "\(old) \(key)=\(value)")
            }
        }
    }

    /// `check` flags a boolean or whole number written in quotes, or a word
    /// YAML 1.2 reads as text, with the fix to the plain value where it is
    /// obvious; the fix leaves no error.
    @Test func aQuotedBooleanIsAnErrorWithTheFixToThePlainValue() {
        let cases: [(String, String?, String?)] = [
            ("draft: \"true\"", "`draft` must be true or false, written without quotes; found `\"true\"`, which YAML reads as text", "draft: true"),
            ("draft: 'no'", "`draft` must be true or false, written without quotes; found `\"no\"`, which YAML reads as text", "draft: false"),
            ("draft: yes", "`draft` must be true or false (yes/no and on/off are text in YAML, 1/0 numbers); found `yes`", "draft: true"),
            ("draft: \"maybe\"", "`draft` must be true or false, written without quotes; found `\"maybe\"`, which YAML reads as text", nil),
            ("weight: \"3\"", "`weight` must be a whole number, written without quotes; found `\"3\"`, which YAML reads as text", "weight: 3"),
            ("draft: false", nil, nil),
            ("draft: True", nil, nil),
        ]
        for (line, message, fixed) in cases {
            let page = MarkdownDocument("---\n\(line)\n---\n", dialect: .yaml)
            let errors = page.diagnostics.filter { $0.code == .frontMatterInvalidValue }
            #expect(errors.map(\.message) == (message.map { [$0] } ?? []), "\(line)")
            guard let fix = errors.first?.fix else {
                #expect(fixed == nil, "\(line)")
                continue
            }
            var bytes = Array(page.text.utf8)
            for edit in fix.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(edit.range, with: edit.replacement)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text == "---\n\(fixed ?? "")\n---\n", "\(line)")
            #expect(MarkdownDocument(text, dialect: .yaml).diagnostics.filter { $0.severity == .error }.isEmpty, "\(line)")
        }
    }
}
