import Testing
import Foundation
@testable import TileditModel

@Test func scratchDump() throws {
    for name in ["01-bom-before-front-matter/input.md", "38-html-comment-with-blank-lines/input.md", "34-nested-tile-same-marker/input.md", "19-tile-block-scalar-blank-lines/input.md", "20-tile-literal-with-fence-lines/input.md", "36-trailing-space-on-fence/input.md", "16-colon-space-in-plain-value/input.md", "24-tabs-in-yaml/input.md", "05-dashes-inside-block-scalar/input.md","32-longer-backtick-fence/input.md","41-blank-line-before-front-matter/input.md","04-unclosed-front-matter/input.md", "27-empty-values-not-null/input.md"] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/work/shared/cases/" + name))
        let doc = MarkdownDocument(bytes: Array(data), dialect: .yaml)
        print("=====", name)
        for block in doc.blocks {
            print(block.id, block.kind.displayName, block.range, block.lines, doc.text(of: block).debugDescription.prefix(60))
            for d in block.diagnostics { print("    ", d.severity, d.location, d.message, d.fix?.title ?? "") }
            if case .tile(let t) = block.kind { for p in t.properties { print("      prop", p.key, p.value) } }
            if case .frontMatter(let f) = block.kind { for p in f.fields { print("      field", p.key, p.value.debugDescription, p.valueSpan) } ; print("      problem", f.problem ?? "-") }
        }
    }
}
