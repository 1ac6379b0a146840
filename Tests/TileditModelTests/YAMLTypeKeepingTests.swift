import Testing
import TileditFixtures
@testable import TileditModel

/// One rule for every writer of scalars (`YAMLScalarWriter.intent`): a
/// plain value keeps its type when the new text reads as that type
/// written plain; a null takes the type its new text reads as; text shaped
/// like a timestamp that names no day, in place of a timestamp, is refused.
@Suite("YAML values keep their type")
struct YAMLTypeKeepingTests {
    private static func set(_ text: String, _ key: String, _ value: String) throws -> String {
        var file = YAMLFileDocument(text)
        _ = try file.setValue(at: YAMLPath(parsing: key), to: value)
        return file.text
    }

    /// Every spelling YAML 1.1 reads as a boolean, given `true` or `false`,
    /// becomes that boolean written plain (in a file and in front matter).
    @Test func trueOrFalseInPlaceOfAYAML11BooleanWordIsThatBoolean() throws {
        let words = ["yes", "no", "on", "off", "y", "n"].flatMap { [$0, $0.uppercased(), $0.prefix(1).uppercased() + $0.dropFirst()] }
        for word in Set(words) where YAMLScalarType.yaml11(plain: word) == .boolean {
            for value in ["true", "false"] {
                #expect(try Self.set("k: \(word)\n", "k", value) == "k: \(value)\n", "\(word) → \(value)")
                var page = MarkdownDocument("---\ndraft: \(word)\n---\n", dialect: .yaml)
                _ = try page.perform(.setFrontMatterField(key: "draft", value: value))
                #expect(page.text == "---\ndraft: \(value)\n---\n", "front matter \(word) → \(value)")
            }
        }
    }

    @Test(arguments: [
        ("hex: 0x1F\n", "hex", "0x20", "hex: 0x20\n"),
        ("n: 10 # c\n", "n", "0x20", "n: 0x20 # c\n"),
        ("o: 017\n", "o", "0x20", "o: 0x20\n"),
        ("o: 0o17\n", "o", "0o20", "o: \"0o20\"\n"),
        ("f: 1.5\n", "f", "2.25", "f: 2.25\n"),
        // A float's trailing zero would be lost: a version number is text (shared case 11).
        ("f: 1.5\n", "f", "1.20", "f: \"1.20\"\n"),
        ("f: 1.5\n", "f", ".inf", "f: .inf\n"),
        ("b: true\n", "b", "False", "b: False\n"),
        ("nul: null\n", "nul", "3", "nul: 3\n"),
        ("nul: ~\n", "nul", "true", "nul: true\n"),
        ("nul: ~\n", "nul", "0x20", "nul: 0x20\n"),
        ("nul: ~\n", "nul", "2.5", "nul: 2.5\n"),
        ("nul: ~\n", "nul", "yes", "nul: \"yes\"\n"),
        ("nul: ~\n", "nul", "2024-13-01", "nul: \"2024-13-01\"\n"),
        ("nul: ~\n", "nul", "2024-01-05", "nul: 2024-01-05\n"),
        ("d: 2024-01-05\n", "d", "2024-02-29", "d: 2024-02-29\n"),
        ("s: \"0x1F\"\n", "s", "0x20", "s: \"0x20\"\n"),
        ("s: text\n", "s", "0x20", "s: \"0x20\"\n"),
        ("n: 10\n", "n", "yes", "n: \"yes\"\n"),
        // `true`/`false` in place of a word YAML 1.1 reads as a boolean is that boolean.
        ("draft: no\n", "draft", "true", "draft: true\n"),
        ("draft: On # c\n", "draft", "false", "draft: false # c\n"),
        ("answer: y\n", "answer", "n", "answer: \"n\"\n"),
        ("answer: y\n", "answer", "True", "answer: \"True\"\n"),
        ("draft: 1\n", "draft", "false", "draft: \"false\"\n"),
        ("n: 10\n", "n", "1e3", "n: \"1e3\"\n"),
        // An empty value given no text stays as written, a null: no byte changes.
        ("empty:\nnext: 1\n", "empty", "", "empty:\nnext: 1\n"),
        // Readers disagree on a leading zero (octal to YAML 1.1) and drop a float's trailing zero.
        ("zip: ~\n", "zip", "02134", "zip: \"02134\"\n"),
        ("mode:\n", "mode", "0755", "mode: \"0755\"\n"),
        ("version: null\n", "version", "1.10", "version: \"1.10\"\n"),
        ("n: 12\n", "n", "007", "n: \"007\"\n"),
        ("mode: 0755 # octal\n", "mode", "0644", "mode: 0644 # octal\n"),
        ("mode: 0755\n", "mode", "420", "mode: 420\n"),
        // An integer and a float are both a number.
        ("weight: 10\n", "weight", "12.5", "weight: 12.5\n"),
        ("weight: 10\n", "weight", "12.50", "weight: \"12.50\"\n"),
        // PyYAML reads `1.0_0` as the float 1.0.
        ("n: 10\n", "n", "1.0_0", "n: \"1.0_0\"\n"),
        ("s: text\n", "s", "1.0_0", "s: \"1.0_0\"\n"),
        // YAML 1.1's value and merge types, which PyYAML's safe loader refuses as values.
        ("s: text\n", "s", "=", "s: \"=\"\n"),
        ("s: text\n", "s", "<<", "s: \"<<\"\n"),
        ("s: text\n", "s", "=a", "s: =a\n"),
    ])
    func setKeepsTheType(text: String, key: String, value: String, expected: String) throws {
        #expect(try Self.set(text, key, value) == expected)
    }

