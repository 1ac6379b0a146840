import Testing
@testable import TileditModel

/// TOML front matter (`+++` lines, as Hugo and Zola write it) is one block
/// kept byte for byte: never read as Markdown, never formatted, its fields
/// refused for editing with the reason, and a warning at its first line.
@Suite("TOML front matter")
struct TOMLFrontMatterTests {
    static let page = "+++\ntitle = \"Hugo page\"\nnotes = '''\n* point one\n'''\n+++\n\n* a list\n"
    static let reason = "this front matter is TOML (between `+++` lines); Tiledit keeps it as written and edits YAML front matter (between `---` lines) only"

    @Test(arguments: [FrontMatterDialect.yaml, .tiledown])
    func isOneBlockKeptAsWrittenWithAWarning(dialect: FrontMatterDialect) throws {
        let document = MarkdownDocument(Self.page, dialect: dialect)
        let frontMatter = try #require(document.kind(at: 0).frontMatter)
        #expect(frontMatter.problem == Self.reason)
        #expect(frontMatter.fields.isEmpty)
        #expect(document.diagnostics.map { "\($0.code.rawValue) \($0.location.line):\($0.location.column) \($0.message)" } == [
            "front-matter.toml 1:1 \(Self.reason)",
        ])
        #expect(CanonicalFormatter().format(document) == Array("+++\ntitle = \"Hugo page\"\nnotes = '''\n* point one\n'''\n+++\n\n- a list\n".utf8))
    }

    @Test func settingAFieldIsRefusedWithTheReasonAndChangesNothing() {
        var document = MarkdownDocument(Self.page, dialect: .yaml)
        #expect(throws: EditError.frontMatterUnavailable(message: Self.reason)) {
            try document.perform(.setFrontMatterField(key: "title", value: "New"))
        }
        #expect(document.text == Self.page)
    }

    @Test func anUnclosedOrIndentedPlusLineIsMarkdown() {
        #expect(MarkdownDocument("+++\ntitle = 1\n", dialect: .yaml).kind(at: 0).frontMatter == nil)
        #expect(MarkdownDocument(" +++\na\n+++\n", dialect: .yaml).kind(at: 0).frontMatter == nil)
    }

    /// Typing the closing `+++` (or removing it) far below the opening line
    /// reads the document as a whole read does.
    @Test(arguments: [true, false])
    func closingOrOpeningTheBlockLaterReadsAsAWholeRead(closes: Bool) throws {
        let paragraphs = (1...40).map { "Paragraph \($0)." }.joined(separator: "\n\n")
        let open = "+++\ntitle = 1\n\n" + paragraphs + "\n"
        let closed = "+++\ntitle = 1\n\n" + paragraphs + "\n+++\n"
        var document = MarkdownDocument(closes ? open : closed, dialect: .yaml)
        let edit = closes
            ? TextEdit(range: open.utf8.count..<open.utf8.count, replacement: Array("+++\n".utf8))
            : TextEdit(range: open.utf8.count..<closed.utf8.count, replacement: [])
        _ = document.perform(edits: [edit])
        let whole = MarkdownDocument(closes ? closed : open, dialect: .yaml)
        #expect(document.text == whole.text)
        #expect((0..<document.blockCount).map { document.kind(at: $0) } == (0..<whole.blockCount).map { whole.kind(at: $0) })
        #expect(document.diagnostics.map(\.message) == whole.diagnostics.map(\.message))
    }
}
