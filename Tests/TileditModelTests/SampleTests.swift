import Foundation
import Testing
import TileditModel
import TileditTestSupport

/// The real content of `../shared/samples` (skipped when absent).
@Suite("Samples", .enabled(if: TestSupport.samplesFolder != nil))
struct SampleTests {
    struct Sample: CustomStringConvertible {
        var path: String
        var bytes: [UInt8]
        var description: String { path }

        /// Markdown in a folder with `tiledown.yml` reads front matter as Tiledown.
        var dialect: FrontMatterDialect { path.hasPrefix("tiledown-") ? .tiledown : .yaml }
    }

    static func samples(withSuffixes suffixes: [String]) throws -> [Sample] {
        let root = try #require(TestSupport.samplesFolder)
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { path in suffixes.contains { path.hasSuffix($0) } }
            .sorted()
        return try paths.map { Sample(path: $0, bytes: Array(try Data(contentsOf: root.appendingPathComponent($0)))) }
    }

    @Test func everyMarkdownSampleOpensAndSavesIdentically() throws {
        let samples = try Self.samples(withSuffixes: [".md"])
        #expect(samples.count >= 30)
        for sample in samples {
            let document = MarkdownDocument(bytes: sample.bytes, dialect: sample.dialect)
            #expect(document.bytes == sample.bytes, "\(sample)")
            #expect(document.blockCount > 0, "\(sample)")
            // Blocks are in order and do not overlap.
            let ranges = document.blocks.map(\.range)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "\(sample)")
        }
    }

    @Test func samplesHaveNoErrorsOrWarnings() throws {
        for sample in try Self.samples(withSuffixes: [".md"]) {
            let document = MarkdownDocument(bytes: sample.bytes, dialect: sample.dialect)
            let problems = document.diagnostics.filter { $0.severity != .info }
            #expect(problems.isEmpty, "\(sample): \(problems.map { "\($0.location): \($0.message)" })")
        }
        for sample in try Self.samples(withSuffixes: [".yml", ".yaml"]) {
            let file = YAMLFileDocument(bytes: sample.bytes, dialect: sample.path.hasSuffix("tiledown.yml") ? .flat : .yaml)
            #expect(file.bytes == sample.bytes)
            #expect(file.diagnostics.filter { $0.severity != .info }.isEmpty, "\(sample)")
        }
    }

    @Test func settingTheTitleChangesExactlyTheTitleLine() throws {
        for sample in try Self.samples(withSuffixes: [".md"]) {
            let document = MarkdownDocument(bytes: sample.bytes, dialect: sample.dialect)
            guard document.frontMatter != nil else { continue }
            let edited = try document.text(after: .setFrontMatterField(key: "title", value: "A new title: with a colon"))
            let before = String(decoding: sample.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let after = edited.split(separator: "\n", omittingEmptySubsequences: false)
            let changed = after.enumerated().filter { index, line in index >= before.count || before[index] != line }
            #expect(changed.count == 1, "\(sample)")
            let expected = sample.dialect == .tiledown ? "title: A new title: with a colon" : "title: \"A new title: with a colon\""
            #expect(changed.first?.element == Substring(expected), "\(sample)")
            #expect(after.count == before.count || after.count == before.count + 1)
        }
    }
}
