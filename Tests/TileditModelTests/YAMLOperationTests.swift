import Testing
@testable import TileditModel

/// The YAML operations as `YAMLFileDocument` performs them: exact bytes
/// after each, the inverse giving the bytes back, and the refusals with
/// their reasons (the file then unchanged).
@Suite("YAML operations")
struct YAMLOperationTests {
    /// `text` after `operation`, checking that the change's inverse gives `text` back.
    func performed(_ operation: YAMLOperation, on text: String, document: Int = 0, dialect: YAMLFileDocument.Dialect = .yaml) throws -> String {
        var file = YAMLFileDocument(text, dialect: dialect)
        let change = try file.perform(operation, document: document)
        var undone = file
        undone.apply(change.inverse)
        #expect(undone.text == text, "the inverse of \(operation) does not give the bytes back")
        return file.text
    }

    /// The refusal of `operation` on `text`, checking the file stays as it was.
    func refusal(_ operation: YAMLOperation, on text: String, dialect: YAMLFileDocument.Dialect = .yaml) -> String? {
        var file = YAMLFileDocument(text, dialect: dialect)
        do {
            try file.perform(operation)
            return nil
        } catch {
            #expect(file.text == text)
            return error.message
        }
    }

    static func path(_ text: String) -> YAMLPath { YAMLPath(parsing: text) }

    // MARK: Scalars

    @Test func aTypedValueKeepsItsStyleOrIsQuotedToReadBackAsItsType() throws {
        #expect(try performed(.setScalar(Self.path("a"), value: "it's", type: .string), on: "a: 'x' # c\n") == "a: 'it''s' # c\n")
        #expect(try performed(.setScalar(Self.path("n"), value: "8080", type: .string), on: "n: 80\n") == "n: \"8080\"\n")
        #expect(try performed(.setScalar(Self.path("n"), value: "81", type: .number), on: "n: 80\n") == "n: 81\n")
        #expect(try performed(.setScalar(Self.path("o"), value: "", type: .null), on: "o: x\n") == "o: null\n")
        #expect(refusal(.setScalar(Self.path("n"), value: "80a", type: .number), on: "n: 80\n") == "`80a` is not a number (for example 42, -3.5 or 1e6)")
        #expect(refusal(.setScalar(Self.path("b"), value: "x", type: .string), on: "a: &x 1\nb: *x\n") == "this is an alias of `&x`; edit the anchored value")
    }

