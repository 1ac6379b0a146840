import TileditFixtures
import TileditModel
import TileditTextLayout

/// Opening a Markdown document: the input is parsed in both front-matter
/// dialects, its blocks and diagnostics are walked, and it is rendered to
/// HTML and to the terminal preview. Faults: any trap; bytes not kept
/// (law 1); blocks out of order, overlapping, or leaving text out; a
/// diagnostic outside the file; running totals that disagree.
@_cdecl("LLVMFuzzerTestOneInput")
public func markdownOpen(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for dialect in [FrontMatterDialect.yaml, .tiledown] {
        let document = MarkdownDocument(bytes: bytes, dialect: dialect)
        if let problem = EditingLaws.roundTripViolation(bytes, dialect: dialect) { fatalError("\(dialect): \(problem)") }
        if let problem = EditingLaws.blockLayoutViolation(document) { fatalError("\(dialect): \(problem)") }
        if !EditingLaws.totalsAgree(document) { fatalError("\(dialect): diagnostic totals disagree") }
        for diagnostic in document.diagnostics {
            let location = document.location(of: diagnostic.range.lowerBound)
            if location.line < 1 { fatalError("\(dialect): diagnostic \(diagnostic.message.debugDescription) at line \(location.line)") }
        }
        _ = document.frontMatter
        _ = HTMLRenderer().renderPage(document)
        // The preview: the model's styled document, laid out in terminal columns.
        if let styled = try? StyledDocumentBuilder().build(document) {
            _ = PreviewLayout.lines(of: styled, width: 1 + Int(bytes.first ?? 79) % 120)
        }
    }
    return 0
}
