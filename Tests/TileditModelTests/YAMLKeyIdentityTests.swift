import Testing
import TileditFixtures
import TileditModel

/// Keys are the same key when YAML reads them as the same value, however
/// they are spelled: `0x1` and `1` (the integer 1), `True` and `true`, `~`
/// and `null`, `1.0` and `1.00`; a quoted `"1"` is text, another key.
@Suite("YAML keys spelled two ways")
struct YAMLKeyIdentityTests {
    private static func report(_ text: String) -> [String] {
        YAMLFileDocument(text).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.code.rawValue) \($0.message)" }
    }

    @Test func oneValueSpelledTwoWaysIsAKeyWrittenTwiceNamingBothSpellings() {
        #expect(Self.report("0x1: a\n1: b\ntrue: c\nTrue: d\n~: e\nnull: f\n1.0: g\n1.00: h\n\"2\": i\n2: j\n") == [
            "2:1 error yaml.duplicate-key key `1` on line 2 is the same key as `0x1` on line 1 (YAML reads both as one value); YAML readers keep only one of them, so remove or rename one",
            "4:1 error yaml.duplicate-key key `True` on line 4 is the same key as `true` on line 3 (YAML reads both as one value); YAML readers keep only one of them, so remove or rename one",
            "6:1 error yaml.duplicate-key key `null` on line 6 is the same key as `~` on line 5 (YAML reads both as one value); YAML readers keep only one of them, so remove or rename one",
            "8:1 error yaml.duplicate-key key `1.00` on line 8 is the same key as `1.0` on line 7 (YAML reads both as one value); YAML readers keep only one of them, so remove or rename one",
        ])
        // A NaN equals nothing, a big integer is compared by its digits, a quoted key is text.
        #expect(Self.report(".nan: a\n.NaN: b\n99999999999999999999: c\n\"0x1\": d\n1: e\n") == [])
    }

    /// Generated spellings of integers, booleans and nulls as pairs of
    /// keys: a duplicate is reported exactly when both name one value.
    @Test(arguments: 0..<12)
    func generatedSpellingsAreOneKeyExactlyWhenTheyNameOneValue(seed: Int) {
        func spelling(_ value: Int, _ form: Int) -> String {
            switch form % 5 {
            case 0: String(value)
            case 1: "+" + String(value)
            case 2: "0x" + String(value, radix: 16)
            case 3: "0x" + String(value, radix: 16, uppercase: true)
            default: "0o" + String(value, radix: 8)
            }
        }
        let words: [(String, Int)] = [("true", 100), ("True", 100), ("TRUE", 100), ("false", 101), ("False", 101), ("~", 102), ("null", 102), ("NULL", 102)]
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<40 {
            var keys: [(text: String, value: Int)] = []
            for _ in 0..<2 {
                if Bool.random(using: &random) {
                    keys.append(words[Int.random(in: 0..<words.count, using: &random)])
                } else {
                    let value = Int.random(in: 10...13, using: &random)
                    keys.append((spelling(value, Int.random(in: 0..<5, using: &random)), value))
                }
            }
            let text = "\(keys[0].text): a\n\(keys[1].text): b\n"
            let duplicates = YAMLFileDocument(text).diagnostics.filter { $0.code.rawValue == "yaml.duplicate-key" }
            #expect(duplicates.count == (keys[0].value == keys[1].value ? 1 : 0), "\(text)")
            #expect(duplicates.first.map { $0.location.line == 2 } ?? true, "\(text)")
        }
    }
}
