import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditTerminal
@testable import TileditViewModels
import TileditTerminalToolkit

/// An app over a temporary copy of a workspace with the live services, a
/// manual clock and no disk watching; draws frames off-screen and presses
/// keys the way the run loop does (async effects awaited in order).
@MainActor
final class EditorFixture {
    let workspace: URL
    let stateFolder: URL
    let clock = ManualClock()
    let app: AppModel
    var state = ViewState()
    /// Texts handed to `$EDITOR` by the `e` key.
    private(set) var externalEdits: [ExternalEdit] = []

    /// A copy of `source` (the example site by default), or of `files`
    /// written into an empty folder.
    init(copying source: URL? = TestSupport.exampleSite, files: [String: String] = [:]) throws {
        let folder = try TestSupport.makeTemporaryFolder("terminal")
        workspace = folder.appendingPathComponent("site")
        if let source {
            try FileManager.default.copyItem(at: source, to: workspace)
        } else {
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        }
        try TestSupport.writeFiles(files, in: workspace)
        stateFolder = folder.appendingPathComponent("state")
        let fileSystem = FileSystem.live
        app = AppModel(dependencies: AppModel.Dependencies(
            workspace: .live(fileSystem: fileSystem, concurrency: 1),
            store: .testing(journalFolder: stateFolder.appendingPathComponent("journal"), fileSystem: fileSystem),
            search: .live(fileSystem: fileSystem),
            rendering: .live,
            settings: .live(file: stateFolder.appendingPathComponent("settings.yml"), fileSystem: fileSystem),
            clock: clock, fileSystem: fileSystem, diskCheckInterval: nil))
    }

    /// Opens the workspace (or `path` in it) and waits for the index and the preview.
    func appear(_ path: String? = nil) async {
        await app.onAppeared(path: path, currentDirectory: workspace)
        await settle()
    }

    /// Opens `path` in the editor.
    func open(_ path: String) async {
        await app.documents?.onSelectedDocument(path)
        await settle()
    }

    /// Waits for work started by the last action (index build, preview
    /// render after its debounce, which the manual clock passes).
    func settle() async {
        await app.indexing.buildTask?.value
        for _ in 0..<20 { await Task.yield() }
        if app.preview.document.isLoading { await clock.advance(by: PreviewModel.debounce) }
        await app.preview.task?.value
        // A chosen search result opens in a task of the app's own.
        for _ in 0..<100 { await Task.yield() }
    }

    /// Handles `keys` as the run loop does, awaiting each async effect.
    func press(_ keys: KeyEvent...) async {
        for key in keys {
            for effect in KeyRouter.handle(key, app: app, state: &state) {
                switch effect {
                case .run(let work): await work()
                case .editExternally(let edit): externalEdits.append(edit)
                }
            }
        }
        await settle()
    }

    /// Types `text` one character at a time.
    func type(_ text: String) async {
        for character in text { await press(.character(character)) }
    }

    /// A frame of `rows` × `columns` (the preview laid out at its pane's width).
    func frame(rows: Int = 40, columns: Int = 120) async -> ScreenBuffer {
        var buffer = ScreenBuffer(rows: rows, columns: columns)
        Screen.draw(app: app, viewState: &state, into: &buffer)
        return buffer
    }

    /// The frame's rows as text, trailing spaces removed.
    static func lines(_ buffer: ScreenBuffer) -> [String] {
        (0..<buffer.rows).map { row in
            var text = buffer.text(row: row)
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    /// The bytes of `path` in the workspace as text.
    func file(_ path: String) throws -> String {
        String(decoding: try TestSupport.readFile(workspace.appendingPathComponent(path)), as: UTF8.self)
    }

    /// The bytes of `path` in the example site as text.
    static func original(_ path: String) throws -> String {
        String(decoding: try TestSupport.readFile(TestSupport.exampleSite.appendingPathComponent(path)), as: UTF8.self)
    }
}
