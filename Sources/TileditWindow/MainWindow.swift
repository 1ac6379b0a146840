import CGtk
import Foundation
import TileditGtk
import TileditServices
import TileditViewModels

/// One window over one `AppModel`: header bar (open folder, save, insert,
/// format, undo, redo, search, main menu), documents | blocks (or a YAML
/// file's tree) | inspector over preview, and a status line. Window
/// actions (`win.…`) forward to the view models' `on…` actions, to the
/// Markdown editor or the YAML editor open, and are enabled from their state.
@MainActor
public final class MainWindow {
    let window: ApplicationWindow
    let app: AppModel
    private let sidebar: DocumentsSidebar
    private let blocks: BlocksList
    private let tree: YAMLTreeList
    private let inspector: InspectorPanel
    private let yamlInspector: YAMLInspectorPanel
    private let preview: PreviewPane
    private let search: SearchPopover
    private let status: StatusLine
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
        let blocks = BlocksList(app: app)
        self.blocks = blocks
        tree = YAMLTreeList(app: app)
        inspector = InspectorPanel(app: app) { blocks.list.grabFocus() }
        yamlInspector = YAMLInspectorPanel(app: app)
        preview = PreviewPane(app: app)
        search = SearchPopover(app: app)
        status = StatusLine(app: app)
        window.setDefaultSize(width: 1280, height: 800)
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
        observers.append(StateObserver { [weak self] in self?.renderPanes() })
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
        // Keys go to the blocks first, not to the documents' filter.
        blocks.list.grabFocus()
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
            guard let self else { return }
            if let editor = self.app.editor {
                // The editor applies what was typed in the inspector first; a refused value stops the save.
                self.run { await editor.onTappedSaveApplyingTyping() }
            } else if let yaml = self.app.yamlEditor {
                // A value typed into the YAML field is applied first when it can be (as leaving the field does).
                if yaml.field.map({ $0.text != $0.original }) == true { yaml.onLeftField() }
                self.run { await yaml.onTappedSave() }
            }
        }
        add("format") { [weak self] in self?.app.editor?.onTappedFormat() }
        add("undo") { [weak self] in
            if let editor = self?.app.editor { editor.onTappedUndo() } else { self?.app.yamlEditor?.onTappedUndo() }
        }
        add("redo") { [weak self] in
            if let editor = self?.app.editor { editor.onTappedRedo() } else { self?.app.yamlEditor?.onTappedRedo() }
        }
        add("insert-tile") { [weak self] in self?.app.editor?.onTappedInsertTile() }
        add("insert-paragraph") { [weak self] in self?.app.editor?.onTappedInsertParagraph() }
        add("duplicate-block") { [weak self] in self?.app.editor?.onTappedDuplicate() }
        add("delete-block") { [weak self] in self?.app.editor?.onTappedDelete() }
        add("move-block-up") { [weak self] in self?.app.editor?.onTappedMoveUp() }
        add("move-block-down") { [weak self] in self?.app.editor?.onTappedMoveDown() }
        add("move-block-to") { [weak self] in self?.app.editor?.onTappedMoveTo() }
        add("go-to-line") { [weak self] in
            if let editor = self?.app.editor { editor.onTappedGoToLine() } else { self?.app.yamlEditor?.onTappedGoToLine() }
        }
        add("check-disk") { [weak self] in
            guard let self else { return }
            if let editor = self.app.editor {
                self.run { await editor.onCheckedDisk() }
            } else if let yaml = self.app.yamlEditor {
                self.run { await yaml.onCheckedDisk() }
            }
        }
        add("new-document") { [weak self] in self?.app.documents?.onTappedNewDocument() }
        add("rename-document") { [weak self] in self?.app.documents?.onTappedRename() }
        add("undo-rename") { [weak self] in
            guard let self, let documents = self.app.documents else { return }
            self.run { await documents.onTappedUndoRename() }
        }
        add("trash-document") { [weak self] in self?.app.documents?.onTappedDelete() }
        add("restore-document") { [weak self] in
            guard let self, let documents = self.app.documents else { return }
            self.run { await documents.onTappedRestore() }
        }
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

    private func run(_ action: @escaping @MainActor () async -> Void) {
        work = Task { await action() }
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
            ("Move Block To…", "win.move-block-to"),
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
            ("New Document…", "win.new-document"),
            ("Go to Line…", "win.go-to-line"),
            ("Reload from Disk", "win.check-disk"),
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
        let middle = Box(GTK_ORIENTATION_VERTICAL)
        middle.append(blocks.view)
        middle.append(tree.view)
        middle.setSizeRequest(width: 320, height: -1)
        let side = Box(GTK_ORIENTATION_VERTICAL)
        inspector.view.setExpands(horizontally: true, vertically: true)
        side.append(inspector.view)
        side.append(yamlInspector.view)
        let details = Paned(GTK_ORIENTATION_VERTICAL)
        details.setPanes(start: side, end: preview.view, resizeStart: true, resizeEnd: true)
        details.position = 430
        details.setAccessibleLabel("Inspector and preview divider")
        let right = Paned(GTK_ORIENTATION_HORIZONTAL)
        right.setPanes(start: middle, end: details, resizeStart: true, resizeEnd: false)
        right.position = 440
        right.setAccessibleLabel("Blocks and inspector divider")
        let panes = Paned(GTK_ORIENTATION_HORIZONTAL)
        panes.setPanes(start: sidebar.view, end: right, resizeStart: false, resizeEnd: true)
        panes.position = 250
        panes.setAccessibleLabel("Documents divider")
        panes.setExpands(horizontally: true, vertically: true)
        column.append(panes)
        column.append(status.label)
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

    /// The Markdown panes or the YAML ones, for the document open.
    private func renderPanes() {
        let isYAML = app.yamlEditor != nil
        blocks.view.isVisible = !isYAML
        tree.view.isVisible = isYAML
        inspector.view.isVisible = !isYAML
        yamlInspector.view.isVisible = isYAML
    }

    private func renderHeader() {
        let editor = app.editor
        let yaml = app.yamlEditor
        let loaded = editor?.document.value != nil
        let selected = editor?.selection != nil
        actions["save"]?.isEnabled = loaded || yaml?.file.value != nil
        actions["format"]?.isEnabled = loaded
        actions["undo"]?.isEnabled = editor?.canUndo ?? yaml?.canUndo ?? false
        actions["redo"]?.isEnabled = editor?.canRedo ?? yaml?.canRedo ?? false
        actions["check-disk"]?.isEnabled = editor != nil || yaml != nil
        for name in ["insert-tile", "insert-paragraph"] { actions[name]?.isEnabled = loaded }
        actions["go-to-line"]?.isEnabled = loaded || yaml?.file.value != nil
        for name in ["duplicate-block", "delete-block", "move-block-up", "move-block-down", "move-block-to"] { actions[name]?.isEnabled = selected }
        let documents = app.documents
        let highlighted = documents?.selection != nil
        actions["new-document"]?.isEnabled = documents?.workspace.value != nil
        actions["rename-document"]?.isEnabled = highlighted
        actions["trash-document"]?.isEnabled = highlighted
        actions["undo-rename"]?.isEnabled = documents?.lastRename != nil
        actions["restore-document"]?.isEnabled = documents?.lastTrashed != nil
        let folder = app.session.root?.lastPathComponent ?? app.documents?.root.lastPathComponent ?? "Tiledit"
        let path = editor?.displayPath ?? yaml?.displayPath
        let dirty = editor?.isDirty ?? yaml?.isDirty ?? false
        let name = path.map { (dirty ? "• " : "") + $0 } ?? folder
        title.text = name
        subtitle.text = path == nil ? "" : folder
        window.title = path == nil ? "Tiledit" : "\(name) — \(folder)"
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
}
