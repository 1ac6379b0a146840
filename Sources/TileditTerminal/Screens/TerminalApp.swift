import Foundation
import Observation
import TileditModel
import TileditServices
import TileditViewModels
import TileditTerminalToolkit

/// The terminal editor's run loop, on the main actor: takes over the
/// terminal, starts the app opening its workspace, then handles events one
/// at a time: a key goes to `KeyRouter` (async actions start in tasks and
/// are never awaited here), and after every key and every change of
/// observed view-model state (`withObservationTracking`) a frame is drawn
/// with `Screen.draw` and presented. Keys are read by a `KeyReader` on its
/// own thread. The terminal is given back when the user quits or input
/// closes (and by the toolkit on signals and crashes). SIGINT, SIGTERM and
/// SIGHUP arrive as `.terminate`: the journal gets the latest edits, the
/// terminal is given back, and the process ends of the signal.
@MainActor
public final class TerminalApp {
    private let app: AppModel
    private let terminal: Terminal
    private let environment: [String: String]
    private let path: String?
    private let currentDirectory: URL
    private var state = ViewState()
    private var reader: KeyReader?
    private var continuation: AsyncStream<LoopEvent>.Continuation?
    private var appliedTheme: Settings.Theme?

    /// - Parameters:
    ///   - app: the application's view model.
    ///   - terminal: a terminal not yet started.
    ///   - environment: the process environment (`EDITOR` for `e`).
    ///   - path: the folder or file to open (`nil`: `currentDirectory`).
    ///   - currentDirectory: where a relative `path` starts.
    public init(app: AppModel, terminal: Terminal, environment: [String: String], path: String?, currentDirectory: URL) {
        self.app = app
        self.terminal = terminal
        self.environment = environment
        self.path = path
        self.currentDirectory = currentDirectory
    }

    /// Runs the editor until the user quits.
    /// - Returns: the exit status: 0 after quitting, 1 when the terminal
    ///   cannot be used (the reason is written to standard error).
    public func run() async -> Int32 {
        do {
            try terminal.start()
        } catch {
            FileHandle.standardError.write(Data("tiledit: \(error.message)\n".utf8))
            return 1
        }
        let reader: KeyReader
        do {
            guard let source = terminal.inputSource else { throw TerminalError.notATerminal }
            reader = try KeyReader(source: source)
        } catch {
            terminal.stop()
            FileHandle.standardError.write(Data("tiledit: \((error as? TerminalError)?.message ?? "\(error)")\n".utf8))
            return 1
        }
        self.reader = reader
        let (events, continuation) = AsyncStream<LoopEvent>.makeStream()
        self.continuation = continuation
        let forwarding = Task.detached {
            for await key in reader.events { continuation.yield(.key(key)) }
            continuation.yield(.inputClosed)
        }
        let app = app
        let path = path
        let currentDirectory = currentDirectory
        let opening = Task { await app.onAppeared(path: path, currentDirectory: currentDirectory) }
        render()
        var terminatingSignal: Int32?
        loop: for await event in events {
            switch event {
            case .key(.resize):
                terminal.applyResize()
            case .key(.terminate(let signal)):
                terminatingSignal = signal
                await app.onReceivedTermination()
                break loop
            case .key(let key):
                for effect in KeyRouter.handle(key, app: app, state: &state) {
                    switch effect {
                    case .run(let work):
                        // Started at once: what the action does before its
                        // first suspension (closing an alert, marking a save
                        // as running) lands before the next key is read.
                        Task.immediate { await work() }
                    case .editExternally(let edit):
                        await editExternally(edit)
                    }
                }
            case .changed:
                break
            case .inputClosed:
                break loop
            }
            if app.hasQuit { break }
            render()
        }
        reader.stop()
        forwarding.cancel()
        opening.cancel()
        continuation.finish()
        terminal.stop()
        if let terminatingSignal {
            // The journal is written and the terminal back: end as the signal
            // asked. Sent to the process, not this thread (which may be a
            // worker that blocks it); the exit status says so if it never lands.
            signal(terminatingSignal, SIG_DFL)
            kill(getpid(), terminatingSignal)
            sleep(2)
            return 128 + terminatingSignal
        }
        return 0
    }

    /// Draws a frame, presents it, and asks to be told when anything it
    /// read changes.
    private func render() {
        let size = terminal.size
        var buffer = ScreenBuffer(rows: size.rows, columns: size.columns)
        let continuation = continuation
        withObservationTracking {
            _ = app.hasQuit
            _ = app.settings.theme
            _ = app.settings.mouse
            Screen.draw(app: app, viewState: &state, into: &buffer)
        } onChange: {
            continuation?.yield(.changed)
        }
        applyTheme()
        terminal.setMouseReporting(app.settings.mouse)
        terminal.present(buffer)
    }

    private func applyTheme() {
        let theme = app.settings.theme
        guard theme != appliedTheme else { return }
        appliedTheme = theme
        switch theme {
        case .auto: terminal.setBackgroundTone(nil)
        case .dark: terminal.setBackgroundTone(.dark)
        case .light: terminal.setBackgroundTone(.light)
        }
    }

    /// Gives the terminal to `$EDITOR` for the block's text, then hands
    /// what comes back to the editor.
    private func editExternally(_ edit: ExternalEdit) async {
        reader?.pause()
        terminal.suspend()
        let result: Result<String, ExternalEditor.Failure>
        do {
            result = .success(try await ExternalEditor(environment: environment).edit(edit.fileText))
        } catch {
            result = .failure(error)
        }
        terminal.resume()
        reader?.resume()
        switch result {
        case .success(let edited):
            KeyRouter.applyExternalEdit(edited, for: edit, app: app, state: &state)
        case .failure(let failure):
            state.message = failure.message
        }
    }
}
