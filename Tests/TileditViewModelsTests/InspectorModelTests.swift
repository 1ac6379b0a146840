import Foundation
import Testing
import TileditModel
@testable import TileditViewModels

/// `InspectorModel` on its own, over a document and a selection (it has
/// no services: it returns operations for the editor to apply and is told
/// how they went). Each action is checked by the whole state it leaves —
/// subject, what is typed into, pending values, refusal, selected field —
/// and the operation it returns.
@MainActor
@Suite("Inspector")
struct InspectorModelTests {
    static let page = """
        ---
        title: Hello
        ---

        A paragraph.

        :::tile chart
        id: visits
        type: bar
        labels: Jan, Feb
        legend: yes
        :::

        """

    /// What the inspector shows, compared whole.
    struct Shown: Equatable {
        var subject: InspectorModel.Subject
        var editing: InspectorModel.Editing?
        var pending: [BlockID: PendingBlockValues]
        var refusal: ViewError?
        var selectedField: String?
    }

    func shown(_ inspector: InspectorModel) -> Shown {
        Shown(subject: inspector.subject, editing: inspector.editing, pending: inspector.pending, refusal: inspector.refusal, selectedField: inspector.selectedField?.key)
    }

    let document = MarkdownDocument(page, dialect: .yaml)
    var frontMatter: BlockID { document.id(at: 0) }
    var paragraph: BlockID { document.id(at: 1) }
    var chart: BlockID { document.id(at: 2) }

    func inspecting(_ id: BlockID) -> InspectorModel {
        let inspector = InspectorModel()
        inspector.update(document: document, selection: id)
        return inspector
    }

    @Test func theSubjectFollowsTheSelectionAndAChangeOfBlockEndsTheTyping() {
        let inspector = inspecting(chart)
        #expect(shown(inspector) == Shown(subject: .tile(chart), editing: nil, pending: [:], refusal: nil, selectedField: "id"))
        #expect(inspector.fields.map(\.key) == ["id", "mode", "type", "labels", "title", "height", "legend"])
        #expect(inspector.handle(.beganEditingField("title")) == nil)
        #expect(inspector.editing == .field("title"))
        inspector.update(document: document, selection: paragraph)
        #expect(shown(inspector) == Shown(subject: .text(paragraph), editing: nil, pending: [:], refusal: nil, selectedField: nil))
        inspector.update(document: document, selection: nil)
        #expect(shown(inspector) == Shown(subject: .nothing, editing: nil, pending: [:], refusal: nil, selectedField: nil))
    }

    @Test func typingIsPendingAndAValidValueIsWrittenByTheOperationItReturns() {
        let inspector = inspecting(chart)
        #expect(inspector.handle(.changedField("title", text: "Visits")) == nil)
        #expect(shown(inspector).pending == [chart: PendingBlockValues(fields: ["title": "Visits"])])
        #expect(inspector.losesTyping(discarding: .field("title")))
        #expect(!inspector.losesTyping(discarding: .field("type")))
        #expect(inspector.handle(.committedField("title")) == .setTileProperty(chart, key: "title", value: .text("Visits")))
        inspector.finish(.committedField("title"), refusal: nil)
        #expect(shown(inspector) == Shown(subject: .tile(chart), editing: nil, pending: [:], refusal: nil, selectedField: "id"))
    }

