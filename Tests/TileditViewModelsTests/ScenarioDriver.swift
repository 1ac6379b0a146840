import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
import TileditTextLayout
@testable import TileditViewModels

/// Replays a scenario of `Tests/Scenarios` against the view models, with the
/// live services on a copy of the fixture, a manual clock and a fault
/// injector for the disk.
@MainActor
final class ScenarioDriver {
    let scenario: Scenario
    let workspace: URL
    let clock = ManualClock()
    let faults = FaultInjector()
    let stateFolder: URL
    private(set) var app: AppModel

    init?(_ scenario: Scenario) throws {
        guard let workspace = try scenario.makeWorkspace() else { return nil }
        self.scenario = scenario
        self.workspace = workspace
        stateFolder = try TestSupport.makeTemporaryFolder("scenario-state")
        app = AppModel(dependencies: Self.dependencies(clock: clock, faults: faults, stateFolder: stateFolder))
    }

    static func dependencies(clock: ManualClock, faults: FaultInjector, stateFolder: URL) -> AppModel.Dependencies {
        let fileSystem = faults.fileSystem
        return AppModel.Dependencies(
            workspace: .live(fileSystem: fileSystem),
            store: .testing(journalFolder: stateFolder.appendingPathComponent("journal"), fileSystem: fileSystem),
            search: .live(fileSystem: fileSystem),
            rendering: .live,
            settings: .live(file: stateFolder.appendingPathComponent("settings.yml"), fileSystem: fileSystem),
            clock: clock, fileSystem: fileSystem, diskCheckInterval: nil)
    }

    /// Opens the workspace and replays every step, checking expectations.
    func run() async throws {
        await app.onAppeared(path: scenario.openPath, currentDirectory: workspace)
        await settle()
        for step in scenario.steps {
            try await perform(step)
            await settle()
            check(step)
        }
        try checkDisk()
    }

    /// Waits for work the last action started that does not wait on the
    /// clock (the index build); clock-driven work waits for `advanceClock`
    /// or `renderPreview`.
    private func settle() async {
        await app.indexing.buildTask?.value
        await app.documents?.listing.summaryTask?.value
        await app.indexing.listUpdateTask?.value
        await app.flushJournals()
        for _ in 0..<20 { await Task.yield() }
    }

    /// Awaits `task` unless it is asleep on the clock (its deadline not yet
    /// reached), after letting a task that has just started reach its sleep.
    private func finishUnlessAsleep(_ task: Task<Void, Never>?) async {
        guard let task else { return }
        for _ in 0..<100 { await Task.yield() }
        if clock.isAsleep(task) { return }
        await task.value
    }

    func fail(_ step: Scenario.Step, _ message: String) -> ScenarioError {
        ScenarioError(description: "\(scenario.id).yaml:\(step.line): \(step.action): \(message)")
    }

    private func requireEditor(_ step: Scenario.Step) throws -> DocumentEditorModel {
        guard let editor = app.editor else { throw fail(step, "no document is open") }
        return editor
    }

    func int(_ step: Scenario.Step, _ name: String) throws -> Int {
        guard let text = step[argument: name], let value = Int(text) else { throw fail(step, "needs a number `\(name)`") }
        return value
    }

    func text(_ step: Scenario.Step, _ name: String) throws -> String {
        guard let value = step[argument: name] else { throw fail(step, "needs `\(name)`") }
        return value
    }

    // MARK: Actions

