import Testing
import TileditFixtures
@testable import TileditModel

/// Keys and sequence items added with no value (`key:`, `-`, `null` in a
/// flow sequence), as the YAML editor adds them, and the value typed into
/// them afterwards: written by the type of its text (`30` an integer, not
/// the string `"30"`), every other byte as it was.
@Suite("YAML keys and items added without a value")
struct YAMLAddedWithoutValueTests {
    /// `text` after `operations` in turn on document `document`, each
    /// change's inverse giving the bytes before it back.
    func performed(_ operations: [YAMLOperation], on text: String, document: Int = 0) throws -> String {
        var file = YAMLFileDocument(text)
        for operation in operations {
            let before = file.bytes
            let change = try file.perform(operation, document: document)
            var undone = file
            undone.apply(change.inverse)
            #expect(undone.bytes == before, "the inverse of \(operation) does not give the bytes back")
        }
        return file.text
    }

    static func path(_ text: String) -> YAMLPath { YAMLPath(parsing: text) }

    /// The editor's commit of `text` typed into the new null: the field's type follows the text.
    static func typed(_ text: String, at path: String) -> YAMLOperation {
        .setScalar(Self.path(path), value: text, type: YAMLValueType.plain(text))
    }

    // MARK: Keys

    @Test func aKeyAddedToTheRootBlockMappingIsWrittenWithNoValueAndATypedNumberStaysANumber() throws {
        let add = YAMLOperation.addKey(to: YAMLPath([]), key: "age", value: nil)
        #expect(try performed([add], on: "name: Ada # first\nrole: admin\n") == "name: Ada # first\nrole: admin\nage:\n")
        #expect(try performed([add, Self.typed("30", at: "age")], on: "name: Ada\n") == "name: Ada\nage: 30\n")
        #expect(try performed([add, Self.typed("30", at: "age")], on: "name: Ada\r\nrole: x\r\n") == "name: Ada\r\nrole: x\r\nage: 30\r\n")
        let file = YAMLFileDocument(try performed([add, Self.typed("30", at: "age")], on: "name: Ada\n"))
        #expect(file.node(at: Self.path("age"))?.scalar.map(YAMLValueType.init) == .number)
    }

    @Test func aKeyAddedToANestedBlockMappingTakesItsColumnInLFAndCRLF() throws {
        let add = YAMLOperation.addKey(to: Self.path("m"), key: "z", value: nil)
        #expect(try performed([add], on: "m:\n  y: 1\nn: 2\n") == "m:\n  y: 1\n  z:\nn: 2\n")
        #expect(try performed([add], on: "m:\r\n  y: 1\r\nn: 2\r\n") == "m:\r\n  y: 1\r\n  z:\r\nn: 2\r\n")
        #expect(try performed([add, Self.typed("true", at: "m.z")], on: "m:\r\n  y: 1\r\nn: 2\r\n") == "m:\r\n  y: 1\r\n  z: true\r\nn: 2\r\n")
        // After a last pair with no value itself, and under a sequence item.
        #expect(try performed([add], on: "m:\n  y:\nn: 2\n") == "m:\n  y:\n  z:\nn: 2\n")
        let inItem = YAMLOperation.addKey(to: Self.path("l.0"), key: "b", value: nil)
        #expect(try performed([inItem, Self.typed("2.5", at: "l.0.b")], on: "l:\n  - a: 1\n  - c: 3\n") == "l:\n  - a: 1\n    b: 2.5\n  - c: 3\n")
    }

    @Test func aKeyAddedToAFlowMappingIsTheKeyAloneAndGetsItsColonWithItsValue() throws {
        let add = YAMLOperation.addKey(to: Self.path("m"), key: "key", value: nil)
        #expect(try performed([add], on: "m: {a: 1}\n") == "m: {a: 1, key}\n")
        #expect(try performed([add], on: "m: {a: 1}\r\nn: 2\r\n") == "m: {a: 1, key}\r\nn: 2\r\n")
        #expect(try performed([add], on: "m: {}\n") == "m: {key}\n")
        #expect(try performed([add, Self.typed("30", at: "m.key")], on: "m: { a: 1 }\n") == "m: { a: 1, key: 30 }\n")
        // libyaml 0.2.5 stops at `key:}`, which YAML 1.2 allows.
        #expect(YAMLFileDocument("m: {a: 1, key:}\n").isReadable == false)
        #expect(try performed([add, Self.typed("30", at: "m.key")], on: "m: {a: 1}\n") == "m: {a: 1, key: 30}\n")
        #expect(try performed([add, Self.typed("hello", at: "m.key")], on: "m: {a: 1}\n") == "m: {a: 1, key: hello}\n")
        let root = YAMLOperation.addKey(to: YAMLPath([]), key: "key", value: nil)
        #expect(try performed([root, Self.typed("2024-05-01", at: "key")], on: "{a: 1}\n") == "{a: 1, key: 2024-05-01}\n")
    }

