import CGtk
import CGtkShim

/// A modal alert over a window: a title, a message, what else it shows
/// (an entry, a list) and buttons, each with its action (a `GtkWindow`
/// with the alert-dialog role; GTK 4.8 has no `GtkAlertDialog`). Escape
/// and the close button choose the cancel button.
@MainActor
public final class AlertDialog: Widget {
    /// One button of the alert.
    public struct Choice {
        public enum Style: Sendable { case normal, suggested, destructive, cancel }
        public var label: String
        public var style: Style
        public var action: @MainActor () -> Void
        /// Whether choosing it closes the alert at once; `false` for a
        /// button whose answer may be refused (a prompt's OK): the alert
        /// stays until its owner closes it.
        public var closes: Bool

        public init(_ label: String, style: Style = .normal, closes: Bool = true, action: @escaping @MainActor () -> Void) {
            self.label = label
            self.style = style
            self.closes = closes
            self.action = action
        }
    }

    private var widgets: [Widget] = []
    private var answered = false
    private let cancel: (@MainActor () -> Void)?
    private let body: Label
    /// The window the alert is over, given the focus back when it closes.
    private weak var parent: ApplicationWindow?
    /// The buttons, in the order of the choices.
    public private(set) var buttons: [Button] = []

    /// Shows the alert over `parent` at once.
    /// - Parameter stacked: buttons in a column, one per line (a long list of
    ///   choices, such as tile types), instead of a row.
    /// - Parameter content: shown between the message and the buttons.
    /// - Parameter focus: takes the keyboard focus first (else the suggested button).
    /// - Parameter dismissed: what Escape and the close button do; `nil`:
    ///   the cancel button's action (nothing when there is none).
    public init(
        parent: ApplicationWindow, title: String, message: String, choices: [Choice], stacked: Bool = false,
        content: Widget? = nil, focus: Widget? = nil, dismissed: (@MainActor () -> Void)? = nil
    ) {
        cancel = dismissed ?? choices.first { $0.style == .cancel }?.action
        body = Label(message)
        self.parent = parent
        super.init(tiledit_window_new_with_role(GTK_ACCESSIBLE_ROLE_ALERT_DIALOG))
        let window = pointer(as: GtkWindow.self)
        gtk_window_set_transient_for(window, parent.pointer(as: GtkWindow.self))
        gtk_window_set_modal(window, 1)
        gtk_window_set_title(window, GtkText.shown(title))
        gtk_window_set_resizable(window, 0)
        gtk_window_set_default_size(window, 420, -1)

        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        column.setMargins(18)
        let heading = Label(title)
        heading.addStyleClass("title-2")
        heading.setWraps(true)
        body.setWraps(true)
        body.setTextAlignment(0)
        body.isVisible = !message.isEmpty
        column.append(heading)
        column.append(body)
        if let content { column.append(content) }
        let row = Box(stacked ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing: stacked ? 4 : 8)
        row.setHorizontalAlignment(stacked ? GTK_ALIGN_FILL : GTK_ALIGN_END)
        var defaultButton: Button?
        for choice in choices {
            let button = Button(label: choice.label)
            button.setAccessibleLabel(choice.label)
            switch choice.style {
            case .suggested:
                button.addStyleClass("suggested-action")
                defaultButton = button
            case .destructive: button.addStyleClass("destructive-action")
            case .normal, .cancel: break
            }
            let action = choice.action
            if choice.closes {
                button.onClicked { [weak self] in self?.answer(action) }
            } else {
                button.onClicked { [weak self] in if self?.answered == false { action() } }
            }
            row.append(button)
            buttons.append(button)
        }
        column.append(row)
        widgets += [column, heading, body, row]
        gtk_window_set_child(window, column.widget)
        setAccessibleLabel(title)
        setAccessibleDescription(message)

        let keys = KeyController()
        keys.onKeyPressed { [weak self] key, _ in
            guard key == UInt32(GDK_KEY_Escape) else { return false }
            self?.dismiss()
            return true
        }
        addController(keys)
        connect("close-request", returning: { [weak self] in
            self?.dismiss()
            return true
        })
        gtk_window_present(window)
        (focus ?? defaultButton)?.grabFocus()
    }

    /// The message shown under the title.
    public var message: String {
        get { body.text }
        set {
            body.text = newValue
            body.isVisible = !newValue.isEmpty
            setAccessibleDescription(newValue)
        }
    }

    private func answer(_ action: @MainActor () -> Void) {
        guard !answered else { return }
        answered = true
        destroyReturningFocus()
        action()
    }

    /// Destroys the alert and gives its window the focus back (without a
    /// window manager nothing else would).
    private func destroyReturningFocus() {
        gtk_window_destroy(pointer(as: GtkWindow.self))
        parent?.present()
    }

    /// Closes the alert as Escape does: its `dismissed` action, else its
    /// cancel button's (or without an action when it has neither).
    public func dismiss() {
        answer(cancel ?? {})
    }

    /// Closes the alert without any action (its question went away).
    public func close() {
        guard !answered else { return }
        answered = true
        destroyReturningFocus()
    }
}