    private func perform(_ step: Scenario.Step) async throws {
        // A YAML file's editor takes the actions it has (ScenarioDriver+YAML).
        if app.yamlEditor != nil || Scenario.yamlActions.contains(step.action), try await performYAML(step) { return }
        switch step.action {
        case "check":
            break
        case "openDocument":
            await app.documents?.onSelectedDocument(try text(step, "path"))
        case "filter":
            app.documents?.onChangedFilter(step[argument: "text"] ?? "")
        case "sort":
            guard let order = DocumentListModel.SortOrder(rawValue: try text(step, "by")) else { throw fail(step, "unknown order") }
            app.documents?.onChangedSortOrder(order)
        case "newDocument":
            guard let list = app.documents, let kind = DocumentTemplate.Kind(rawValue: try text(step, "kind")) else { throw fail(step, "bad kind") }
            list.onTappedNewDocument()
            list.onChangedNewDocument(.init(kind: kind, title: try text(step, "title")))
            await list.onConfirmedNewDocument()
        case "deleteDocument":
            guard let list = app.documents else { throw fail(step, "no list") }
            await list.onSelectedDocument(try text(step, "path"))
            list.onTappedDelete()
            if step[argument: "confirm"] == "false" { list.onDismissed() } else { await list.onConfirmedDelete() }
        case "restoreDocument":
            await app.documents?.onTappedRestore()
        case "selectBlock":
            let editor = try requireEditor(step)
            guard let row = editor.row(at: try int(step, "index")) else { throw fail(step, "no block at that index") }
            editor.onSelectedBlock(row.id)
        case "selectLine":
            try requireEditor(step).onSelectedLine(try int(step, "line"))
        case "moveSelection":
            try requireEditor(step).onMovedSelection(by: try int(step, "by"))
        case "moveBlockUp":
            try requireEditor(step).onTappedMoveUp()
        case "moveBlockDown":
            try requireEditor(step).onTappedMoveDown()
        case "moveBlockTo":
            try requireEditor(step).onMovedBlock(to: try int(step, "index"))
        case "insertTile":
            let editor = try requireEditor(step)
            editor.onTappedInsertTile()
            editor.destination?.tileCatalog?.onChose(try text(step, "type"))
        case "openCatalog":
            try requireEditor(step).onTappedInsertTile()
        case "insertParagraph":
            // The new paragraph's text area opens empty; leaving it with text inserts it.
            let editor = try requireEditor(step)
            editor.onTappedInsertParagraph()
            editor.onInspector(.changedNewParagraph(step[argument: "text"] ?? ""))
            editor.onInspector(.leftNewParagraph)
        case "duplicate":
            try requireEditor(step).onTappedDuplicate()
        case "delete":
            let editor = try requireEditor(step)
            editor.onTappedDelete()
            if step[argument: "confirm"] == "false" { editor.onDismissed() } else if step[argument: "confirm"] != "later" { editor.onConfirmedDelete() }
        case "confirmDelete":
            try requireEditor(step).onConfirmedDelete()
        case "dismiss":
            if app.destination != nil { app.onDismissed() } else if app.editor?.destination != nil { app.editor?.onDismissed() } else { app.documents?.onDismissed() }
        case "typeField":
            let editor = try requireEditor(step)
            let key = try text(step, "key")
            if editor.inspector.editing != .field(key) { editor.onInspector(.beganEditingField(key)) }
            editor.onInspector(.changedField(key, text: step[argument: "text"] ?? ""))
        case "commitField":
            try requireEditor(step).onInspector(.committedField(try text(step, "key")))
        case "leaveField":
            // Tab, Esc, an arrow or Ctrl-C (`by`): the same for the view models.
            try requireEditor(step).onInspector(.leftField(try text(step, "key")))
        case "discardField":
            let editor = try requireEditor(step)
            editor.onTappedDiscardTyping(.field(try text(step, "key")))
            if step[argument: "confirm"] == "false" { editor.onDismissed() } else { editor.onConfirmedDiscardTyping() }
        case "setField":
            let editor = try requireEditor(step)
            let key = try text(step, "key")
            editor.onInspector(.beganEditingField(key))
            editor.onInspector(.changedField(key, text: step[argument: "text"] ?? ""))
            editor.onInspector(.committedField(key))
        case "addProperty":
            try requireEditor(step).onInspector(.addedProperty(try text(step, "key")))
        case "removeField":
            try requireEditor(step).onInspector(.removedField(try text(step, "key")))
        case "setText":
            let editor = try requireEditor(step)
            editor.onInspector(.beganEditingText)
            editor.onInspector(.changedText(step[argument: "text"] ?? ""))
            editor.onInspector(.leftText)
        case "typeText":
            let editor = try requireEditor(step)
            if editor.inspector.editing != .text { editor.onInspector(.beganEditingText) }
            editor.onInspector(.changedText(step[argument: "text"] ?? ""))
        case "commitText":
            try requireEditor(step).onInspector(.leftText)
        case "undo":
            try requireEditor(step).onTappedUndo()
        case "redo":
            try requireEditor(step).onTappedRedo()
        case "save":
            try await requireEditor(step).onTappedSave()
        case "format":
            try requireEditor(step).onTappedFormat()
        case "fix":
            let editor = try requireEditor(step)
            guard editor.selectedBlock?.diagnostics.contains(where: { $0.fix != nil }) == true else { throw fail(step, "no fix here") }
            editor.onTappedApplyFix()
        case "writeFile":
            let url = workspace.appendingPathComponent(try text(step, "path"))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((step[argument: "content"] ?? "").utf8).write(to: url)
        case "removeFile":
            try FileManager.default.removeItem(at: workspace.appendingPathComponent(try text(step, "path")))
        case "breakDisk":
            guard let operation = FileSystemError.Operation(rawValue: try text(step, "operation")) else { throw fail(step, "unknown operation") }
            faults.fail(operation)
        case "repairDisk":
            faults.repair()
        case "checkDisk":
            try await requireEditor(step).onCheckedDisk()
        case "resolveConflict":
            let choice: ConflictResolution
            switch try text(step, "with") {
            case "reload": choice = .reload
            case "overwrite": choice = .overwrite
            case "keepBoth": choice = .keepBoth
            default: throw fail(step, "reload, overwrite or keepBoth")
            }
            try await requireEditor(step).onChoseConflictResolution(choice)
        case "saveAgain":
            try await requireEditor(step).onTappedSaveAgain()
        case "openSearch":
            app.onTappedSearch()
        case "search":
            if app.destination?.search == nil { app.onTappedSearch() }
            app.destination?.search?.onChangedQuery(step[argument: "query"] ?? "")
        case "advanceClock":
            await clock.advance(by: .milliseconds(try int(step, "ms")))
            await finishUnlessAsleep(app.destination?.search?.task)
            await finishUnlessAsleep(app.editor?.session.autosaveTask)
        case "chooseResult":
            app.destination?.search?.onChoseResult(at: Int(step[argument: "index"] ?? "0"))
            for _ in 0..<50 { await Task.yield() }
            await app.editor?.onAppeared()
        case "renderPreview":
            await clock.advance(by: PreviewModel.debounce)
            await app.preview.task?.value
        case "openSettings":
            app.onTappedSettings()
            await app.destination?.settings?.onAppeared()
        case "toggleFormatOnSave":
            await app.destination?.settings?.onToggledFormatOnSave()
        case "setAutosave":
            await app.destination?.settings?.onChangedAutosaveInterval(try int(step, "seconds"))
        case "quit":
            app.onTappedQuit()
        case "confirmQuit":
            await app.onConfirmedQuit(saving: step[argument: "saving"] != "false")
        case "recover":
            try await requireEditor(step).onChoseRecovery(step[argument: "choice"] == "discard" ? .discard : .restore)
        case "terminate":
            // SIGTERM or SIGHUP (`signal`): the journal is written, the app quits.
            await app.onReceivedTermination()
        case "breakJournal":
            faults.fail(.write, under: stateFolder.appendingPathComponent("journal"))
            faults.fail(.createFolder, under: stateFolder.appendingPathComponent("journal"))
        case "restart":
            // The process ends without saving (a crash) and starts again.
            app = AppModel(dependencies: Self.dependencies(clock: clock, faults: faults, stateFolder: stateFolder))
            await app.onAppeared(path: scenario.openPath, currentDirectory: workspace)
        case "restoreEdits", "discardEdits":
            let path = try text(step, "path")
            guard let list = app.destination?.recoverEdits, let index = list.items.firstIndex(where: { $0.path == path }) else {
                throw fail(step, "\(path) is not in the list of recoverable edits")
            }
            app.onMovedRecoverySelection(by: index - list.selection)
            await app.onChoseRecovery(step.action == "restoreEdits" ? .restore : .discard)
        default:
            throw fail(step, "unknown action")
        }
    }