    @Test func aKeyAddedToTheSecondDocumentOfAStreamChangesOnlyThatDocument() throws {
        let add = YAMLOperation.addKey(to: YAMLPath([]), key: "c", value: nil)
        #expect(try performed([add], on: "a: 1\n---\nb: 2\n", document: 1) == "a: 1\n---\nb: 2\nc:\n")
        #expect(try performed([add, Self.typed("false", at: "c")], on: "a: 1\r\n---\r\nb: 2\r\n...\r\n", document: 1)
            == "a: 1\r\n---\r\nb: 2\r\nc: false\r\n...\r\n")
    }

    @Test func eachTypeTypedIntoANewKeyIsWrittenAsItsTypeReadsPlain() throws {
        let add = YAMLOperation.addKey(to: YAMLPath([]), key: "k", value: nil)
        let cases: [(typed: String, written: String, type: YAMLValueType)] = [
            ("30", "k: 30", .number), ("-2.5", "k: -2.5", .number), ("true", "k: true", .boolean), ("2024-02-29", "k: 2024-02-29", .date),
            ("hello world", "k: hello world", .string), ("null", "k: null", .null), ("~", "k: ~", .null),
        ]
        for (typed, written, type) in cases {
            let text = try performed([add, Self.typed(typed, at: "k")], on: "a: 1\n")
            #expect(text == "a: 1\n" + written + "\n", "\(typed)")
            #expect(YAMLFileDocument(text).node(at: Self.path("k"))?.scalar.map(YAMLValueType.init) == type, "\(typed)")
        }
        // A number chosen as text is quoted; `tiledit set` (no type) takes a null's new text's type too.
        #expect(try performed([add, .setScalar(Self.path("k"), value: "30", type: .string)], on: "a: 1\n") == "a: 1\nk: \"30\"\n")
        #expect(try performed([add, .setScalar(Self.path("k"), value: "30", type: nil)], on: "a: 1\n") == "a: 1\nk: 30\n")
    }

    // MARK: Items

    @Test func anItemAddedToABlockSequenceIsADashAloneAndATypedNumberStaysANumber() throws {
        let add = YAMLOperation.appendItem(to: Self.path("list"), item: nil)
        #expect(try performed([add], on: "list:\n  - one\nnext: 1\n") == "list:\n  - one\n  -\nnext: 1\n")
        #expect(try performed([add], on: "list:\r\n- one\r\n") == "list:\r\n- one\r\n-\r\n")
        #expect(try performed([add, Self.typed("7", at: "list.1")], on: "list:\r\n  - one\r\n") == "list:\r\n  - one\r\n  - 7\r\n")
        // After a last item with no value itself.
        #expect(try performed([add], on: "list:\n  - a\n  -\nnext: 1\n") == "list:\n  - a\n  -\n  -\nnext: 1\n")
        // At the root, and in a stream's second document.
        let root = YAMLOperation.appendItem(to: YAMLPath([]), item: nil)
        #expect(try performed([root, Self.typed("delta", at: "1")], on: "- alpha\n") == "- alpha\n- delta\n")
        #expect(try performed([root], on: "a: 1\n---\n- x\n", document: 1) == "a: 1\n---\n- x\n-\n")
    }

    @Test func anItemAddedToAFlowSequenceIsNullAndTakesTheTypeTypedIntoIt() throws {
        let add = YAMLOperation.appendItem(to: Self.path("l"), item: nil)
        #expect(try performed([add], on: "l: [1, 2]\n") == "l: [1, 2, null]\n")
        #expect(try performed([add], on: "l: []\r\n") == "l: [null]\r\n")
        #expect(try performed([add, Self.typed("3", at: "l.2")], on: "l: [1, 2]\r\nm: 1\r\n") == "l: [1, 2, 3]\r\nm: 1\r\n")
        let file = YAMLFileDocument(try performed([add, Self.typed("3", at: "l.2")], on: "l: [1, 2]\n"))
        #expect(file.node(at: Self.path("l.2"))?.scalar.map(YAMLValueType.init) == .number)
    }

    // MARK: Generated

    /// Typed values of every type the field knows, as a writer types them.
    static let typedValues = ["42", "-7", "0", "2.5", "-0.75", "true", "false", "2024-02-29", "1999-12-31", "hello", "two words", "naïve", "null", "~"]

    /// Every mapping under `node` reached through unique scalar keys and
    /// sequence indexes (none through an alias), with its path.
    static func mappings(in node: YAMLNode, path: [YAMLPathComponent] = [], depth: Int = 0) -> [(path: YAMLPath, node: YAMLNode)] {
        guard depth < 32 else { return [] }
        var found: [(path: YAMLPath, node: YAMLNode)] = []
        if let pairs = node.pairs {
            found.append((YAMLPath(path), node))
            for pair in pairs {
                guard let key = pair.key.scalar?.value, YAMLKey.indexes(of: key, in: pairs).count == 1, key != "<<" else { continue }
                found += mappings(in: pair.value, path: path + [.key(key)], depth: depth + 1)
            }
        } else if let items = node.items {
            for (index, item) in items.enumerated() { found += mappings(in: item, path: path + [.index(index)], depth: depth + 1) }
        }
        return found
    }

    /// Whether `after` is `before` with one run of bytes inserted.
    static func isOneInsertion(_ before: [UInt8], into after: [UInt8]) -> Bool {
        guard after.count > before.count else { return false }
        var prefix = 0
        while prefix < before.count && before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix && before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        return prefix + suffix == before.count
    }

    @Test func aKeyAddedToGeneratedMappingsAndTypedReadsBackAsExactlyThatValueAndType() throws {
        var written = 0
        var refusals: [String] = []
        for seed in UInt64(0)..<40 {
            var generator = YAMLGenerator(seed: seed, lineEnding: seed % 3 == 0 ? "\r\n" : "\n")
            let text = generator.document(bytes: 1_500)
            let file = YAMLFileDocument(text)
            guard let root = file.documents.first?.root else {
                Issue.record("seed \(seed): no document")
                continue
            }
            var random = SeededGenerator(seed: seed &* 7919 &+ 1)
            let chosen = Self.mappings(in: root).shuffled(using: &random).prefix(6)
            for (mappingPath, mapping) in chosen {
                let typed = Self.typedValues.randomElement(using: &random) ?? "42"
                let type = YAMLValueType.plain(typed)
                let keyPath = YAMLPath(mappingPath.components + [.key("added-key")])
                let label = "seed \(seed) `\(mappingPath)` ← \(typed.debugDescription)"
                var copy = file
                do {
                    try copy.perform(.addKey(to: mappingPath, key: "added-key", value: nil))
                    #expect(copy.node(at: keyPath)?.scalar?.value == "", "\(label): not an empty null\n\(copy.text)")
                    try copy.perform(.setScalar(keyPath, value: typed, type: type))
                } catch {
                    refusals.append("\(label): \(error.message)")
                    continue
                }
                written += 1
                let scalar = copy.node(at: keyPath)?.scalar
                #expect(scalar?.value == typed && scalar.map(YAMLValueType.init) == type, "\(label)\n\(copy.text)")
                #expect(copy.node(at: mappingPath)?.pairs?.count == (mapping.pairs?.count ?? 0) + 1, "\(label)")
                #expect(Self.isOneInsertion(file.bytes, into: copy.bytes), "\(label)\n\(copy.text)")
                // Every other node reads as before: the events without the new pair's two.
                var events = YAMLEventStream.events(of: copy.documents)
                if let at = events.firstIndex(of: "=VAL :added-key"), at + 1 < events.count { events.removeSubrange(at...(at + 1)) }
                #expect(events == YAMLEventStream.events(of: file.documents), "\(label)\n\(copy.text)")
                #expect(copy.diagnostics.count == file.diagnostics.count, "\(label)")
            }
        }
        #expect(refusals.isEmpty, "\(refusals.joined(separator: "\n"))")
        #expect(written > 150)
    }
}
