import CGtk
import Foundation
import TileditGtk
import TileditServices
import TileditViewModels

/// One window over one `AppModel`: header bar (open folder, save, format,
/// undo, redo, search, main menu), documents | blocks | inspector, and a
/// status line. Window actions (`win.…`) forward to the view models'
/// `on…` actions and are enabled from their state.
@MainActor
public final class MainWindow {
    let window: ApplicationWindow
    let app: AppModel
    private let sidebar: DocumentsSidebar
    private let blocks: BlocksList
    private let inspector: InspectorPanel
    private let search: SearchPopover
    private let status = Label()
    private let title = Label()
    private let subtitle = Label()
    private var alerts: DestinationAlerts?
    private var settingsWindow: (model: SettingsModel, window: SettingsWindow)?
    private var observers: [StateObserver] = []
    private var actions: [String: SimpleAction] = [:]
    private var work: Task<Void, Never>?
    private var keepAlive: [AnyObject] = []
    private let openFolder: @MainActor (String) -> Void
    private let closed: @MainActor (MainWindow) -> Void

    /// - Parameters:
    ///   - openFolder: opens a folder in a new window.
    ///   - closed: told when the window is gone.
    init(application: Application, app: AppModel, openFolder: @escaping @MainActor (String) -> Void, closed: @escaping @MainActor (MainWindow) -> Void) {
        self.app = app
        self.openFolder = openFolder
        self.closed = closed
        window = ApplicationWindow(application: application)
        sidebar = DocumentsSidebar(app: app)
        blocks = BlocksList(app: app)
        inspector = InspectorPanel(app: app)
        search = SearchPopover(app: app)
        window.setDefaultSize(width: 1200, height: 760)
        window.title = "Tiledit"
        addActions()
        window.setTitlebar(makeHeaderBar())
        window.setChild(makeContent())
        alerts = DestinationAlerts(app: app, window: window)
        window.onCloseRequest { [weak self] in
            self?.app.onTappedQuit()
            return true
        }
        window.onDestroy { [weak self] in
            guard let self else { return }
            self.observers.forEach { $0.stop() }
            self.closed(self)
        }
        observers.append(StateObserver { [weak self] in self?.renderHeader() })
        observers.append(StateObserver { [weak self] in self?.renderStatus() })
        observers.append(StateObserver { [weak self] in self?.renderSettings() })
        observers.append(StateObserver { [weak self] in
            // The settings' theme, or the desktop's style when it is `auto`.
            switch self?.app.settings.theme {
            case .dark?: Appearance.dark.apply()
            case .light?: Appearance.light.apply()
            case .auto?, nil: Appearance.system.apply()
            }
        })
        observers.append(StateObserver { [weak self] in
            guard let self, self.app.hasQuit else { return }
            self.window.destroy()
        })
    }

    deinit {
        work?.cancel()
    }

    /// Shows the window and opens `path` (a folder or a file; `nil`: `currentDirectory`).
    func open(path: String?, currentDirectory: URL) {
        window.present()
        let app = app
        work = Task { await app.onAppeared(path: path, currentDirectory: currentDirectory) }
    }

    /// Asks to quit this window (it asks first when there are unsaved edits).
    func requestQuit() {
        app.onTappedQuit()
    }

    // MARK: Actions

