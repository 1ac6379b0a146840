import Testing
import TileditFixtures
@testable import TileditModel

/// Tab-led block scalars found before libyaml reads (`YAMLInputPatches.prescanned`):
/// a file with hundreds of them is read by one libyaml parse, not one per
/// scalar, and reads exactly as reading stop by stop does (values,
/// errors, the places read past and their diagnostics), also where the
/// guess is wrong (a `|` in a quoted scalar) or incomplete (a header on a
/// line of its own, tabs before comments).
@Suite("YAML tab-led block scalars found in one pass")
struct YAMLTabPrescanTests {
    /// The result of parsing `text` with and without the pre-scan, and
    /// the libyaml parses each took (counted by `ParseWorkCounter`).
    static func both(_ text: String) -> (prescanned: YAMLParseResult, stopByStop: YAMLParseResult, parses: (Int, Int)) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let first = ParseWorkCounter()
            let prescanned = ParseWorkCounter.$current.withValue(first) {
                YAMLParser.parse(buffer, maximumDepth: YAMLParser.defaultMaximumDepth, prescanning: true)
            }
            let second = ParseWorkCounter()
            let stopByStop = ParseWorkCounter.$current.withValue(second) {
                YAMLParser.parse(buffer, maximumDepth: YAMLParser.defaultMaximumDepth, prescanning: false)
            }
            return (prescanned, stopByStop, (first.parseCount, second.parseCount))
        }
    }

    /// The diagnostics of `result` for `text` (codes, places, messages, fixes).
    static func diagnostics(_ result: YAMLParseResult, _ text: String) -> [BlockDiagnostic] {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            YAMLChecks.diagnostics(documents: result.documents, error: result.error, bytes: buffer, lineBase: 0, readPast: result.readPast).all
        }
    }

    /// One top-level entry holding a tab-led block scalar, in one of many
    /// shapes (nested, in a sequence, folded, chomped, with a comment,
    /// after empty lines), with `lineEnding`.
    static func entry(_ number: Int, random: inout SeededGenerator, lineEnding: String) -> String {
        let body = "\t\(["make", "naïve", "日本", "x"].randomElement(using: &random) ?? "x") \(number)"
        let lines: [String] = switch Int.random(in: 0..<7, using: &random) {
        case 0: ["k\(number): |", "  \(body)", "  \tmore"]
        case 1: ["k\(number):", "  inner: >-", "    \(body)"]
        case 2: ["k\(number):", "  - |+", "    \(body)", ""]
        case 3: ["k\(number): | # note", "", "   \(body)"]
        case 4: ["k\(number):", "  - - >", "      \(body)"]
        case 5: ["k\(number):", "  - a: 1", "    b: |", "      \(body)"]
        default: ["k\(number): &a\(number) |-", " \(body)"]
        }
        return lines.joined(separator: lineEnding) + lineEnding
    }

    @Test func hundredsOfTabLedBlockScalarsAreReadByOneParseAsStopByStop() {
        for seed in UInt64(0)..<4 {
            var random = SeededGenerator(seed: seed)
            let lineEnding = seed % 2 == 0 ? "\n" : "\r\n"
            let text = (0..<300).map { Self.entry($0, random: &random, lineEnding: lineEnding) }.joined()
            let (prescanned, stopByStop, parses) = Self.both(text)
            #expect(prescanned == stopByStop, "seed \(seed)")
            #expect(prescanned.error == nil && prescanned.readPast.count == 300, "seed \(seed)")
            #expect(Self.diagnostics(prescanned, text) == Self.diagnostics(stopByStop, text), "seed \(seed)")
            #expect(Self.diagnostics(prescanned, text).filter { $0.code == .yamlLibyamlStops }.count == 300, "seed \(seed)")
            #expect(parses == (1, 301), "seed \(seed)")
        }
    }

    @Test(arguments: [
        // A `|` in a quoted scalar that a tab-led line follows: the guess is wrong, reading stop by stop decides.
        "a: \"x |\n  \ty\"\nk: |\n  \tz\n",
        // A header on a line of its own: not guessed, found when libyaml stops.
        "k:\n  |\n   \tz\nj: |\n  \tw\n",
        // Tabs before comments: read past stop by stop, the scalars guessed.
        "k: 1\n\t# note\nj: |\n  \tw\n\t# after\nl: >\n  \tv\n",
        // An error after guessed scalars: read stop by stop, the same error.
        "k: |\n  \tx\nj: [1\n",
        // An indicator already written, and a column the line does not say.
        "k: |2\n  \tx\nj: >\n\t\n",
        // A tab-led line more indented than the guess allows (more than 9).
        "k: |\n            \tx\n",
    ])
    func aWrongOrIncompleteGuessReadsAsStopByStop(_ text: String) {
        let (prescanned, stopByStop, _) = Self.both(text)
        #expect(prescanned == stopByStop)
        #expect(Self.diagnostics(prescanned, text) == Self.diagnostics(stopByStop, text))
    }

    @Test func aFileWithoutTabLedBlockScalarsIsReadByOneParse() {
        var generator = YAMLGenerator(seed: 5)
        let text = generator.document(bytes: 20_000)
        let (prescanned, stopByStop, parses) = Self.both(text)
        #expect(prescanned == stopByStop)
        #expect(parses == (1, 1))
    }
}