    // MARK: Expectations

    private func actual(_ name: String, _ step: Scenario.Step) -> Scenario.Expectation? {
        if let yaml = app.yamlEditor, let value = actualYAML(name, yaml) { return value }
        let editor = app.editor
        switch name {
        case "session":
            switch app.session {
            case .closed: return .text("closed")
            case .opening: return .text("opening")
            case .open: return .text("open")
            case .failed: return .text("failed")
            }
        case "documents":
            return .list(app.documents?.visibleDocuments.map(\.path) ?? [])
        case "documentTitles":
            return .list(app.documents?.visibleDocuments.map(\.title) ?? [])
        case "editor":
            return .text(editor?.displayPath ?? "none")
        case "blockCount":
            return .text(String(editor?.blockCount ?? 0))
        case "blocks":
            return .list((0..<(editor?.blockCount ?? 0)).compactMap { editor?.row(at: $0) }.map { "\($0.kindLabel): \($0.summary)" })
        case "selection":
            return .text(editor?.selectedIndex.map(String.init) ?? "none")
        case "selectedBlock":
            return .text(editor?.selectedIndex.flatMap { editor?.row(at: $0) }.map { "\($0.kindLabel): \($0.summary)" } ?? "none")
        case "fields":
            return .list(editor?.inspector.fields.map(\.key) ?? [])
        case "message":
            // `expect: message: key=text` is written as two expectations; see check().
            return nil
        case "saveState":
            guard let state = editor?.saveState else { return .text("none") }
            switch state {
            case .clean: return .text("clean")
            case .dirty: return .text("dirty")
            case .saving: return .text("saving")
            case .saved: return .text("saved")
            case .failed: return .text("failed")
            case .conflict: return .text("conflict")
            case .diskProblem(let problem, _): return .text(problem.label)
            }
        case "destination":
            if let destination = app.destination {
                switch destination {
                case .search: return .text("search")
                case .settings: return .text("settings")
                case .confirmQuit: return .text("confirmQuit")
                case .recoverEdits: return .text("recoverEdits")
                case .interruptedSaves: return .text("interruptedSaves")
                case .alert: return .text("alert")
                }
            }
            if let destination = editor?.destination {
                switch destination {
                case .tileCatalog: return .text("tileCatalog")
                case .prompt: return .text("prompt")
                case .confirmDelete: return .text("confirmDelete")
                case .conflict: return .text("conflict")
                case .reviewingConflict: return .text("reviewingConflict")
                case .deletedOnDisk: return .text("deletedOnDisk")
                case .confirmOverrideReadOnly: return .text("confirmOverrideReadOnly")
                case .recovery: return .text("recovery")
                case .confirmDiscardTyping: return .text("confirmDiscardTyping")
                case .alert: return .text("alert")
                }
            }
            if let destination = app.documents?.destination {
                switch destination {
                case .newDocument: return .text("newDocument")
                case .confirmDelete: return .text("confirmDeleteDocument")
                case .rename: return .text("rename")
                case .renamePreview: return .text("renamePreview")
                case .alert: return .text("alert")
                }
            }
            return .text("none")
        case "alert":
            let error = app.destination?.alert ?? editor?.destination?.alert ?? app.documents?.destination?.alert
                ?? { if case .failed(let error)? = editor?.saveState { return error } else { return nil } }()
                ?? editor?.inspector.refusal
            return .text(error?.message ?? "none")
        case "canUndo":
            return .text(String(editor?.canUndo ?? false))
        case "canRedo":
            return .text(String(editor?.canRedo ?? false))
        case "errors":
            return .text(String(editor?.diagnosticCounts.errors ?? 0))
        case "warnings":
            return .text(String(editor?.diagnosticCounts.warnings ?? 0))
        case "searchResults":
            return .list(app.destination?.search?.results.value?.map { "\($0.path):\($0.line)" } ?? [])
        case "preview":
            // The preview as the terminal lays it out at 80 columns: the
            // expectation reads the same under tmux.
            return .list(app.preview.document.value.map { PreviewLayout.lines(of: $0, width: 80).map(\.text) } ?? [])
        case "hasQuit":
            return .text(String(app.hasQuit))
        case "notes":
            return .list(editor?.notes ?? [])
        case "journalProblem":
            return .text(editor?.session.journal.problem?.message ?? "none")
        case "recoverable":
            return .list(app.destination?.recoverEdits?.items.map(\.path) ?? [])
        case "pending":
            return .list(editor?.pendingDescriptions ?? [])
        case "unsaved":
            return .list(app.unsavedPaths)
        case "text":
            return .text(editor?.document.value?.text ?? "")
        case "frontMatter":
            return .list(editor?.document.value?.frontMatter?.fields.map { "\($0.key): \($0.value)" } ?? [])
        case "settings":
            let settings = app.settings
            return .list(["formatOnSave: \(settings.formatOnSave)", "autosaveInterval: \(settings.autosaveInterval)", "theme: \(settings.theme.rawValue)"])
        default:
            if name.hasPrefix("field.") {
                let parts = name.dropFirst(6).split(separator: ".", maxSplits: 1)
                guard let field = editor?.inspector.field(String(parts[0])) else { return .text("absent") }
                switch parts.count > 1 ? String(parts[1]) : "draft" {
                case "message": return .text(field.message ?? "none")
                case "original": return .text(field.original)
                default: return .text(field.draft)
                }
            }
            return nil
        }
    }

