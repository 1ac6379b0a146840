import Foundation
import Testing
import TileditModel
import TileditTestSupport

/// Reads the inputs of `../shared/cases` (skipped when absent).
enum Cases {
    static var available: Bool { TestSupport.casesFolder != nil }

    /// The bytes of a case's input file.
    static func input(_ name: String) throws -> [UInt8] {
        let folder = try #require(TestSupport.casesFolder).appendingPathComponent(name)
        let file = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("input.") }
        return Array(try Data(contentsOf: folder.appendingPathComponent(try #require(file))))
    }

    /// A case opened as a Markdown document.
    static func document(_ name: String, dialect: FrontMatterDialect = .yaml) throws -> MarkdownDocument {
        MarkdownDocument(bytes: try input(name), dialect: dialect)
    }
}

extension MarkdownDocument {
    /// The identity of the tile whose id is `tileID`.
    func tile(_ tileID: String) throws -> BlockID {
        try #require(blocks.first { $0.kind.tile?.id == tileID }).id
    }

    /// The document after `operation`, as text.
    func text(after operation: DocumentOperation) throws -> String {
        var copy = self
        try copy.perform(operation)
        return copy.text
    }

    /// The message of the error `operation` throws, or `nil`.
    func refusal(of operation: DocumentOperation) -> String? {
        var copy = self
        do {
            try copy.perform(operation)
            return nil
        } catch {
            return error.message
        }
    }

    /// A compact description of the blocks: `kind@first-last`.
    var outline: [String] {
        blocks.map { "\($0.kind.displayName)@\($0.lines.lowerBound)-\($0.lines.upperBound)" }
    }
}