    private func addActions() {
        add("open-folder") { [weak self] in
            guard let self else { return }
            self.keepAlive.append(FolderChooser(parent: self.window, title: "Open Folder") { [weak self] path in self?.openFolder(path) })
        }
        add("search") { [weak self] in self?.app.onTappedSearch() }
        add("save") { [weak self] in
            // The editor applies what was typed in the inspector first; a refused value stops the save.
            guard let self, let editor = self.app.editor else { return }
            self.work = Task { await editor.onTappedSaveApplyingTyping() }
        }
        add("format") { [weak self] in self?.app.editor?.onTappedFormat() }
        add("undo") { [weak self] in self?.app.editor?.onTappedUndo() }
        add("redo") { [weak self] in self?.app.editor?.onTappedRedo() }
        add("insert-tile") { [weak self] in self?.app.editor?.onTappedInsertTile() }
        add("insert-paragraph") { [weak self] in self?.app.editor?.onTappedInsertParagraph(text: "New paragraph.") }
        add("duplicate-block") { [weak self] in self?.app.editor?.onTappedDuplicate() }
        add("delete-block") { [weak self] in self?.app.editor?.onTappedDelete() }
        add("move-block-up") { [weak self] in self?.app.editor?.onTappedMoveUp() }
        add("move-block-down") { [weak self] in self?.app.editor?.onTappedMoveDown() }
        add("settings") { [weak self] in self?.app.onTappedSettings() }
        add("close") { [weak self] in self?.app.onTappedQuit() }
        add("show-shortcuts") { [weak self] in
            guard let self else { return }
            ShortcutsWindow(parent: self.window, groups: WindowApplication.shortcutGroups).present()
        }
    }

    private func add(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = SimpleAction(name, handler)
        actions[name] = action
        window.addAction(action)
    }

    // MARK: Layout

    private func makeHeaderBar() -> HeaderBar {
        let bar = HeaderBar()
        let open = Self.button("folder-open-symbolic", "Open folder", "Open a folder in a new window (Ctrl+O)", "win.open-folder")
        let save = Self.button("document-save-symbolic", "Save", "Save the document (Ctrl+S)", "win.save")
        bar.packStart(open)
        bar.packStart(save)
        let insert = MenuButton(iconName: "list-add-symbolic")
        insert.setAccessibleLabel("Insert")
        insert.setTooltip("Insert a block after the selected one")
        insert.setMenu([
            ("Tile…", "win.insert-tile"),
            ("Paragraph", "win.insert-paragraph"),
            ("Duplicate Block", "win.duplicate-block"),
            ("Delete Block…", "win.delete-block"),
        ])
        bar.packStart(insert)
        let titles = Box(GTK_ORIENTATION_VERTICAL)
        titles.setVerticalAlignment(GTK_ALIGN_CENTER)
        title.addStyleClass("title")
        subtitle.addStyleClass("subtitle")
        subtitle.addStyleClass("dim-label")
        title.setEllipsizesAtEnd()
        subtitle.setEllipsizesAtEnd()
        titles.append(title)
        titles.append(subtitle)
        bar.setTitleWidget(titles)
        let menu = MenuButton(iconName: "open-menu-symbolic")
        menu.setAccessibleLabel("Main menu")
        menu.setTooltip("Main menu (F10)")
        menu.setPrimary(true)
        menu.setMenu([
            ("Open Folder…", "win.open-folder"),
            ("Settings", "win.settings"),
            ("Keyboard Shortcuts", "win.show-shortcuts"),
            ("Close Window", "win.close"),
            ("Quit", "app.quit"),
        ])
        bar.packEnd(menu)
        bar.packEnd(search.button)
        bar.packEnd(Self.button("edit-redo-symbolic", "Redo", "Redo (Ctrl+Shift+Z)", "win.redo"))
        bar.packEnd(Self.button("edit-undo-symbolic", "Undo", "Undo (Ctrl+Z)", "win.undo"))
        bar.packEnd(Self.button("format-justify-left-symbolic", "Format", "Format the document in canonical form", "win.format"))
        return bar
    }

    private static func button(_ icon: String, _ name: String, _ tooltip: String, _ action: String) -> Button {
        let button = Button(iconName: icon)
        button.setAccessibleLabel(name)
        button.setTooltip(tooltip)
        button.setActionName(action)
        return button
    }

