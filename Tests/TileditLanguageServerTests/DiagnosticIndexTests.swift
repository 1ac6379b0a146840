import Testing
import TileditModel
@testable import TileditLanguageServer

@Suite("Diagnostics kept up to date edit by edit")
struct DiagnosticIndexTests {
    /// What a full conversion of the model's diagnostics gives.
    private func fresh(_ document: OpenDocument) -> [String] {
        document.model.diagnostics.map { String(decoding: LSPConversion.diagnostic($0, in: document, encoding: .utf16).serialized, as: UTF8.self) }
    }

    @Test func publishedDiagnosticsMatchAFullConversionAfterRandomEdits() {
        var generator = SplitMix(seed: 5)
        let pieces = [
            ":::tile callout\nid: a\n:::\n", ":::tile callout\nid: a\n:::\n", ":::tile nope\n:::\n", "id: B\n", ":::\n", "\n", "x", "\r",
            "# Head\n", ":::tile chart\n", "para 😀\n\n", "",
        ]
        var document = OpenDocument(uri: "file:///w/a.md", version: 1, text: Array(":::tile callout\nid: a\n:::\n\ntext\n".utf8), kind: .markdown, dialect: .tiledown)
        for step in 0..<400 {
            let count = document.storage.count
            let lower = Int(generator.next() % UInt64(count + 1))
            let upper = Swift.min(count, lower + Int(generator.next() % 12))
            let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
            document.replace(lower..<upper, with: Array(piece.utf8))
            let published = document.serializedDiagnostics(encoding: .utf16).map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",")
            let expected = fresh(document).joined(separator: ",")
            #expect(published == expected, "step \(step): \(String(decoding: document.storage.bytes, as: UTF8.self).debugDescription)")
            if published != expected { return }
        }
    }
}
