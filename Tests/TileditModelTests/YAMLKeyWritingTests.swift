import Testing
import TileditFixtures
@testable import TileditModel

/// Keys the editor writes (a key added with or without a value, a key
/// renamed) read back as exactly the key given, in block and flow mappings:
/// quoted when plain would read otherwise, and in a flow mapping also when
/// it holds `,[]{}`, which end a plain key there.
@Suite("YAML keys are written so they read back")
struct YAMLKeyWritingTests {
    private static func performed(_ operation: YAMLOperation, on text: String) throws -> String {
        var file = YAMLFileDocument(text)
        _ = try file.perform(operation)
        return file.text
    }

    @Test func aKeyWithAFlowIndicatorAddedToAFlowMappingIsQuoted() throws {
        let root = YAMLPath([])
        #expect(try Self.performed(.addKey(to: root, key: "a,b", value: "2"), on: "{x: 1}\n") == "{x: 1, \"a,b\": 2}\n")
        #expect(try Self.performed(.addKey(to: root, key: "a]b", value: nil), on: "{x: 1}\n") == "{x: 1, \"a]b\"}\n")
        #expect(try Self.performed(.addKey(to: YAMLPath(parsing: "m"), key: "{k}", value: "v"), on: "m: {x: 1}\n") == "m: {x: 1, \"{k}\": v}\n")
        // In a block mapping the same characters need no quotes after the first.
        #expect(try Self.performed(.addKey(to: root, key: "a,b", value: "2"), on: "x: 1\n") == "x: 1\na,b: 2\n")
        #expect(try Self.performed(.renameKey(YAMLPath(parsing: "x"), to: "p,q"), on: "{x: 1}\n") == "{\"p,q\": 1}\n")
        // `?` and a first `:` are indicators in a flow collection; a later `:` is not.
        #expect(try Self.performed(.addKey(to: root, key: "?a", value: "2"), on: "{x: 1}\n") == "{x: 1, \"?a\": 2}\n")
        #expect(try Self.performed(.addKey(to: root, key: ":a", value: "2"), on: "{x: 1}\n") == "{x: 1, \":a\": 2}\n")
        #expect(try Self.performed(.addKey(to: root, key: "a?b", value: "2"), on: "{x: 1}\n") == "{x: 1, \"a?b\": 2}\n")
        #expect(try Self.performed(.appendItem(to: YAMLPath(parsing: "k"), item: "http://x.org"), on: "k: [a]\n") == "k: [a, http://x.org]\n")
        #expect(try Self.performed(.addKey(to: root, key: "?a", value: "2"), on: "x: 1\n") == "x: 1\n?a: 2\n")
    }

    /// Generated keys of YAML's indicator characters, spaces, quotes,
    /// digits and non-ASCII letters, added (with a value and without) to
    /// a block and a flow mapping and renamed to: every edit is taken, and
    /// the key reads back as given, the other pairs unchanged.
    @Test(arguments: 0..<16)
    func generatedKeysAreWrittenSoTheyReadBackInBlockAndFlowMappings(seed: Int) throws {
        let alphabet = ["a", "b", " ", ",", "[", "]", "{", "}", ":", "#", "?", "-", "\"", "'", "1", ".", "&", "*", "!", "|", ">", "%", "@", "`", "é", "😀", "\t", "\\"]
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<25 {
            let key = (0..<Int.random(in: 1...5, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }.joined()
            for text in ["x: 1\n", "{x: 1}\n", "m: {x: 1}\n", "m:\n  x: 1\n"] where key != "x" {
                let mapping = text.hasPrefix("m") ? YAMLPath(parsing: "m") : YAMLPath([])
                for value: String? in ["v", nil] {
                    var file = YAMLFileDocument(text)
                    do { _ = try file.perform(.addKey(to: mapping, key: key, value: value)) } catch {
                        Issue.record("adding \(key) to \(text): \(error)")
                        continue
                    }
                    let pairs = try #require(file.node(at: mapping)?.pairs, "\(key) in \(text)")
                    #expect(pairs.map { $0.key.scalar?.value } == ["x", key], "\(key) in \(text)")
                    #expect(pairs.last?.value.scalar?.value == value ?? "", "\(key) in \(text)")
                }
                var renamed = YAMLFileDocument(text)
                do { _ = try renamed.perform(.renameKey(YAMLPath(mapping.components + [.key("x")]), to: key)) } catch {
                    Issue.record("renaming to \(key) in \(text): \(error)")
                }
                #expect(renamed.node(at: mapping)?.pairs?.map { $0.key.scalar?.value } == [key], "rename to \(key) in \(text)")
            }
        }
    }
}
