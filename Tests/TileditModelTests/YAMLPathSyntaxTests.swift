import Testing
import TileditFixtures
@testable import TileditModel

/// A dotted path names its keys one way only: `YAMLPath(validating:)`
/// refuses a quote that does not open or close a whole key, a quote never
/// closed, an escape other than `\"` and `\\`, and an empty key not
/// written `""`, where `init(parsing:)` would read a key the user did not
/// write (`"a.b` as `a.b`, `x"a.b"` as `xa.b`).
@Suite("YAML path syntax")
struct YAMLPathSyntaxTests {
    private static let hint = "a key holding dots or quotes is written whole in double quotes, as `a.\"b.c\"`"

    @Test(arguments: [
        ("\"a.b", "`\"a.b` is not a path: the `\"` opened here is never closed (character 1); \(hint)"),
        ("a.\"b", "`a.\"b` is not a path: the `\"` opened here is never closed (character 3); \(hint)"),
        ("x\"a.b\"", "`x\"a.b\"` is not a path: a `\"` inside a key that does not start with one (character 2); \(hint)"),
        ("\"a.b\"x", "`\"a.b\"x` is not a path: text after the quoted key's closing `\"` (character 6); \(hint)"),
        ("a..b", "`a..b` is not a path: a key is empty (an empty key is written `\"\"`) (character 3); \(hint)"),
        (".a", "`.a` is not a path: a key is empty (an empty key is written `\"\"`) (character 1); \(hint)"),
        ("a.", "`a.` is not a path: the path ends with a dot (character 2); \(hint)"),
        ("\"a\\nb\"", "`\"a\\nb\"` is not a path: `\\n` is no escape; inside quotes only `\\\"` and `\\\\` are (character 3); \(hint)"),
        ("", "the path is empty"),
    ])
    func malformedPathsAreRefusedWithTheirPlace(text: String, message: String) {
        #expect(YAMLPath.syntaxProblem(in: text) == message)
        #expect(throws: EditError.pathNotFound(message: message)) { try YAMLPath(validating: text) }
    }

    @Test(arguments: [
        ("a.\"b.c\"", [YAMLPathComponent.key("a"), .key("b.c")]),
        ("\"a\\\"b\"", [.key("a\"b")]),
        ("\"a\\\\b\"", [.key("a\\b")]),
        ("\"\"", [.key("")]),
        ("years.2024", [.key("years"), .index(2024)]),
        ("a.007", [.key("a"), .key("007")]),
        ("\"a\".\"b\"", [.key("a"), .key("b")]),
        ("a\\b.c", [.key("a\\b"), .key("c")]),
        ("café.ü", [.key("café"), .key("ü")]),
    ])
    func wellFormedPathsReadAsBefore(text: String, components: [YAMLPathComponent]) throws {
        #expect(YAMLPath.syntaxProblem(in: text) == nil)
        #expect(try YAMLPath(validating: text) == YAMLPath(components))
        #expect(YAMLPath(parsing: text) == YAMLPath(components))
    }

    /// Generated: any path's `quotedText` (keys holding dots, quotes,
    /// backslashes, digits, nothing) is well formed and reads back as that
    /// path.
    @Test func everyQuotedPathIsAcceptedAndReadsBack() throws {
        let pieces = ["a", ".", "\"", "\\", "1", "é", " ", ":", "0"]
        var random = SeededGenerator(seed: 2026_12_03)
        for _ in 0..<500 {
            let components: [YAMLPathComponent] = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                if Int.random(in: 0..<4, using: &random) == 0 { return .index(Int.random(in: 0...30, using: &random)) }
                return .key((0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined())
            }
            let path = YAMLPath(components)
            #expect(try YAMLPath(validating: path.quotedText) == path, "\(path.quotedText)")
        }
    }

    /// Generated: over strings of the characters that matter, the check
    /// accepts exactly the grammar `component ( "." component )*`, a
    /// component being `"` (any character but `"` and `\`, or `\"`, `\\`)*
    /// `"` or one or more characters other than `.` and `"`; and an
    /// accepted text reads as the same path as its `quotedText`.
    @Test func theCheckAcceptsExactlyTheGrammar() throws {
        let pieces = ["a", "b", ".", "\"", "\\", "1"]
        var random = SeededGenerator(seed: 1435)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            let accepted = YAMLPath.syntaxProblem(in: text) == nil
            #expect(accepted == Self.matchesGrammar(Array(text.unicodeScalars)), "\(text.debugDescription)")
            if accepted {
                let path = YAMLPath(parsing: text)
                #expect(YAMLPath(parsing: path.quotedText) == path, "\(text.debugDescription)")
            }
        }
    }

    /// A reference reading of the grammar, component by component.
    private static func matchesGrammar(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while true {
            guard index < scalars.count else { return false }
            if scalars[index] == "\"" {
                index += 1
                var closed = false
                while index < scalars.count {
                    let scalar = scalars[index]
                    if scalar == "\\" {
                        guard index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "\\" else { return false }
                        index += 2
                    } else if scalar == "\"" {
                        index += 1
                        closed = true
                        break
                    } else {
                        index += 1
                    }
                }
                guard closed else { return false }
            } else {
                let start = index
                while index < scalars.count && scalars[index] != "." && scalars[index] != "\"" { index += 1 }
                guard index > start else { return false }
                if index < scalars.count && scalars[index] == "\"" { return false }
            }
            if index == scalars.count { return true }
            guard scalars[index] == "." else { return false }
            index += 1
        }
    }
}
