import CGtk
import TileditGtk
import TileditServices
import TileditViewModels

/// The settings window over `SettingsModel`: format on save (a switch),
/// the autosave interval and the theme (drop-downs). Every change is saved
/// at once by the model; closing the window dismisses the settings
/// destination.
@MainActor
final class SettingsWindow {
    let view: Widget
    private let model: SettingsModel
    private let formatOnSave = Switch()
    private let autosave = DropDown(choices: SettingsModel.autosaveChoices.map(SettingsWindow.intervalName))
    private let theme = DropDown(choices: Settings.Theme.allCases.map(SettingsWindow.themeName))
    private let problem = Label()
    private var keep: [Widget] = []
    private var observer: StateObserver?
    private var work: Task<Void, Never>?
    private var isRendering = false
    private weak var parent: ApplicationWindow?

    /// Shows the window over `parent`; `closed` is told when the user closes it.
    init(model: SettingsModel, parent: ApplicationWindow, closed: @escaping @MainActor () -> Void) {
        self.model = model
        self.parent = parent
        let window = Widget(gtk_window_new())
        view = window
        let gtkWindow = window.pointer(as: GtkWindow.self)
        gtk_window_set_transient_for(gtkWindow, parent.pointer(as: GtkWindow.self))
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_title(gtkWindow, "Settings")
        gtk_window_set_default_size(gtkWindow, 420, -1)
        window.setAccessibleLabel("Settings")
        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 14)
        column.setMargins(18)
        column.append(row("Format on save", "Rewrite the document in canonical form when saving", formatOnSave))
        column.append(row("Autosave", "Save this long after the last edit", autosave))
        column.append(row("Style", "Light, dark or the desktop's", theme))
        problem.setWraps(true)
        problem.addStyleClass("error")
        problem.isVisible = false
        column.append(problem)
        keep = [column]
        gtk_window_set_child(gtkWindow, column.widget)
        formatOnSave.setAccessibleLabel("Format on save")
        autosave.setAccessibleName("Autosave")
        theme.setAccessibleName("Style")
        formatOnSave.onToggled { [weak self] in
            guard let self, !self.isRendering, self.model.settings.value?.formatOnSave != self.formatOnSave.isOn else { return }
            self.run { await $0.onToggledFormatOnSave() }
        }
        autosave.onSelected { [weak self] in
            guard let self, !self.isRendering, let index = self.autosave.selectedIndex, SettingsModel.autosaveChoices.indices.contains(index) else { return }
            let seconds = SettingsModel.autosaveChoices[index]
            self.run { await $0.onChangedAutosaveInterval(seconds) }
        }
        theme.onSelected { [weak self] in
            guard let self, !self.isRendering, let index = self.theme.selectedIndex, Settings.Theme.allCases.indices.contains(index) else { return }
            let chosen = Settings.Theme.allCases[index]
            self.run { await $0.onChoseTheme(chosen) }
        }
        let keys = KeyController()
        keys.onKeyPressed { key, _ in
            guard key == UInt32(GDK_KEY_Escape) else { return false }
            closed()
            return true
        }
        window.addController(keys)
        window.connect("close-request", returning: {
            closed()
            return true
        })
        observer = StateObserver { [weak self] in self?.render() }
        gtk_window_present(gtkWindow)
        run { await $0.onAppeared() }
    }

    deinit {
        work?.cancel()
    }

    /// Closes the window (the settings destination went away).
    func close() {
        observer?.stop()
        gtk_window_destroy(view.pointer(as: GtkWindow.self))
        parent?.present()
    }

    private func run(_ action: @escaping @MainActor (SettingsModel) async -> Void) {
        let model = model
        work = Task { await action(model) }
    }

    private func row(_ title: String, _ detail: String, _ control: Widget) -> Widget {
        let line = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        let texts = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        let name = Label(title)
        name.setTextAlignment(0)
        let hint = Label(detail)
        hint.setTextAlignment(0)
        hint.setWraps(true)
        hint.addStyleClass("dim-label")
        hint.addStyleClass("caption")
        texts.append(name)
        texts.append(hint)
        texts.setExpands(horizontally: true, vertically: false)
        control.setVerticalAlignment(GTK_ALIGN_CENTER)
        line.append(texts)
        line.append(control)
        return line
    }

    private func render() {
        isRendering = true
        defer { isRendering = false }
        let settings = model.settings.value
        formatOnSave.isSensitive = settings != nil
        autosave.isSensitive = settings != nil
        theme.isSensitive = settings != nil
        if let settings {
            formatOnSave.isOn = settings.formatOnSave
            autosave.selectedIndex = SettingsModel.autosaveChoices.firstIndex(of: settings.autosaveInterval)
            theme.selectedIndex = Settings.Theme.allCases.firstIndex(of: settings.theme)
        }
        let message = model.saveError?.message ?? model.settings.error?.message
        problem.text = message ?? ""
        problem.isVisible = message != nil
    }

    private nonisolated static func intervalName(_ seconds: Int) -> String {
        switch seconds {
        case 0: "Off"
        case let seconds where seconds % 60 == 0: "\(seconds / 60) min"
        default: "\(seconds) s"
        }
    }

    private nonisolated static func themeName(_ theme: Settings.Theme) -> String {
        switch theme {
        case .auto: "Follow the desktop"
        case .light: "Light"
        case .dark: "Dark"
        }
    }
}
