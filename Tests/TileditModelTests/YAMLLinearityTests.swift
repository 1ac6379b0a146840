import Testing
import TileditModel

/// Reading, checking and editing YAML (files and front matter) does work in
/// proportion to the input: the steps counted by `ParseWorkCounter` at
/// size 2n are about twice those at size n, for inputs that once took
/// quadratic time (40,000 front-matter keys) and inputs made to stress one
/// check (every key the same, runs of invisible characters, many aliases
/// of one anchor, many documents). Nothing is timed.
@Suite("YAML work grows linearly")
struct YAMLLinearityTests {
    /// Steps `body` takes.
    private static func work(_ body: () throws -> Void) rethrows -> Int {
        let counter = ParseWorkCounter()
        try ParseWorkCounter.$current.withValue(counter) { try body() }
        return counter.count
    }

    /// Work at 2n over work at n (n = 2,000: a quadratic step would make it about 4).
    private static func growth(_ input: (Int) -> String, _ body: (String) throws -> Void) rethrows -> Double {
        let small = try work { try body(input(2_000)) }
        let large = try work { try body(input(4_000)) }
        #expect(small > 2_000)
        return Double(large) / Double(small)
    }

    static let inputs: [(String, @Sendable (Int) -> String)] = [
        ("distinct keys", { n in (0..<n).map { "key\($0): value number \($0)\n" }.joined() }),
        ("one key written n times", { n in String(repeating: "k: v\n", count: n) }),
        ("keys with invisible characters", { n in (0..<n).map { "k\u{200B}\($0): \u{A0}v\u{A0}\n" }.joined() }),
        ("a line of no-break spaces", { n in "a: x" + String(repeating: "\u{A0}", count: n) + "y\n" }),
        ("indentations of no-break spaces", { n in "a:\n" + String(repeating: "\u{A0}\u{A0}b: 1\n", count: n) }),
        ("values cut short", { n in (0..<n).map { "k\($0): Issue #\($0)\n" }.joined() }),
        ("aliases of one anchor", { n in "base: &b x\n" + (0..<n).map { "k\($0): *b\n" }.joined() }),
        ("multi-byte text", { n in (0..<n).map { "k\($0): é日🚀 \($0)\n" }.joined() }),
        ("keys that look alike", { n in (0..<n).map { "caf\u{E9}\($0): 1\ncafe\u{301}\($0): 2\n" }.joined() }),
    ]

    @Test(arguments: inputs.map(\.0))
    func readingAndCheckingAYAMLFile(_ name: String) throws {
        let input = try #require(Self.inputs.first { $0.0 == name }?.1)
        let ratio = Self.growth(input) { _ = YAMLFileDocument($0) }
        #expect(ratio < 2.3, "\(name): \(ratio)")
    }

    @Test(arguments: inputs.map(\.0))
    func readingFrontMatterInBothDialects(_ name: String) throws {
        let input = try #require(Self.inputs.first { $0.0 == name }?.1)
        for dialect in [FrontMatterDialect.yaml, .tiledown] {
            let ratio = Self.growth({ "---\n" + input($0) + "---\n\nBody\n" }) { _ = MarkdownDocument($0, dialect: dialect) }
            #expect(ratio < 2.3, "\(name), \(dialect): \(ratio)")
        }
    }

    @Test func settingTheLastKeyOfABigMapping() throws {
        let ratio = try Self.growth({ n in (0..<n).map { "key\($0): value \($0)\n" }.joined() }) { text in
            var file = YAMLFileDocument(text)
            try file.setValue(at: YAMLPath([.key("key1999")]), to: "new")
            try file.setValue(at: YAMLPath([.key("added")]), to: "new")
        }
        #expect(ratio < 2.3, "\(ratio)")
    }

    @Test func settingAnAnchoredValueThatManyAliasesRead() throws {
        let ratio = try Self.growth({ n in "base: &b x\n" + (0..<n).map { "k\($0): *b\n" }.joined() }) { text in
            var file = YAMLFileDocument(text)
            let change = try file.setValue(at: YAMLPath([.key("base")]), to: "y")
            #expect(change.notes.count == 1)
        }
        #expect(ratio < 2.3, "\(ratio)")
    }

    @Test func settingAFrontMatterFieldOfABigBlock() throws {
        let ratio = try Self.growth({ n in "---\n" + (0..<n).map { "key\($0): value \($0)\n" }.joined() + "---\n" }) { text in
            var document = MarkdownDocument(text, dialect: .yaml)
            try document.perform(.setFrontMatterField(key: "key1999", value: "new"))
        }
        #expect(ratio < 2.3, "\(ratio)")
    }

    @Test func choosingTheDocumentOfAPathInALongStream() throws {
        let ratio = try Self.growth({ n in (0..<n).map { "n\($0): \($0)\n---\n" }.joined() + "last: 1\n" }) { text in
            var file = YAMLFileDocument(text)
            guard case .document(let index) = file.document(for: YAMLPath([.key("last")])) else {
                Issue.record("no document")
                return
            }
            try file.setValue(at: YAMLPath([.key("last")]), to: "2", document: index)
        }
        #expect(ratio < 2.3, "\(ratio)")
    }
}
