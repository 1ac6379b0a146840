import CCmarkGFM
import Foundation
import Testing
import TileditTestSupport
@testable import TileditModel

/// The GitHub Flavored Markdown spec's examples (with cmark-gfm's
/// extension, regression and smart-punctuation examples) from
/// `../shared/peer-suites/commonmark-gfm`, each as written and as CRLF and
/// CR-only copies.
///
/// For every example: no trap; blocks in order, not overlapping, covering
/// every non-blank byte; `fmt` idempotent and rendering what the input
/// renders; `render` equal to cmark-gfm's own output for the whole text
/// under Tiledit's options (footnotes on, table, strikethrough, autolink
/// and tasklist, raw HTML shown as text); top-level blocks equal to
/// cmark-gfm's tree; and `render` equal to the spec's HTML, except where
/// `PEER-SUITE-DEVIATIONS.md` (section `## GFM spec`) lists the example
/// with the reason.
@Suite("GFM spec peer suite", .enabled(if: GFMPeerSuite.available, "../shared/peer-suites/commonmark-gfm is absent; the GFM peer suite is skipped"))
struct GFMPeerSuiteTests {
    static let variants: [(name: String, ending: String)] = [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")]

    @Test(arguments: GFMPeerSuite.files)
    func everyExampleHoldsTheLaws(file: String) throws {
        let examples = try GFMPeerSuite.examples(in: file)
        let deviations = try GFMPeerSuite.deviations()
        #expect(!examples.isEmpty)
        var matchedSpec = 0
        var compared = 0
        for example in examples {
            let deviation = deviations[example.id]
            var lfRender: String?
            for variant in Self.variants {
                let text = variant.ending == "\n" ? example.markdown : example.markdown.replacingOccurrences(of: "\n", with: variant.ending)
                let label = "\(example.id) (\(variant.name)) \(text.debugDescription)"
                let document = MarkdownDocument(text, dialect: .yaml)
                #expect(LineEndingTests.coversEveryNonBlankByte(document), "\(label): blocks out of order, overlapping, or leaving text out")
                let html = HTMLRenderer().renderBody(document)
                let formatter = CanonicalFormatter()
                let once = MarkdownDocument(bytes: formatter.format(document), dialect: .yaml)
                let twice = formatter.format(once)
                let idempotent = twice == once.bytes
                #expect(idempotent, "\(label): fmt is not idempotent: \(once.text.debugDescription) became \(String(decoding: twice, as: UTF8.self).debugDescription)")
                let formattedHTML = HTMLRenderer().renderBody(once)
                let sameAfterFormatting = formattedHTML == html
                #expect(sameAfterFormatting, "\(label): fmt changed the rendering: \(once.text.debugDescription) renders \(formattedHTML.debugDescription), not \(html.debugDescription)")
                if let lfRender {
                    let sameAsLF = html == lfRender
                    #expect(sameAsLF, "\(label): renders \(html.debugDescription), the LF copy \(lfRender.debugDescription)")
                    continue
                }
                lfRender = html
                if deviation?.affectsBlocks != true {
                    let oracle = GFMPeerSuite.cmarkHTML(text)
                    let sameAsCmark = html == oracle
                    #expect(sameAsCmark, "\(label): renders \(html.debugDescription), cmark-gfm \(oracle.debugDescription)")
                    let blocks = GFMPeerSuite.tileditBlocks(document)
                    let tree = GFMPeerSuite.cmarkBlocks(text)
                    #expect(blocks == tree, "\(label): blocks \(blocks), cmark-gfm \(tree)")
                }
                guard !example.disabled else { continue }
                compared += 1
                if html == example.html {
                    matchedSpec += 1
                    #expect(deviation == nil, "\(example.id) renders as the spec says; remove it from PEER-SUITE-DEVIATIONS.md")
                } else {
                    #expect(deviation != nil, "\(label): renders \(html.debugDescription), the spec \(example.html.debugDescription)")
                }
            }
        }
        print("GFM peer suite \(file): \(examples.count) examples, \(matchedSpec) of \(compared) compared render as the spec says")
    }

    @Test func theDeviationsTableNamesOnlyExamplesThatExist() throws {
        var ids: Set<String> = []
        for file in GFMPeerSuite.files { ids.formUnion(try GFMPeerSuite.examples(in: file).map(\.id)) }
        let deviations = try GFMPeerSuite.deviations()
        #expect(!deviations.isEmpty)
        for id in deviations.keys { #expect(ids.contains(id), "PEER-SUITE-DEVIATIONS.md names \(id), which is not an example") }
    }
}

/// Reads the GFM peer suite and asks cmark-gfm itself for the reference results.
enum GFMPeerSuite {
    static var folder: URL? {
        TestSupport.sharedFolder.map { $0.appendingPathComponent("peer-suites/commonmark-gfm") }
            .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
    }

    static var available: Bool { folder != nil }

    static let files = ["spec", "extensions", "regression", "smart_punct"]

    struct Example {
        /// `spec 12`, `extensions 3`: the file and the example's number in it (from 1).
        var id: String
        var markdown: String
        var html: String
        /// Marked `disabled` in the file: cmark-gfm's own test run skips it.
        var disabled: Bool
    }

    /// The examples of `file`, read as cmark-gfm's `spec_tests.py` reads them.
    static func examples(in file: String) throws -> [Example] {
        let url = try #require(folder).appendingPathComponent("\(file).txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var examples: [Example] = []
        var state = 0
        var markdown = ""
        var html = ""
        var disabled = false
        let fence = String(repeating: "`", count: 32)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(fence + " example") {
                state = 1
                disabled = trimmed.dropFirst(fence.count + 8).split(separator: " ").contains("disabled")
            } else if trimmed == fence && state != 0 {
                examples.append(Example(
                    id: "\(file) \(examples.count + 1)", markdown: markdown.replacingOccurrences(of: "→", with: "\t"),
                    html: html.replacingOccurrences(of: "→", with: "\t"), disabled: disabled))
                state = 0
                markdown = ""
                html = ""
            } else if trimmed == "." && state == 1 {
                state = 2
            } else if state == 1 {
                markdown += line + "\n"
            } else if state == 2 {
                html += line + "\n"
            }
        }
        return examples
    }

    struct Deviation {
        var reason: String
        /// The example's blocks differ from cmark-gfm's (front matter), not
        /// only its HTML.
        var affectsBlocks: Bool
    }

    /// The rows of `## GFM spec` in `PEER-SUITE-DEVIATIONS.md`: `| examples
    /// | differs in | why |`, examples as `spec 118, spec 120–124`.
    static func deviations() throws -> [String: Deviation] {
        let url = TestSupport.repositoryRoot.appendingPathComponent("PEER-SUITE-DEVIATIONS.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var result: [String: Deviation] = [:]
        var inSection = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## ") { inSection = line == "## GFM spec" }
            guard inSection, line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, files.contains(where: { cells[1].hasPrefix($0 + " ") }) else { continue }
            let deviation = Deviation(reason: cells[3], affectsBlocks: cells[2].contains("blocks"))
            for item in cells[1].split(separator: ",") {
                let parts = item.trimmingCharacters(in: .whitespaces).split(separator: " ")
                guard parts.count == 2 else { continue }
                let bounds = parts[1].split(whereSeparator: { $0 == "–" || $0 == "-" }).compactMap { Int($0) }
                guard let low = bounds.first, let high = bounds.last, low <= high else { continue }
                for number in low...high { result["\(parts[0]) \(number)"] = deviation }
            }
        }
        return result
    }

    // MARK: cmark-gfm as the reference

    /// The whole text through cmark-gfm with Tiledit's documented options:
    /// GFM extensions and footnotes on, raw HTML shown as text, unsafe links dropped.
    static func cmarkHTML(_ text: String) -> String {
        CommonMarkTree.withDocument(parsing: text, options: CommonMarkTree.renderingOptions) { document, extensions in
            ProseHTMLRenderer.rewrite(document)
            return CommonMarkTree.html(of: document, extensions: extensions)
        } ?? ""
    }

    /// cmark-gfm's top-level blocks as `kind@line`, in line order: footnote
    /// definitions it moved to the end go back to their lines, those inside
    /// a container stay out.
    static func cmarkBlocks(_ text: String) -> [String] {
        CommonMarkTree.withDocument(parsing: text, options: CommonMarkTree.renderingOptions) { document, _ in
            var blocks: [(line: Int, end: Int, name: String)] = []
            var definitions: [Int] = []
            for node in CommonMarkTree.children(of: document) {
                let line = Int(cmark_node_get_start_line(node))
                let name: String
                switch cmark_node_get_type(node) {
                case CMARK_NODE_FOOTNOTE_DEFINITION:
                    definitions.append(line)
                    continue
                case CMARK_NODE_HEADING: name = "heading \(cmark_node_get_heading_level(node))"
                case CMARK_NODE_PARAGRAPH: name = "paragraph"
                case CMARK_NODE_LIST:
                    name = "list \(cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? "ordered" : "bullet") \(CommonMarkTree.children(of: node).count)"
                case CMARK_NODE_BLOCK_QUOTE: name = "block quote"
                case CMARK_NODE_CODE_BLOCK: name = "code"
                case CMARK_NODE_HTML_BLOCK: name = "html"
                case CMARK_NODE_THEMATIC_BREAK: name = "thematic break"
                default: name = CommonMarkTree.typeName(of: node)
                }
                blocks.append((line, Int(cmark_node_get_end_line(node)), name))
            }
            for line in definitions where !blocks.contains(where: { $0.line <= line && line <= $0.end && $0.line > 0 }) {
                blocks.append((line, line, "footnote"))
            }
            // cmark-gfm gives the table the line of the paragraph it split.
            var names = blocks.sorted { $0.line < $1.line }.map { $0.line == 0 ? $0.name : "\($0.name)@\($0.line)" }
            for index in names.indices.dropLast() where names[index] == "paragraph" && names[index + 1].hasPrefix("table@") {
                names[index + 1] = "table"
            }
            return names
        } ?? []
    }

    /// Tiledit's blocks named as `cmarkBlocks` names cmark's: link reference
    /// definitions and footnote definitions nothing references have no node
    /// in cmark-gfm's tree and are left out; a paragraph cmark-gfm left
    /// without a position (before a table) has none.
    static func tileditBlocks(_ document: MarkdownDocument) -> [String] {
        let referenced = referencedFootnoteLines(document)
        var names: [String] = []
        for block in document.blocks {
            let name: String
            switch block.kind {
            case .linkReferenceDefinitions: continue
            case .footnoteDefinition:
                guard referenced.contains(block.lines.lowerBound) else { continue }
                name = "footnote"
            case .heading(let level, _): name = "heading \(level)"
            case .paragraph, .displayMath: name = "paragraph"
            case .list(let info): name = "list \(info.isOrdered ? "ordered" : "bullet") \(info.itemCount)"
            case .blockQuote: name = "block quote"
            case .fencedCode, .indentedCode: name = "code"
            case .htmlBlock: name = "html"
            case .thematicBreak: name = "thematic break"
            case .table: name = "table"
            default: name = block.kind.displayName
            }
            names.append("\(name)@\(block.lines.lowerBound)")
        }
        // A paragraph directly above a table has no position in cmark-gfm's tree.
        if names.contains(where: { $0.hasPrefix("table@") }) && cmarkBlocks(document.text).contains("paragraph") {
            for index in names.indices.dropLast() where names[index].hasPrefix("paragraph@") && names[index + 1].hasPrefix("table@") {
                names[index] = "paragraph"
                names[index + 1] = "table"
            }
        }
        return names
    }

    /// Lines where cmark-gfm's tree has a top-level footnote definition.
    private static func referencedFootnoteLines(_ document: MarkdownDocument) -> Set<Int> {
        Set(cmarkBlocks(document.text).compactMap { name -> Int? in
            guard name.hasPrefix("footnote@") else { return nil }
            return Int(name.dropFirst("footnote@".count))
        })
    }

}
