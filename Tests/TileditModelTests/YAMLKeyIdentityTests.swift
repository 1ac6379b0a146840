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

    @Test func aPathNamingDifferentKeysWrittenAlikeIsRefusedSayingSo() {
        var file = YAMLFileDocument("1: a\n\"1\": b\n")
        #expect(throws: EditError.invalidValue(message: "`1` names 2 different keys in its mapping (lines 1 and 2), written alike but read as different types (as `1` and `\"1\"` are); a path cannot tell them apart, so edit the one you mean in the source")) {
            try file.setValue(at: YAMLPath(parsing: "1"), to: "z")
        }
        #expect(file.text == "1: a\n\"1\": b\n")
        var twice = YAMLFileDocument("a: 1\na: 2\n")
        #expect(throws: EditError.invalidValue(message: "`a` is written 2 times in its mapping (lines 1 and 2); YAML readers keep only one, so remove the others before editing it")) {
            try twice.perform(.removeKey(YAMLPath(parsing: "a")))
        }
    }

    /// Generated pairs of keys with the same characters in generated
    /// styles: an edit through the path is refused, and the refusal says
    /// "written 2 times" exactly when YAML reads them as one key.
    @Test(arguments: 0..<8)
    func generatedKeysWrittenAlikeAreRefusedWithTheReasonThatHolds(seed: Int) {
        let spellings: [(text: String, quoted: Bool)] = [("true", false), ("\"true\"", true), ("'true'", true), ("12", false), ("\"12\"", true), ("'12'", true)]
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<20 {
            let pick = Int.random(in: 0..<2, using: &random) * 3
            let first = spellings[pick + Int.random(in: 0..<3, using: &random)]
            let second = spellings[pick + Int.random(in: 0..<3, using: &random)]
            let text = "\(first.text): a\n\(second.text): b\n"
            var file = YAMLFileDocument(text)
            let key = pick == 0 ? "true" : "12"
            do {
                _ = try file.setValue(at: YAMLPath([.key(key)]), to: "z")
                Issue.record("\(text): the edit was taken")
            } catch {
                guard case .invalidValue(let message) = error else { Issue.record("\(text): \(error)"); continue }
                #expect(message.contains("is written 2 times") == (first.quoted == second.quoted), "\(text): \(message)")
            }
            #expect(file.text == text)
        }
    }
}
