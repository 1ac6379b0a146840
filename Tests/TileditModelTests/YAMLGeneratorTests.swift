import Testing
import TileditFixtures
import TileditModel

/// The generated YAML that tests and benchmarks rely on: deterministic,
/// valid, of the requested size.
@Suite("YAMLGenerator")
struct YAMLGeneratorTests {
    @Test(arguments: [UInt64(1), 7, 2024])
    func sameSeedGivesTheSameText(seed: UInt64) {
        var first = YAMLGenerator(seed: seed)
        var second = YAMLGenerator(seed: seed)
        #expect(first.document(bytes: 20_000) == second.document(bytes: 20_000))
    }

    @Test func differentSeedsGiveDifferentTexts() {
        var first = YAMLGenerator(seed: 1)
        var second = YAMLGenerator(seed: 2)
        #expect(first.document(bytes: 5_000) != second.document(bytes: 5_000))
    }

    @Test(arguments: [(UInt64(1), 1), (3, 1_000), (5, 20_000), (11, 100_000)])
    func outputParsesWithoutErrorAndHasTheRequestedSize(seed: UInt64, size: Int) throws {
        var generator = YAMLGenerator(seed: seed)
        let text = generator.document(bytes: size)
        let bytes = Array(text.utf8)
        #expect(bytes.count >= size)
        #expect(bytes.count < Swift.max(size, 100) + 2_500)
        let result = YAMLParser.parse(bytes)
        #expect(result.error == nil)
        #expect(result.documents.count == 1)
        let root = try #require(result.documents.first?.root)
        guard case .mapping(let records) = root.content else {
            Issue.record("the root is not a mapping: \(root.content)")
            return
        }
        #expect(records.count >= 1)
    }

    @Test func crlfOutputParsesWithoutError() {
        var generator = YAMLGenerator(seed: 9, lineEnding: "\r\n")
        let text = generator.document(bytes: 30_000)
        let bytes = Array(text.utf8)
        let bareLineFeeds = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D) }
        #expect(bareLineFeeds.isEmpty)
        #expect(YAMLParser.parse(text).error == nil)
    }

    @Test func outputHoldsEveryConstructItPromises() {
        var generator = YAMLGenerator(seed: 4)
        let text = generator.document(bytes: 50_000)
        for construct in [": |", ": >", ": '", ": \"", "[", "{", "&defaults-", "*defaults-", "<<: *", "# ", "? ", "- - ", "é", "日本語", "🚀"] {
            #expect(text.contains(construct), "missing \(construct.debugDescription)")
        }
    }
}
