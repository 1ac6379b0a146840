import Foundation
import TileditGtk
import TileditServices
import TileditViewModels

/// The window renderer's application: GTK's main loop with Swift's main
/// actor on the same thread, one `MainWindow` per open folder, the
/// application actions and the GNOME keyboard shortcuts.
@MainActor
public final class WindowApplication {
    private let application = Application()
    private let makeModel: @MainActor () -> AppModel
    private var windows: [MainWindow] = []
    private var mainQueue: MainQueueSource?

    /// The shortcuts, as the shortcuts window lists them.
    static let shortcutGroups: [ShortcutsWindow.Group] = [
        .init(title: "Document", shortcuts: [
            ("Save", "<Control>s"), ("Undo", "<Control>z"), ("Redo", "<Control><Shift>z"),
            ("Search the folder", "<Control>f"), ("Move the block up", "<Alt>Up"), ("Move the block down", "<Alt>Down"),
            ("Delete the block", "Delete"),
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
        ("win.open-folder", ["<Control>o"]),
        ("win.show-shortcuts", ["<Control>question"]),
        ("win.settings", ["<Control>comma"]),
        ("win.close", ["<Control>w"]),
        ("app.quit", ["<Control>q"]),
    ]

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
            self.openWindow(path: path, currentDirectory: currentDirectory)
        }
        application.addAction(SimpleAction("quit") { [weak self] in
            self?.windows.forEach { $0.requestQuit() }
        })
        for accelerator in Self.accelerators {
            application.setAccelerators(accelerator.keys, for: accelerator.action)
        }
        let status = application.run()
        mainQueue?.stop()
        return status
    }

    private func openWindow(path: String?, currentDirectory: URL) {
        let window = MainWindow(
            application: application, app: makeModel(),
            openFolder: { [weak self] folder in self?.openWindow(path: folder, currentDirectory: currentDirectory) },
            closed: { [weak self] window in self?.windows.removeAll { $0 === window } })
        windows.append(window)
        window.open(path: path, currentDirectory: currentDirectory)
    }
}
