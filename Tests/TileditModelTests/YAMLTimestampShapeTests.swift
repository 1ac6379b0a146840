import Foundation
import Testing
import TileditFixtures
@testable import TileditModel

/// A plain scalar is a YAML 1.1 timestamp only when the whole text has a
/// timestamp's shape, as loaders resolve it (PyYAML's resolver, anchored at
/// both ends): a date followed by other words is a string to every reader,
/// so it is shown as text and written without quotes.
@Suite("YAML timestamps are whole-text shapes")
struct YAMLTimestampShapeTests {
    @Test(arguments: [
        ("2024-01-05", YAMLValueType.date),
        ("2024-01-05T10:00:00Z", .date),
        ("2001-12-14 21:59:43.10 -5", .date),
        ("2001-12-14t21:59:43.10-05:00", .date),
        ("2024-1-5 10:00:00", .date),
        ("2024-01-05 Launch", .string),
        ("2024-01-05 10:00", .string),
        ("2024-01-05T10:00:00Zulu", .string),
        ("2024-1-5", .string),
    ])
    func theTypeShownIsTheWholeText(text: String, type: YAMLValueType) {
        #expect(YAMLValueType.plain(text) == type)
    }

    @Test func aDateFollowedByWordsIsWrittenPlainAsText() throws {
        var file = YAMLFileDocument("title: Old\nday: 2024-01-05 # c\n")
        _ = try file.setValue(at: YAMLPath(parsing: "title"), to: "2024-01-05 Launch")
        _ = try file.setValue(at: YAMLPath(parsing: "day"), to: "2024-01-06 Launch")
        #expect(file.text == "title: 2024-01-05 Launch\nday: 2024-01-06 Launch # c\n")
        var page = MarkdownDocument("---\ntitle: Old\n---\n", dialect: .yaml)
        _ = try page.perform(.setFrontMatterField(key: "title", value: "2024-01-05 Launch"))
        #expect(page.text == "---\ntitle: 2024-01-05 Launch\n---\n")
    }

    /// PyYAML's timestamp resolver, the oracle.
    private static let loaderPattern = try? NSRegularExpression(pattern: """
        ^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]\
        |[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?\
        (?:[Tt]|[ \\t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\\.[0-9]*)?\
        (?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$
        """)

    /// Generated dates with generated tails: the YAML 1.1 reading is a
    /// timestamp exactly when the loader's pattern matches the whole text,
    /// and a new value is quoted exactly when a reader would take another type.
    @Test(arguments: 0..<12)
    func generatedDateLikeTextsAreTimestampsExactlyWhenLoadersSaySo(seed: Int) throws {
        let pattern = try #require(Self.loaderPattern)
        let heads = ["2024-01-05", "2024-1-5", "2024-01-5"]
        let pieces = [" ", "\t", "T", "t", "1", "10", ":", ":00", ".5", "Z", "+", "-", "01", "a", "Launch"]
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<60 {
            var text = heads[Int.random(in: 0..<heads.count, using: &random)]
            for _ in 0..<Int.random(in: 0...6, using: &random) { text += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            let matches = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect((YAMLScalarType.yaml11(plain: text) == .timestamp) == matches, "\(text)")
            // What plain text cannot end with or hold, whatever its type.
            guard let last = text.unicodeScalars.last, last != " ", last != ":", !text.contains("\t"), !text.contains(": ") else { continue }
            var file = YAMLFileDocument("k: x\n")
            _ = try file.setValue(at: YAMLPath(parsing: "k"), to: text)
            #expect(file.node(at: YAMLPath(parsing: "k"))?.scalar?.value == text, "\(text)")
            #expect((file.text == "k: \(text)\n") == !matches, "\(text): \(file.text)")
        }
    }
}