    @Test func enterOnAnInvalidValueIsRefusedAndLeavingKeepsItPendingWithItsMessage() throws {
        let inspector = inspecting(chart)
        _ = inspector.handle(.beganEditingField("height"))
        _ = inspector.handle(.changedField("height", text: "tall"))
        #expect(inspector.handle(.committedField("height")) == nil)
        let message = try #require(inspector.field("height")?.message)
        #expect(shown(inspector) == Shown(
            subject: .tile(chart), editing: .field("height"), pending: [chart: PendingBlockValues(fields: ["height": "tall"])],
            refusal: ViewError(message), selectedField: "id"))
        #expect(inspector.handle(.leftField("height")) == nil)
        #expect(shown(inspector) == Shown(
            subject: .tile(chart), editing: nil, pending: [chart: PendingBlockValues(fields: ["height": "tall"])], refusal: nil, selectedField: "id"))
    }

    @Test func aRefusedOperationKeepsTheTypingWithTheEnginesReason() {
        let inspector = inspecting(chart)
        _ = inspector.handle(.changedField("title", text: "Visits"))
        _ = inspector.handle(.committedField("title"))
        inspector.finish(.committedField("title"), refusal: .invalidPosition(3))
        #expect(shown(inspector) == Shown(
            subject: .tile(chart), editing: nil, pending: [chart: PendingBlockValues(fields: ["title": "Visits"])],
            refusal: ViewError(EditError.invalidPosition(3).message), selectedField: "id"))
    }

    @Test func aToggleFlipsItsValueInItsOwnWordsAndAChoiceStepsWrapping() {
        let inspector = inspecting(chart)
        #expect(inspector.field("legend")?.isOn == true)
        #expect(inspector.handle(.toggledField("legend")) == .setTileProperty(chart, key: "legend", value: .text("no")))
        inspector.finish(.toggledField("legend"), refusal: nil)
        #expect(inspector.handle(.steppedChoice("type", by: -1)) == .setTileProperty(chart, key: "type", value: .text("scatter")))
        inspector.finish(.steppedChoice("type", by: -1), refusal: nil)
        #expect(inspector.handle(.toggledField("type")) == nil)
        #expect(shown(inspector) == Shown(subject: .tile(chart), editing: nil, pending: [:], refusal: nil, selectedField: "id"))
    }

    /// In YAML front matter a toggle writes `true` or `false` (YAML 1.2
    /// reads the other words as text), and the file then holds the boolean
    /// written plain, whatever word was there.
    @Test(arguments: ["no", "yes", "off", "On", "NO", "y", "n", "true", "False"])
    func aToggleInYAMLFrontMatterWritesABooleanEveryReaderReads(word: String) throws {
        var page = MarkdownDocument("---\ntitle: T\ndraft: \(word)\n---\n\nBody\n", dialect: .yaml)
        let inspector = InspectorModel()
        inspector.update(document: page, selection: page.id(at: 0))
        let field = try #require(inspector.field("draft"))
        let expected = BooleanWord.isTrue(word) ? "false" : "true"
        #expect(field.toggled == expected)
        let operation = try #require(inspector.handle(.toggledField("draft")))
        _ = try page.perform(operation)
        #expect(page.text == "---\ntitle: T\ndraft: \(expected)\n---\n\nBody\n", "\(word)")
    }

    @Test func aWholeNumberFieldGivesItsRangeAndTypingOutsideItIsStillTypedAndRefused() {
        let inspector = inspecting(chart)
        #expect(inspector.fields.map(\.wholeNumberRange) == [nil, nil, nil, nil, nil, 240...720, nil])
        _ = inspector.handle(.changedField("height", text: "1000"))
        let height = inspector.field("height")
        #expect(height?.draft == "1000")
        #expect(height?.wholeNumberRange == 240...720)
        #expect(height?.message == "`height` must be a whole number from 240 to 720; found `1000`")
        #expect(inspecting(frontMatter).fields.allSatisfy { $0.wholeNumberRange == nil })
    }

    @Test func anAddedPropertyIsPendingSelectedAndOpenAndRemovingItOnlyDropsIt() {
        let inspector = inspecting(chart)
        #expect(inspector.handle(.addedProperty("  note ")) == nil)
        #expect(shown(inspector) == Shown(
            subject: .tile(chart), editing: .field("note"), pending: [chart: PendingBlockValues(fields: ["note": ""], addedKeys: ["note"])],
            refusal: nil, selectedField: "note"))
        // A property the tile has already is not added again.
        #expect(inspector.handle(.addedProperty("title")) == nil)
        #expect(inspector.handle(.removedField("note")) == nil)
        #expect(shown(inspector) == Shown(subject: .tile(chart), editing: nil, pending: [:], refusal: nil, selectedField: "legend"))
        #expect(inspector.handle(.removedField("legend")) == .removeTileProperty(chart, key: "legend"))
        #expect(inspector.field("note") == nil)
    }

    @Test func proseIsTypedAsTextAppliedWhenLeftAndHandedToAnOutsideEditor() {
        let inspector = inspecting(paragraph)
        #expect(inspector.externalEdit == ExternalEdit(block: paragraph, text: "A paragraph."))
        #expect(inspector.handle(.beganEditingText) == nil)
        #expect(inspector.handle(.changedText("A paragraph!")) == nil)
        #expect(inspector.losesTyping(discarding: .text))
        #expect(inspector.externalEdit == ExternalEdit(block: paragraph, text: "A paragraph!"))
        #expect(inspector.handle(.leftText) == .replaceBlockText(paragraph, text: "A paragraph!"))
        inspector.finish(.leftText, refusal: nil)
        #expect(shown(inspector) == Shown(subject: .text(paragraph), editing: nil, pending: [:], refusal: nil, selectedField: nil))
        #expect(inspecting(chart).externalEdit == nil)
        #expect(inspecting(frontMatter).externalEdit == nil)
    }

    @Test func theFieldSelectionStaysOnTheFieldsWhateverTheOffset() {
        let inspector = inspecting(chart)
        inspector.onMovedFieldSelection(by: Int.max)
        #expect(inspector.selectedFieldIndex == 6)
        #expect(inspector.selectedField?.key == "legend")
        inspector.onMovedFieldSelection(by: -2)
        #expect(inspector.selectedField?.key == "title")
        // Fewer fields (the front matter's): the selection reads as the last one.
        inspector.update(document: document, selection: frontMatter)
        #expect(inspector.selectedFieldIndex == min(4, inspector.fields.count - 1))
        inspector.onMovedFieldSelection(by: Int.min)
        #expect(inspector.selectedFieldIndex == 0)
        inspector.update(document: document, selection: paragraph)
        #expect(inspector.selectedFieldIndex == nil)
        inspector.onMovedFieldSelection(by: 1)
        #expect(inspector.selectedField == nil)
    }

    @Test func pendingValuesOfABlockThatIsGoneAreDropped() {
        let inspector = inspecting(chart)
        _ = inspector.handle(.changedField("title", text: "Visits"))
        let without = MarkdownDocument("A paragraph.\n", dialect: .yaml)
        inspector.update(document: without, selection: without.id(at: 0))
        #expect(shown(inspector) == Shown(subject: .text(without.id(at: 0)), editing: nil, pending: [:], refusal: nil, selectedField: nil))
    }
}
