import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Renaming from the document list: the prompt checked as it is typed,
/// the preview of every change, applying and undoing, and the refusals,
/// each asserted by the whole destination and the exact calls the
/// recording renamer got.
@MainActor
@Suite("Document rename")
struct DocumentRenameTests {
    static let root = URL(fileURLWithPath: "/site")

    enum Call: Equatable {
        case plan(DocumentMove)
        case apply(DocumentMove)
        case undo(DocumentMove)
    }

    /// A renamer that records its calls and answers with what the test set.
    final class RecordingRenamer: Sendable {
        struct State {
            var calls: [Call] = []
            var plan: Result<RenamePlan, RenameError> = .failure(.refused("no plan"))
            var undoError: RenameError?
        }

        let state = Mutex(State())
        var calls: [Call] { state.withLock { $0.calls } }

        var client: RenameClient {
            RenameClient(
                plan: { _, move, _ in
                    try self.state.withLock { state in
                        state.calls.append(.plan(move))
                        return try state.plan.get()
                    }
                },
                apply: { _, plan in
                    self.state.withLock { $0.calls.append(.apply(plan.move)) }
                    return AppliedRename(plan: plan, createdFolders: [], removedFolders: [])
                },
                undo: { _, applied in
                    try self.state.withLock { state in
                        state.calls.append(.undo(applied.plan.move))
                        if let error = state.undoError { throw error }
                    }
                })
        }
    }

    /// The workspace's documents, changed by the test between discoveries.
    final class Listing: Sendable {
        let paths = Mutex(["about.md", "index.md", "posts/hello/index.md"])

        var client: WorkspaceClient {
            WorkspaceClient(
                discover: { root in
                    let paths = self.paths.withLock { $0 }
                    return Workspace(root: root, isTiledown: true, documents: paths.map {
                        DocumentSummary(path: $0, kind: .markdown, title: $0, dialect: .tiledown, size: 10)
                    })
                },
                summarize: { _, _ in throw UnimplementedError("WorkspaceClient.summarize") })
        }
    }

    static let plan = RenamePlan(
        move: DocumentMove(source: "about.md", destination: "team.md"),
        edits: [
            PlannedEdit(path: "about.md", newPath: "team.md", before: Array("# About\n".utf8), after: Array("# About\n".utf8), linkCount: 0, changesSlug: false),
            PlannedEdit(path: "index.md", newPath: "index.md", before: Array("[About](about.md)\n".utf8), after: Array("[About](team.md)\n".utf8), linkCount: 1, changesSlug: false),
        ],
        notes: ["posts/hello/index.md:3: a link there could not be read exactly and was left as written"])

    var renamer = RecordingRenamer()
    var listing = Listing()

    func makeList(unsaved: Set<String> = [], events: @escaping @MainActor (String) -> Void = { _ in }) async -> DocumentListModel {
        let list = DocumentListModel(
            root: Self.root, workspace: listing.client, store: .unimplemented, renamer: renamer.client, open: { _ in },
            hasUnsavedEdits: { unsaved.contains($0) },
            renamed: { applied, undone in events("\(undone ? "undone" : "renamed") \(applied.plan.move.source) → \(applied.plan.move.destination)") })
        await list.onAppeared()
        await list.onSelectedDocument("about.md")
        return list
    }

    @Test func thePromptChecksThePathAsItIsTyped() async throws {
        let list = await makeList()
        list.onTappedRename()
        let form = try #require(list.destination?.rename)
        #expect(form.source == "about.md")
        #expect(form.text == "about.md")
        #expect(form.message == "That is the document's path now")
        #expect(form.hint == "Links to about.md in the workspace follow.")
        list.onChangedRename("index.md")
        #expect(list.destination?.rename?.message == "index.md already exists")
        list.onChangedRename("team.txt")
        #expect(list.destination?.rename?.message == "The name must end in .md")
        // Enter with a message does nothing: the prompt stays.
        await list.onConfirmedRename()
        #expect(list.destination?.rename?.text == "team.txt")
        list.onChangedRename("team.md")
        #expect(list.destination?.rename?.message == nil)
        #expect(renamer.calls == [])
    }