    @Test func aTimestampIsNotReplacedByTextThatNamesNoDay() {
        var file = YAMLFileDocument("lastmod: 2024-01-05\n")
        #expect(throws: EditError.invalidValue(message: "`lastmod` holds a date, and `2024-13-01` names no day of the calendar; nothing was changed")) {
            try file.setValue(at: YAMLPath(parsing: "lastmod"), to: "2024-13-01")
        }
        #expect(file.text == "lastmod: 2024-01-05\n")
    }

    @Test func frontMatterFollowsTheSameRule() throws {
        var page = MarkdownDocument("---\nlastmod: 2024-01-05\nhex: 0x1F\n---\n\nBody\n", dialect: .yaml)
        #expect(throws: EditError.self) {
            try page.perform(.setFrontMatterField(key: "lastmod", value: "2024-13-01"))
        }
        _ = try page.perform(.setFrontMatterField(key: "hex", value: "0x20"))
        #expect(page.text == "---\nlastmod: 2024-01-05\nhex: 0x20\n---\n\nBody\n")
    }

    /// Generated values of every type replaced by generated texts: the
    /// value read back is the text, and it is plain (of the old type)
    /// exactly when the rule says the type is kept.
    @Test(arguments: 0..<20)
    func generatedReplacementsReadBackAndKeepTypesByTheRule(seed: Int) throws {
        let olds = ["0x1F", "10", "-3", "0o7", "1.5", ".nan", "true", "FALSE", "null", "~", "2024-01-05", "2024-01-05T10:00:00Z", "text", "010", "1_000"]
        let news = ["0x20", "42", "+7", "0o17", "2.5", "1e3", "true", "no", "null", "2024-02-29", "2024-13-01", "x y", "0", "-.inf", "3.0", "12:30"]
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<20 {
            let old = olds[Int.random(in: 0..<olds.count, using: &random)]
            let new = news[Int.random(in: 0..<news.count, using: &random)]
            var file = YAMLFileDocument("k: \(old)\nz: 1\n")
            let oldScalar = try #require(file.node(at: YAMLPath(parsing: "k"))?.scalar)
            if let problem = YAMLScalarWriter.timestampProblem(for: new, replacing: oldScalar, name: "k") {
                #expect(throws: EditError.invalidValue(message: problem)) { try file.setValue(at: YAMLPath(parsing: "k"), to: new) }
                continue
            }
            _ = try file.setValue(at: YAMLPath(parsing: "k"), to: new)
            let read = try #require(file.node(at: YAMLPath(parsing: "k"))?.scalar, "\(old) → \(new)")
            #expect(read.value == new, "\(old) → \(new)")
            let oldIsNull = YAMLScalarType.core(oldScalar) == .null
            if !oldIsNull && YAMLScalarWriter.keepsType(old, new) {
                #expect(read.style == .plain, "\(old) → \(new)")
                #expect(YAMLScalarType.core(read) == YAMLScalarType.core(oldScalar), "\(old) → \(new)")
            } else if oldIsNull, let type = YAMLScalarWriter.agreedType(new), type != .string, YAMLScalarWriter.readsAsWritten(new, type) {
                // A null takes the type its new text reads as.
                #expect(read.style == .plain, "\(old) → \(new)")
            } else if read.style == .plain && old != new {
                // Written plain otherwise only as a new value would be, or as a
                // number in place of one (`10` to `3.0`).
                let number = YAMLValueType(oldScalar) == .number && YAMLScalarType.core(read) == .float
                #expect(YAMLScalarWriter.intent(for: new, replacing: nil) == .typed(new) || YAMLScalarWriter.agreedType(new) == .string || number,
                        "\(old) → \(new)")
            }
        }
    }

    /// Generated number-like texts (digits, `0`, `.`, `_`, signs, `x`, `o`,
    /// `e`) typed in place of a null, an integer, a float, a string, or as
    /// a new key: the value reads back as the text, and when it is written
    /// plain YAML 1.2 and YAML 1.1 readers read it as the same value, the
    /// one its characters say (never `02134` read as 2134 or 1116, `1.10`
    /// as 1.1, `1.0_0` as 1.0), in a YAML file and in front matter alike.
    @Test(arguments: 0..<16)
    func generatedNumberLikeTextsWrittenPlainReadAsTheSameValueEverywhere(seed: Int) throws {
        let alphabet = Array("00123789._+-xoe")
        let olds = ["~", "", "12", "1.5", "0755", "text", "0x1F"]
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<40 {
            let length = Int.random(in: 1...5, using: &random)
            let new = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            let old = olds[Int.random(in: 0..<olds.count, using: &random)]
            var file = YAMLFileDocument("k: \(old)\nz: 1\n")
            _ = try file.setValue(at: YAMLPath(parsing: "k"), to: new)
            let read = try #require(file.node(at: YAMLPath(parsing: "k"))?.scalar, "\(old) → \(new)")
            #expect(read.value == new, "\(old) → \(new)")
            var page = MarkdownDocument("---\nk: \(old)\n---\n", dialect: .yaml)
            _ = try page.perform(.setFrontMatterField(key: "k", value: new))
            let line = try #require(page.text.split(separator: "\n").dropFirst().first, "front matter \(old) → \(new)")
            for (written, place) in [(read.style == .plain ? read.value : nil, "file"), (line == "k: \(new)" ? new : nil, "front matter")] {
                guard let written, !(old == "0755" && Self.leadingZero(written)) else { continue }
                #expect(Self.everyReaderReadsAsWritten(written), "\(place): \(old) → \(new) written plain")
            }
        }
    }

    /// An oracle apart from the writer: whether `text`, plain, is text to
    /// both YAML versions, or the same number to both, written as that
    /// number's own spelling.
    private static func everyReaderReadsAsWritten(_ text: String) -> Bool {
        let core = YAMLScalarType.core(plain: text)
        guard core == YAMLScalarType.yaml11(plain: text) else { return false }
        switch core {
        case .integer: return !leadingZero(text)
        case .float: return Double(text).map { $0.description == text } ?? !text.contains(where: \.isNumber)
        default: return true
        }
    }

    private static func leadingZero(_ text: String) -> Bool {
        let digits = text.drop { $0 == "-" || $0 == "+" }
        return digits.count > 1 && digits.first == "0" && digits.allSatisfy(\.isNumber)
    }
}