    /// Compares every expectation of `step`; text expectations ending in `…`
    /// match a prefix, list items starting with `~` match a substring.
    private func check(_ step: Scenario.Step) {
        for (name, expected) in step.expectations.sorted(by: { $0.key < $1.key }) {
            guard let value = actual(name, step) else {
                Issue.record(Comment(rawValue: "\(scenario.id).yaml:\(step.line): unknown expectation `\(name)`"))
                continue
            }
            let matches: Bool
            switch expected {
            case .text(let text):
                let got = value.text ?? value.description
                matches = Self.match(text, got)
            case .list(let items):
                let got = value.list
                matches = items.count == got.count && zip(items, got).allSatisfy { Self.match($0, $1) }
            }
            if !matches {
                let message = "\(scenario.id).yaml:\(step.line) (\(step.action)): `\(name)` expected \(expected), got \(value)"
                print("SCENARIO", message)
                Issue.record(Comment(rawValue: message))
            }
        }
    }

    static func match(_ pattern: String, _ value: String) -> Bool {
        if pattern.hasPrefix("~") { return value.contains(pattern.dropFirst()) }
        if pattern.hasSuffix("…") { return value.hasPrefix(pattern.dropLast()) }
        return pattern == value
    }

    private func checkDisk() throws {
        let original = try scenario.fixtureFiles()
        for (path, content) in scenario.finalFiles {
            let url = workspace.appendingPathComponent(path)
            guard let bytes = try? Data(contentsOf: url) else {
                Issue.record(Comment(rawValue: "\(scenario.id).yaml: \(path) is missing at the end"))
                continue
            }
            if Array(bytes) != Array(content.utf8) {
                Issue.record(Comment(rawValue: "\(scenario.id).yaml: \(path) on disk:\n\(String(decoding: bytes, as: UTF8.self).debugDescription)\nexpected:\n\(content.debugDescription)"))
            }
        }
        let unchanged = scenario.unchangedFiles == ["others"]
            ? original.keys.filter { scenario.finalFiles[$0] == nil && !scenario.missingFiles.contains($0) }
            : scenario.unchangedFiles
        for path in unchanged.sorted() {
            let now = (try? Data(contentsOf: workspace.appendingPathComponent(path))).map(Array.init)
            if now != original[path] {
                Issue.record(Comment(rawValue: "\(scenario.id).yaml: \(path) changed on disk but should not have"))
            }
        }
        for path in scenario.missingFiles where FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path) {
            Issue.record(Comment(rawValue: "\(scenario.id).yaml: \(path) should not exist at the end"))
        }
        let all = FileManager.default.enumerator(atPath: workspace.path)?.compactMap { $0 as? String } ?? []
        for prefix in scenario.existingFilePrefixes where !all.contains(where: { $0.hasPrefix(prefix) }) {
            Issue.record(Comment(rawValue: "\(scenario.id).yaml: no file starts with \(prefix)"))
        }
    }
}