    @Test func aPlannedRenameIsShownThenMadeAndTheListFollows() async throws {
        renamer.state.withLock { $0.plan = .success(Self.plan) }
        var events: [String] = []
        let list = await makeList { events.append($0) }
        list.onTappedRename()
        list.onChangedRename("team.md")
        await list.onConfirmedRename()

        let preview = try #require(list.destination?.renamePreview)
        #expect(renamer.calls == [.plan(DocumentMove(source: "about.md", destination: "team.md"))])
        #expect(preview.title == "Rename · 2 files")
        #expect(preview.summary == "about.md moves to team.md; 1 link in 1 other file follow.")
        #expect(preview.lines == [
            .init(kind: .file, text: "about.md → team.md  (moved, text unchanged)"),
            .init(kind: .file, text: "index.md"),
            .init(kind: .hunk, text: "@@ -1,1 +1,1 @@"),
            .init(kind: .diff(.removed), text: "-[About](about.md)"),
            .init(kind: .diff(.added), text: "+[About](team.md)"),
            .init(kind: .note, text: "posts/hello/index.md:3: a link there could not be read exactly and was left as written"),
        ])
        #expect(preview.buttons == [AlertButton("Rename", choice: .applyRename), AlertButton("Cancel", role: .cancel, choice: .dismiss)])
        #expect(list.alert == nil)

        listing.paths.withLock { $0 = ["index.md", "posts/hello/index.md", "team.md"] }
        await list.onChose(.applyRename)
        #expect(renamer.calls == [.plan(DocumentMove(source: "about.md", destination: "team.md")), .apply(DocumentMove(source: "about.md", destination: "team.md"))])
        #expect(list.destination == nil)
        #expect(list.selection == "team.md")
        #expect(list.visibleDocuments.map(\.path) == ["index.md", "posts/hello/index.md", "team.md"])
        #expect(list.lastRename == AppliedRename(plan: Self.plan, createdFolders: [], removedFolders: []))
        #expect(list.notice == "Renamed about.md to team.md; 1 link in 1 file followed. Undo rename puts it back.")
        #expect(events == ["renamed about.md → team.md"])
    }

    @Test func undoPutsItBackOrSaysWhyNot() async throws {
        renamer.state.withLock { $0.plan = .success(Self.plan) }
        var events: [String] = []
        let list = await makeList { events.append($0) }
        list.onTappedRename()
        list.onChangedRename("team.md")
        await list.onConfirmedRename()
        listing.paths.withLock { $0 = ["index.md", "posts/hello/index.md", "team.md"] }
        await list.onChose(.applyRename)

        renamer.state.withLock { $0.undoError = .changedOnDisk(paths: ["index.md"]) }
        await list.onTappedUndoRename()
        #expect(list.destination == .alert(ViewError("The rename was not undone: index.md changed on disk since; nothing was changed. Look at it and try again.")))
        #expect(list.lastRename != nil)
        list.onDismissed()

        renamer.state.withLock { $0.undoError = nil }
        listing.paths.withLock { $0 = ["about.md", "index.md", "posts/hello/index.md"] }
        await list.onTappedUndoRename()
        #expect(list.destination == nil)
        #expect(list.lastRename == nil)
        #expect(list.selection == "about.md")
        #expect(list.notice == "Undid the rename: team.md is about.md again.")
        #expect(renamer.calls.suffix(2) == [.undo(DocumentMove(source: "about.md", destination: "team.md")), .undo(DocumentMove(source: "about.md", destination: "team.md"))])
        #expect(events == ["renamed about.md → team.md", "undone about.md → team.md"])
    }

    @Test func unsavedEditsOfAFileTheRenameWritesRefuseIt() async throws {
        renamer.state.withLock { $0.plan = .success(Self.plan) }
        let list = await makeList(unsaved: ["index.md"])
        list.onTappedRename()
        list.onChangedRename("team.md")
        await list.onConfirmedRename()
        #expect(list.destination == .alert(ViewError("The rename changes index.md, which has unsaved edits: save or undo them first.")))
        #expect(renamer.calls == [.plan(DocumentMove(source: "about.md", destination: "team.md"))])
    }

    @Test func unsavedEditsOfTheDocumentRefuseItBeforePlanning() async throws {
        let list = await makeList(unsaved: ["about.md"])
        list.onTappedRename()
        list.onChangedRename("team.md")
        await list.onConfirmedRename()
        #expect(list.destination == .alert(ViewError("about.md has unsaved edits: save or undo them before renaming it.")))
        #expect(renamer.calls == [])
    }

    @Test func aPlanThatFailsSaysWhy() async throws {
        renamer.state.withLock { $0.plan = .failure(.destinationExists(path: "team.md")) }
        let list = await makeList()
        list.onTappedRename()
        list.onChangedRename("team.md")
        await list.onConfirmedRename()
        #expect(list.alert?.message == "team.md already exists; choose another path.")
        #expect(list.alert?.buttons == [AlertButton("OK", role: .cancel, choice: .dismiss)])
    }

    @Test func aPromptClosedWhilePlanningShowsNoPreview() async throws {
        let gate = AsyncStream<Void>.makeStream()
        let calls = Mutex(0)
        let plan = Self.plan
        let renamer = RenameClient(
            plan: { _, _, _ in
                calls.withLock { $0 += 1 }
                for await _ in gate.stream { break }
                return plan
            },
            apply: { _, _ in throw UnimplementedError("apply") },
            undo: { _, _ in throw UnimplementedError("undo") })
        let list = DocumentListModel(root: Self.root, workspace: listing.client, store: .unimplemented, renamer: renamer, open: { _ in })
        await list.onAppeared()
        await list.onSelectedDocument("about.md")
        list.onTappedRename()
        list.onChangedRename("team.md")
        let planning = Task { await list.onConfirmedRename() }
        for _ in 0..<1_000 where calls.withLock({ $0 }) == 0 { await Task.yield() }
        #expect(calls.withLock { $0 } == 1)
        list.onDismissed()
        gate.continuation.yield(())
        await planning.value
        #expect(list.destination == nil)
    }
}
