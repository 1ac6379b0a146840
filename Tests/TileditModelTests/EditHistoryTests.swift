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
}
