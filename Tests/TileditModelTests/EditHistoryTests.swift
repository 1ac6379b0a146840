import Testing
import TileditFixtures
@testable import TileditModel

/// The laws of `EditHistory` over generated documents and random
/// operations (fixed seeds): undo gives back the bytes from before each
/// change, redo the bytes after it, a new change drops the redo stack, and
/// the history is dirty exactly when its revision is not the saved one.
@Suite("Edit history")
struct EditHistoryTests {
    @Test func undoingEveryChangeGivesBackEachEarlierTextAndRedoingGivesTheLaterOnes() throws {
        var random = SeededGenerator(seed: 7)
        for seed in UInt64(0)..<200 {
            let (text, dialect) = EditingLawTests.generated(seed)
            var document = MarkdownDocument(text, dialect: dialect)
            var history = EditHistory()
            var texts = [document.bytes]
            for _ in 0..<6 {
                guard document.blockCount > 0 else { break }
                let block = document.block(at: Int.random(in: 0..<document.blockCount, using: &random))
                let operation = EditingLawTests().randomOperation(for: block, in: document, using: &random)
                guard let change = try? document.perform(operation), !change.edits.isEmpty else { continue }
                history.record(change, selectionBefore: block.id, indexBefore: nil)
                texts.append(document.bytes)
            }
            for expected in texts.dropLast().reversed() {
                #expect(history.undo(&document) != nil, "seed \(seed)")
                #expect(document.bytes == expected, "seed \(seed)")
            }
            #expect(history.undo(&document) == nil)
            #expect(!history.isDirty)
            for expected in texts.dropFirst() {
                #expect(history.redo(&document) != nil, "seed \(seed)")
                #expect(document.bytes == expected, "seed \(seed)")
            }
            #expect(history.redo(&document) == nil)
            #expect(history.isDirty == (texts.count > 1))
        }
    }

    @Test func aNewChangeDropsTheRedoStackAndDirtinessFollowsTheSavedRevision() throws {
        var document = MarkdownDocument("# One\n\nTwo.\n", dialect: .yaml)
        var history = EditHistory()
        #expect(!history.isDirty && !history.canUndo && !history.canRedo && history.revision == 0)
        let first = try document.perform(.replaceBlockText(document.block(at: 1).id, text: "Three."))
        history.record(first, selectionBefore: nil, indexBefore: 1)
        #expect(history.isDirty && history.revision == 1)
        history.markSaved(history.revision)
        #expect(!history.isDirty)
        _ = history.undo(&document)
        #expect(history.isDirty && history.canRedo)
        let second = try document.perform(.replaceBlockText(document.block(at: 1).id, text: "Four."))
        history.record(second, selectionBefore: nil, indexBefore: 1)
        #expect(!history.canRedo)
        #expect(history.revision == 2 && history.isDirty)
        #expect(document.text == "# One\n\nFour.\n")
    }

    @Test func aChangeWithoutEditsIsNotRecorded() throws {
        var document = MarkdownDocument("# One\n", dialect: .yaml)
        var history = EditHistory()
        let change = try document.perform(.replaceBlockText(document.block(at: 0).id, text: "# One"))
        history.record(change, selectionBefore: nil, indexBefore: nil)
        #expect(!history.canUndo && !history.isDirty)
    }

    /// A change of any format: the generic history knows only whether it is empty.
    struct Step: UndoableChange {
        var name: String
        var isEmpty: Bool { name.isEmpty }
    }

    @Test func theGenericHistoryMovesEntriesBetweenItsStacksAndKeepsRevisions() {
        var history = UndoHistory<Step, Int>()
        #expect(history.popUndo() == nil && history.popRedo() == nil)
        history.record(Step(name: "a"), selectionBefore: 1, indexBefore: 0)
        history.record(Step(name: ""), selectionBefore: 9, indexBefore: 9)
        history.record(Step(name: "b"), selectionBefore: 2, indexBefore: 1)
        #expect(history.revision == 2 && history.isDirty)
        history.markSaved(2)
        let undone = history.popUndo()
        #expect(undone == UndoHistory<Step, Int>.Entry(change: Step(name: "b"), selectionBefore: 2, indexBefore: 1, revision: 2))
        #expect(history.revision == 1 && history.isDirty && history.canUndo && history.canRedo)
        #expect(history.popRedo()?.change == Step(name: "b"))
        #expect(history.revision == 2 && !history.isDirty && !history.canRedo)
        _ = history.popUndo()
        _ = history.popUndo()
        #expect(history.revision == 0 && !history.canUndo)
        history.record(Step(name: "c"), selectionBefore: nil, indexBefore: nil)
        #expect(history.revision == 3 && !history.canRedo)
        #expect(history.popUndo()?.change == Step(name: "c"))
        #expect(history.popUndo() == nil)
    }
}
