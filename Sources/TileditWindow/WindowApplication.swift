import CGtk
import Foundation
import TileditGtk
import TileditServices
import TileditViewModels

/// The window renderer's application: GTK's main loop with Swift's main
/// actor on the same thread, one `MainWindow` per open folder, the
/// application actions and the GNOME keyboard shortcuts. SIGTERM and
/// SIGHUP write every window's recovery journal, then end the process
/// with 128 + the signal, as the terminal editor does.
@MainActor
public final class WindowApplication {
    private let application = Application()
    private let makeModel: @MainActor () -> AppModel
    private var windows: [MainWindow] = []
    private var mainQueue: MainQueueSource?
    /// The signal that ended the application, if one did.
    private var terminatingSignal: Int32?
    private var termination: Task<Void, Never>?

    /// The style classes of the window's own widgets: quotes in the
    /// preview, diff lines, the drop target of a dragged block.
    static let css = """
        .tiledit-quote { border-left: 3px solid alpha(currentColor, 0.3); padding-left: 8px; }
        .tiledit-frame { padding: 6px 10px; border: 1px solid alpha(currentColor, 0.15); border-radius: 6px; }
        .tiledit-preview row:selected { background-color: alpha(@theme_selected_bg_color, 0.15); color: @theme_text_color; }
        .tiledit-added { color: #26a269; }
        .tiledit-removed { color: #c01c28; }
        .tiledit-file { font-weight: bold; }
        .tiledit-expander { min-height: 0; min-width: 0; padding: 0 2px; }
        .tiledit-hunk { color: alpha(currentColor, 0.6); }
        """

    /// The shortcuts, as the shortcuts window lists them.
    static let shortcutGroups: [ShortcutsWindow.Group] = [
        .init(title: "Document", shortcuts: [
            ("Save", "<Control>s"), ("Undo", "<Control>z"), ("Redo", "<Control><Shift>z"),
            ("Search the folder", "<Control>f"), ("Go to a line", "<Control>l"), ("Reload from disk", "F5"),
            ("Move the block up", "<Alt>Up"), ("Move the block down", "<Alt>Down"), ("Delete the block", "Delete"),
        ]),
        .init(title: "Documents", shortcuts: [
            ("New document", "<Control>n"), ("Rename or move the document", "F2"),
        ]),
        .init(title: "YAML tree", shortcuts: [
            ("Unfold", "Right"), ("Fold", "Left"), ("Move the item up", "<Alt>Up"), ("Move the item down", "<Alt>Down"),
            ("Remove the key or item", "Delete"),
        ]),
        .init(title: "Inspector", shortcuts: [
            ("Apply a field", "Return"), ("Apply a text area", "<Control>Return"), ("Put back what was there", "Escape"),
        ]),
        .init(title: "Window", shortcuts: [
            ("Open a folder", "<Control>o"), ("Settings", "<Control>comma"), ("Main menu", "F10"), ("Keyboard shortcuts", "<Control>question"),
            ("Close the window", "<Control>w"), ("Quit", "<Control>q"),
        ]),
    ]

    /// The accelerators of each action.
    private static let accelerators: [(action: String, keys: [String])] = [
        ("win.save", ["<Control>s"]),
        ("win.undo", ["<Control>z"]),
        ("win.redo", ["<Control><Shift>z", "<Control>y"]),
        ("win.search", ["<Control>f"]),
        ("win.go-to-line", ["<Control>l"]),
        ("win.check-disk", ["F5"]),
        ("win.new-document", ["<Control>n"]),
        ("win.rename-document", ["F2"]),
        ("win.open-folder", ["<Control>o"]),
        ("win.show-shortcuts", ["<Control>question"]),
        ("win.settings", ["<Control>comma"]),
        ("win.close", ["<Control>w"]),
        ("app.quit", ["<Control>q"]),
    ]

    /// Told of each window once it is made, before it opens its path (the
    /// window's benchmark measures it). Set it before `run`.
    public var onOpenedWindow: (@MainActor (MainWindow) -> Void)?

    /// - Parameter makeModel: a new application view model with live
    ///   dependencies (one per window).
    public init(makeModel: @escaping @MainActor () -> AppModel) {
        self.makeModel = makeModel
    }

    /// Opens a window on `path` (a folder or file; `nil`: `currentDirectory`)
    /// and runs until the last window closes.
    /// - Returns: the exit status.
    public func run(path: String?, currentDirectory: URL) -> Int32 {
        mainQueue = MainQueueSource()
        application.onActivate { [weak self] in
            guard let self else { return }
            StyleSheet.install(Self.css)
            self.openWindow(path: path, currentDirectory: currentDirectory)
        }
        handleTermination()
        application.addAction(SimpleAction("quit") { [weak self] in
            self?.windows.forEach { $0.requestQuit() }
        })
        for accelerator in Self.accelerators {
            application.setAccelerators(accelerator.keys, for: accelerator.action)
        }
        let status = application.run()
        mainQueue?.stop()
        return terminatingSignal.map { 128 + $0 } ?? status
    }

    /// SIGTERM and SIGHUP reach the main loop (`g_unix_signal_add_full`):
    /// each window's app writes its journal and quits, and the process ends.
    private func handleTermination() {
        /// What a signal's source calls: this application, told which signal.
        final class Receiver {
            weak var application: WindowApplication?
            let signal: Int32
            init(_ application: WindowApplication, _ signal: Int32) {
                self.application = application
                self.signal = signal
            }
        }
        let received: GSourceFunc = { data in
            guard let data else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { receiver.application?.terminate(receiver.signal) }
            return 1  // G_SOURCE_CONTINUE
        }
        let release: GDestroyNotify = { data in
            if let data { Unmanaged<Receiver>.fromOpaque(data).release() }
        }
        for signal in [SIGTERM, SIGHUP] {
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, received, Unmanaged.passRetained(Receiver(self, signal)).toOpaque(), release)
        }
    }

    private func terminate(_ signal: Int32) {
        guard terminatingSignal == nil else { return }
        terminatingSignal = signal
        let models = windows.map(\.app)
        termination = Task { [weak self] in
            for model in models { await model.onReceivedTermination() }
            self?.application.quit()
        }
    }

    /// Opens another window on `path` (a folder or file; `nil`:
    /// `currentDirectory`), as Open Folder does.
    public func openWindow(path: String?, currentDirectory: URL) {
        let window = MainWindow(
            application: application, app: makeModel(),
            openFolder: { [weak self] folder in self?.openWindow(path: folder, currentDirectory: currentDirectory) },
            closed: { [weak self] window in self?.windows.removeAll { $0 === window } })
        windows.append(window)
        onOpenedWindow?(window)
        window.open(path: path, currentDirectory: currentDirectory)
    }
}
