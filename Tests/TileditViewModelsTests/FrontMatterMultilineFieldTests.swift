import Testing
import TileditModel
@testable import TileditViewModels

/// A YAML front-matter value of several lines (a literal or folded block
/// scalar, a quoted scalar holding a line break) is typed in a text area,
/// so its line breaks reach the file as typed; one-line values and
/// Tiledown's flat front matter keep the one-line field.
@MainActor
@Suite("Front matter values of several lines")
struct FrontMatterMultilineFieldTests {
    static let page = "---\ntitle: T\nnotes: |\n  line one\n  line two\nfolded: >\n  one\n  two\nquoted: \"a\\nb\"\n---\n\nText\n"

    func inspecting(_ document: MarkdownDocument) -> InspectorModel {
        let inspector = InspectorModel()
        inspector.update(document: document, selection: document.id(at: 0))
        return inspector
    }

    @Test func blockScalarsAndQuotedLineBreaksAreTypedInATextArea() {
        let inspector = inspecting(MarkdownDocument(Self.page, dialect: .yaml))
        #expect(inspector.field("notes")?.input == .multiline)
        #expect(inspector.field("folded")?.input == .multiline)
        #expect(inspector.field("quoted")?.input == .multiline)
        #expect(inspector.field("title")?.input == .line)
    }

    @Test func aBlockScalarTypedWithItsLineBreaksIsWrittenWithThem() throws {
        var document = MarkdownDocument(Self.page, dialect: .yaml)
        let inspector = inspecting(document)
        _ = inspector.handle(.beganEditingField("notes"))
        _ = inspector.handle(.changedField("notes", text: "line one\nline two\n!"))
        let operation = try #require(inspector.handle(.committedField("notes")))
        #expect(operation == .setFrontMatterField(key: "notes", value: "line one\nline two\n!"))
        guard case .setFrontMatterField = operation else { return }
        _ = try document.perform(.setFrontMatterField(key: "notes", value: "line one\nline two\n!"))
        #expect(document.text == "---\ntitle: T\nnotes: |-\n  line one\n  line two\n  !\nfolded: >\n  one\n  two\nquoted: \"a\\nb\"\n---\n\nText\n")
    }

    @Test func tiledownFlatFrontMatterKeepsOneLineFields() {
        let inspector = inspecting(MarkdownDocument("---\ntitle: T\nsummary: one line\n---\n\nText\n", dialect: .tiledown))
        #expect(inspector.field("summary")?.input == .line)
    }
}
