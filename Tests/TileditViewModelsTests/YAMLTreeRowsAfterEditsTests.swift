import Foundation
import Testing
import TileditFixtures
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The YAML tree's rows after value edits and undos in many entries (each
/// read incrementally, the later nodes moved lazily) are the rows of an
/// editor opened on the final bytes, with the same rows expanded.
@MainActor
@Suite("YAML tree rows after edits")
struct YAMLTreeRowsAfterEditsTests {
    /// One navigation step, replayed on the fresh editor.
    enum Step {
        case move(Int)
        case expand
        case select(YAMLNodeID)
    }

    func makeEditor(_ bytes: [UInt8]) async -> YAMLDocumentModel {
        let disk = RecordingDocumentStore(bytes: bytes)
        let editor = YAMLDocumentModel(url: URL(fileURLWithPath: "/site/data.yml"), displayPath: "data.yml", dependencies: .init(store: disk.store, clock: ManualClock()))
        await editor.onAppeared()
        return editor
    }

    func rows(_ editor: YAMLDocumentModel) -> [YAMLTreeRow?] {
        (0..<editor.rowCount).map { editor.row(at: $0) }
    }

    @Test(arguments: [UInt64(3), 8, 21])
    func rowsAfterValueEditsAndUndosAreTheRowsOfTheFinalBytes(seed: UInt64) async throws {
        var generator = YAMLGenerator(seed: seed)
        let editor = await makeEditor(Array(generator.document(bytes: 24_000).utf8))
        var random = SeededGenerator(seed: seed &+ 100)
        var steps: [Step] = []
        var edited = 0
        for round in 0..<30 {
            if round % 4 == 3 && editor.canUndo {
                editor.onTappedUndo()
                if let selection = editor.selection { steps.append(.select(selection)) }
                continue
            }
            let offset = Int.random(in: -60...60, using: &random)
            editor.onMovedSelection(by: offset)
            steps.append(.move(offset))
            for _ in 0..<16 where editor.field == nil {
                editor.onExpandedSelection()
                editor.onMovedSelection(by: 1)
                steps += [.expand, .move(1)]
            }
            guard let field = editor.field, field.type == .string else { continue }
            editor.onTappedEdit()
            editor.onEditedField(field.text + "x")
            if editor.onCommittedField() { edited += 1 }
        }
        #expect(edited > 5, "\(edited) values edited")
        let fresh = await makeEditor(editor.bytes)
        for step in steps {
            switch step {
            case .move(let offset): fresh.onMovedSelection(by: offset)
            case .expand: fresh.onExpandedSelection()
            case .select(let id): fresh.onSelected(id)
            }
        }
        #expect(editor.rowCount > 50)
        #expect(rows(editor) == rows(fresh))
        #expect(editor.selection == fresh.selection)
    }
}
