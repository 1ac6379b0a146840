import Testing
import TileditFixtures
@testable import TileditModel

/// An alias refers to the most recent anchor of its name before it in its
/// document (YAML 1.2 §7.1, §3.2.2.2): one with none is an error at its
/// line and column, in YAML files and front matter, and `set`'s note about
/// places sharing an anchored value counts only the aliases that refer to
/// the anchor being edited.
@Suite("YAML aliases")
struct YAMLAliasTests {
    private static func errors(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.filter { $0.code == .yamlUndefinedAlias }.map {
            "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.message)"
        }
    }

    @Test(arguments: [
        ("x: *nope\ny: 1\n", ["1:4 error `*nope` refers to no anchor before it; an alias must come after an anchor `&nope` in the same document"]),
        ("x: *later\ny: &later 1\n", ["1:4 error `*later` refers to no anchor before it; an alias must come after an anchor `&later` in the same document"]),
        ("a: &a 1\n---\nb: *a\n", ["3:4 error `*a` refers to no anchor before it; an alias must come after an anchor `&a` in the same document"]),
        ("- [*x, &x 1, *x]\n", ["1:4 error `*x` refers to no anchor before it; an alias must come after an anchor `&x` in the same document"]),
        ("*k : v\nk: &k 1\n", ["1:1 error `*k` refers to no anchor before it; an alias must come after an anchor `&k` in the same document"]),
        ("a: &a 1\nb: *a\nc: &a 2\nd: *a\n", []),
        ("base: &b {x: 1}\nother:\n  <<: *b\n", []),
        ("&r [*r]\n", []),
    ])
    func aliasesBeforeTheirAnchorAreErrors(text: String, expected: [String]) {
        #expect(Self.errors(YAMLFileDocument(text).diagnostics) == expected)
    }

    @Test func frontMatterAliasesAreChecked() {
        let page = MarkdownDocument("---\ntitle: A\nauthor: *who\n---\n\nBody\n", dialect: .yaml)
        #expect(Self.errors(page.diagnostics) == [
            "3:9 error `*who` refers to no anchor before it; an alias must come after an anchor `&who` in the same document",
        ])
    }

    @Test func theNoteCountsOnlyAliasesOfTheAnchorEdited() throws {
        var file = YAMLFileDocument("x: *later\ny: &later 1\n")
        #expect(try file.setValue(at: YAMLPath(parsing: "y"), to: "2").notes == [])
        var redefined = YAMLFileDocument("a: &a 1\nb: *a\nc: &a 2\nd: *a\ne: *a\n")
        #expect(try redefined.setValue(at: YAMLPath(parsing: "a"), to: "5").notes == [
            "1 other place uses the anchor `a` (line 2) and will see this change",
        ])
        #expect(try redefined.setValue(at: YAMLPath(parsing: "c"), to: "6").notes == [
            "2 other places use the anchor `a` (lines 4, 5) and will see this change",
        ])
    }

    /// Generated YAML with an alias put before its anchor, and the mutator's
    /// output: every reported alias has no anchor of its name before it in
    /// its document, and every alias with none is reported.
    @Test(arguments: 0..<60)
    func everyAliasWithNoAnchorBeforeItIsReportedAndNoOther(seed: Int) {
        var generator = YAMLGenerator(seed: UInt64(seed))
        var mutator = YAMLMutator(seed: UInt64(seed))
        let base = generator.document(bytes: 600)
        let text = seed % 2 == 0 ? "first: *defaults\n" + base : mutator.mutate(base, count: 10)
        let file = YAMLFileDocument(text)
        let parsed = YAMLParser.parse(text)
        guard parsed.error == nil else { return }
        var expected: [Int] = []
        for document in parsed.documents {
            guard let root = document.root else { continue }
            var anchors: Set<String> = []
            var stack = [root]
            while let node = stack.popLast() {
                if let anchor = node.anchor { anchors.insert(anchor) }
                switch node.content {
                case .alias(let name): if !anchors.contains(name) { expected.append(node.range.lowerBound) }
                case .scalar: break
                case .mapping(let pairs): for pair in pairs.reversed() { stack.append(pair.value); stack.append(pair.key) }
                case .sequence(let items): stack.append(contentsOf: items.reversed())
                }
            }
        }
        let reported = file.diagnostics.filter { $0.code == .yamlUndefinedAlias }.map(\.range.lowerBound)
        #expect(reported == expected, "\(text)")
        if seed % 2 == 0 { #expect(reported.first == 7) }
    }
}
