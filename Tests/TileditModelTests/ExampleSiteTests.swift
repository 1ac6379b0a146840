import Foundation
import Testing
import TileditModel
import TileditTestSupport

/// The example site bundled with the project (`Examples/site`).
@Suite("Example site")
struct ExampleSiteTests {
    static func markdownFiles() throws -> [(path: String, bytes: [UInt8])] {
        let root = TestSupport.exampleSite
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        return try paths.map { ($0, Array(try Data(contentsOf: root.appendingPathComponent($0)))) }
    }

    @Test func everyPageIsCleanAndCanonical() throws {
        let files = try Self.markdownFiles()
        #expect(files.count == 7)
        for file in files {
            let document = MarkdownDocument(bytes: file.bytes, dialect: .tiledown)
            #expect(document.diagnostics.isEmpty, "\(file.path): \(document.diagnostics.map(\.message))")
            #expect(CanonicalFormatter().edits(for: document).filter { !$0.replacement.isEmpty || !$0.range.isEmpty }.count
                <= document.blocks.filter { $0.kind.tile?.form == .chartShorthand }.count, "\(file.path)")
        }
    }

    @Test func everyBuiltInTileTypeAppears() throws {
        var types: Set<String> = []
        var recent = false
        for file in try Self.markdownFiles() {
            for block in MarkdownDocument(bytes: file.bytes, dialect: .tiledown).blocks {
                if let tile = block.kind.tile { types.insert(tile.type) }
                if case .recentPosts = block.kind { recent = true }
            }
        }
        #expect(types == Set(TileCatalog.builtIn.schemas.map(\.type)))
        #expect(recent)
    }

    @Test func siteConfigurationIsFlat() throws {
        let bytes = Array(try Data(contentsOf: TestSupport.exampleSite.appendingPathComponent("tiledown.yml")))
        let config = YAMLFileDocument(bytes: bytes, dialect: .flat)
        // Only the note that YAML would read the colour as a comment.
        #expect(config.diagnostics.map { "\($0.location) \($0.severity.rawValue) \($0.message)" } == [
            "11:21 info Tiledown reads `#0057d8` as the value; YAML would read a comment and no value",
        ])
        #expect(config.fields.first { $0.key == "theme.light.accent" }?.value == "#0057d8")
    }
}