    @Test func aValueUnderAKeyWrittenTwiceIsRefusedNamingTheLines() {
        #expect(refusal(.setScalar(Self.path("a"), value: "x", type: .string), on: "a: 1\na: 2\n")
            == "`a` is written 2 times in its mapping (lines 1 and 2); YAML readers keep only one, so remove the others before editing it")
    }

    // MARK: Keys

    @Test func keysAreAddedRenamedInTheirQuotingAndRemoved() throws {
        #expect(try performed(.addKey(to: YAMLPath([]), key: "c", value: "three"), on: "a: 1\nb: 2\n") == "a: 1\nb: 2\nc: three\n")
        #expect(try performed(.addKey(to: Self.path("m"), key: "z", value: ""), on: "m:\n  y: 1\nn: 2\n") == "m:\n  y: 1\n  z: \"\"\nn: 2\n")
        #expect(try performed(.renameKey(Self.path("a"), to: "b c"), on: "'a': 1 # one\n") == "'b c': 1 # one\n")
        #expect(try performed(.renameKey(Self.path("a"), to: "x: y"), on: "a: 1\n") == "\"x: y\": 1\n")
        #expect(try performed(.removeKey(Self.path("b")), on: "a: 1\nb:\n  - x\nc: 3\n") == "a: 1\nc: 3\n")
        #expect(refusal(.addKey(to: YAMLPath([]), key: "a", value: "x"), on: "a: 1\n") == "`a` is already a key of this mapping")
        #expect(refusal(.renameKey(Self.path("a"), to: "b"), on: "a: 1\nb: 2\n") == "`b` is already a key of this mapping")
        #expect(refusal(.renameKey(Self.path("a"), to: ""), on: "a: 1\n") == "a key cannot be empty")
    }

    // MARK: Items

    @Test func itemsAreAppendedRemovedMovedAndDuplicatedWithTheirLines() throws {
        let list = "list:\n  - one\n  - two # second\n  - &t three\nnext: 1\n"
        #expect(try performed(.appendItem(to: Self.path("list"), item: "four"), on: list) == "list:\n  - one\n  - two # second\n  - &t three\n  - four\nnext: 1\n")
        #expect(try performed(.removeItem(Self.path("list.1")), on: list) == "list:\n  - one\n  - &t three\nnext: 1\n")
        #expect(try performed(.moveItem(Self.path("list.1"), by: -1), on: list) == "list:\n  - two # second\n  - one\n  - &t three\nnext: 1\n")
        #expect(try performed(.duplicateItem(Self.path("list.2")), on: list) == "list:\n  - one\n  - two # second\n  - &t three\n  - three\nnext: 1\n")
        #expect(try performed(.moveItem(Self.path("tags.0"), by: 1), on: "tags: [a, b, c]\n") == "tags: [b, a, c]\n")
        #expect(try performed(.removeItem(Self.path("tags.2")), on: "tags: [a, b, c]\n") == "tags: [a, b]\n")
        #expect(refusal(.moveItem(Self.path("list.0"), by: -1), on: list) == "the item is first already")
        #expect(refusal(.moveItem(Self.path("list.0"), by: 2), on: list) == "items move one place at a time")
        #expect(refusal(.removeItem(Self.path("next")), on: list) == "`next` is not an item of a sequence")
    }

    @Test func aFileThatDoesNotReadRefusesEveryOperationWithItsError() {
        #expect(refusal(.appendItem(to: Self.path("a"), item: "x"), on: "a: [1, 2\nb: 3\n")
            == "the block cannot be edited until it is fixed: 2:2: invalid YAML: while parsing a flow sequence: did not find expected ',' or ']'")
    }

    // MARK: Tiledown's flat lines

    @Test func tiledownYMLIsEditedAsItsFlatLinesAndRefusesNewMistakes() throws {
        let site = "title: Site\ntheme.dark.accent: #63b3ed\n"
        #expect(try performed(.setScalar(YAMLPath([.key("theme.dark.accent")]), value: "#fff", type: nil), on: site, dialect: .flat)
            == "title: Site\ntheme.dark.accent: #fff\n")
        #expect(try performed(.renameKey(YAMLPath([.key("title")]), to: "rssTitle"), on: site, dialect: .flat) == "rssTitle: Site\ntheme.dark.accent: #63b3ed\n")
        #expect(try performed(.addKey(to: YAMLPath([]), key: "rss", value: "true"), on: site, dialect: .flat) == site + "rss: true\n")
        #expect(try performed(.removeKey(YAMLPath([.key("title")])), on: site, dialect: .flat) == "theme.dark.accent: #63b3ed\n")
        #expect(refusal(.addKey(to: YAMLPath([]), key: "titel", value: "x"), on: site, dialect: .flat)
            == "the edit would leave an error (line 3: unknown key `titel`; the nearest known key, `title`, is already set on line 1: remove this line or give it another key. Tiledown stops the build on an unknown key); nothing was changed")
        #expect(refusal(.addKey(to: YAMLPath([]), key: "a: b", value: "x"), on: site, dialect: .flat) == "a key cannot hold `:`, which ends it")
        #expect(refusal(.appendItem(to: YAMLPath([.key("title")]), item: "x"), on: site, dialect: .flat) == "tiledown.yml holds `key: value` lines; it has no lists")
    }

    @Test func tiledownYMLReadsAsOneMappingOfItsRawValues() throws {
        let file = YAMLFileDocument("title: \"Quoted\"\nempty:\ntheme.dark.accent: #63b3ed\n", dialect: .flat)
        let pairs = try #require(file.root?.pairs)
        #expect(pairs.map { $0.key.scalar?.value } == ["title", "empty", "theme.dark.accent"])
        #expect(pairs.map { $0.value.scalar?.value } == ["\"Quoted\"", "", "#63b3ed"])
        #expect(pairs[0].value.range == 7..<15)
        #expect(file.node(at: YAMLPath([.key("theme.dark.accent")]))?.scalar?.value == "#63b3ed")
        #expect(YAMLFileDocument.Dialect(fileName: "tiledown.yml") == .flat)
        #expect(YAMLFileDocument.Dialect(fileName: "tiledown.yaml") == .flat)
        #expect(YAMLFileDocument.Dialect(fileName: "authors.yml") == .yaml)
    }
}