    private func makeContent() -> Widget {
        let column = Box(GTK_ORIENTATION_VERTICAL)
        let right = Paned(GTK_ORIENTATION_HORIZONTAL)
        right.setPanes(start: blocks.view, end: inspector.view, resizeStart: true, resizeEnd: false)
        right.position = 560
        right.setAccessibleLabel("Blocks and inspector divider")
        let panes = Paned(GTK_ORIENTATION_HORIZONTAL)
        panes.setPanes(start: sidebar.view, end: right, resizeStart: false, resizeEnd: true)
        panes.position = 260
        panes.setAccessibleLabel("Documents divider")
        panes.setExpands(horizontally: true, vertically: true)
        status.setTextAlignment(0)
        status.setMargins(top: 4, bottom: 4, start: 8, end: 8)
        status.setEllipsizesAtEnd()
        status.addStyleClass("dim-label")
        status.setAccessibleDescription("Status")
        column.append(panes)
        column.append(status)
        blocks.list.addController(blockKeys())
        return column
    }

    /// In the blocks list: Alt+Up and Alt+Down move the selected block,
    /// Delete asks to delete it.
    private func blockKeys() -> KeyController {
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let editor = self?.app.editor else { return false }
            let modifierMask = GDK_ALT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue
            if Int32(key) == GDK_KEY_Delete, modifiers.rawValue & modifierMask == 0 {
                editor.onTappedDelete()
                return true
            }
            guard modifiers.rawValue & GDK_ALT_MASK.rawValue != 0 else { return false }
            switch Int32(key) {
            case GDK_KEY_Up: editor.onTappedMoveUp()
            case GDK_KEY_Down: editor.onTappedMoveDown()
            default: return false
            }
            return true
        }
        return keys
    }

    // MARK: State

    private func renderHeader() {
        let editor = app.editor
        let loaded = editor?.document.value != nil
        actions["save"]?.isEnabled = loaded
        actions["format"]?.isEnabled = loaded
        actions["undo"]?.isEnabled = editor?.canUndo ?? false
        actions["redo"]?.isEnabled = editor?.canRedo ?? false
        actions["insert-tile"]?.isEnabled = loaded
        actions["insert-paragraph"]?.isEnabled = loaded
        actions["duplicate-block"]?.isEnabled = editor?.selection != nil
        actions["delete-block"]?.isEnabled = editor?.selection != nil
        actions["move-block-up"]?.isEnabled = editor?.selection != nil
        actions["move-block-down"]?.isEnabled = editor?.selection != nil
        let folder = app.session.root?.lastPathComponent ?? app.documents?.root.lastPathComponent ?? "Tiledit"
        let name = editor.map { ($0.isDirty ? "• " : "") + $0.displayPath } ?? folder
        title.text = name
        subtitle.text = editor == nil ? "" : folder
        window.title = editor == nil ? "Tiledit" : "\(name) — \(folder)"
    }

    /// Opens the settings window while the app's destination is settings, and closes it after.
    private func renderSettings() {
        let model = app.destination?.settings
        guard model !== settingsWindow?.model else { return }
        settingsWindow?.window.close()
        settingsWindow = nil
        if let model {
            settingsWindow = (model, SettingsWindow(model: model, parent: window) { [weak self] in self?.app.onDismissed() })
        }
    }

    private func renderStatus() {
        var parts: [String] = []
        switch app.session {
        case .closed: parts.append("No folder open")
        case .opening(let path): parts.append("Opening \(path)…")
        case .failed(let error): parts.append(error.message)
        case .open: break
        }
        if let editor = app.editor {
            parts.append(editor.displayPath)
            if let error = editor.document.error { parts.append(error.message) }
            parts.append(editor.saveState.label)
            if let index = editor.selectedIndex { parts.append("block \(index + 1) of \(editor.blockCount)") }
            let counts = editor.diagnosticCounts
            if counts.errors > 0 { parts.append("\(counts.errors) \(counts.errors == 1 ? "error" : "errors")") }
            if counts.warnings > 0 { parts.append("\(counts.warnings) \(counts.warnings == 1 ? "warning" : "warnings")") }
            parts += editor.notes
        }
        status.text = parts.joined(separator: " · ")
    }
}
