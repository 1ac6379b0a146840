import CGtk

/// A whole number typed, or stepped with its arrows (`GtkSpinButton`),
/// that shows what the user typed as typed.
///
/// GTK's spin button rewrites its text when it takes a value in (on
/// Enter, on leaving it): a number outside its range becomes the nearest
/// bound, other text becomes the last value. That would change what the
/// user typed behind their back and hide the message saying why it is
/// refused, so this one keeps the typed text (its `output` is answered
/// here) and shows a number only when the arrows stepped to it. Values
/// outside the range stay in the text (`GTK_UPDATE_IF_VALID` keeps the
/// last value in range for the arrows).
@MainActor
public final class SpinButton: Widget {
    /// The value GTK holds when its text was last set or shown.
    private var lastValue: Int?
    /// Set while `show(_:)` sets the value from the text it also sets.
    private var isShowing = false
    /// The key controllers added, kept with the button.
    private var controllers: [KeyController] = []

    /// - Parameters: the range the arrows step in, and their step.
    public init(minimum: Double, maximum: Double, step: Double) {
        super.init(gtk_spin_button_new_with_range(minimum, maximum, step))
        gtk_spin_button_set_digits(opaque, 0)
        gtk_spin_button_set_numeric(opaque, 0)
        gtk_spin_button_set_update_policy(opaque, GTK_UPDATE_IF_VALID)
        connect("output", returning: { [weak self] in self?.output() ?? false })
    }

    /// The value the arrows step from.
    public var value: Double {
        get { gtk_spin_button_get_value(opaque) }
        set { if value != newValue { gtk_spin_button_set_value(opaque, newValue) } }
    }

    /// The text as typed.
    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set {
            let shown = GtkText.shown(newValue)
            if text != shown { gtk_editable_set_text(opaque, shown) }
        }
    }

    /// Shows `text`; when it is a whole number the arrows step from it.
    public func show(_ text: String) {
        if let number = Self.wholeNumber(text) {
            isShowing = true
            value = Double(number)
            isShowing = false
        }
        self.text = text
        lastValue = Int(value.rounded())
    }

    /// GTK asks for the text of its value: the typed text stays unless the
    /// arrows stepped to a new value.
    private func output() -> Bool {
        let current = Int(value.rounded())
        defer { lastValue = current }
        guard !isShowing, current != lastValue else { return true }
        if Self.wholeNumber(text) == current { return true }
        text = String(current)
        return true
    }

    /// `text` as a whole number, spaces around it ignored, or `nil`.
    private static func wholeNumber(_ text: String) -> Int? {
        Int(String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
    }

    /// Whether the user can edit the text (the arrows too).
    public func setEditable(_ editable: Bool) {
        gtk_editable_set_editable(opaque, editable ? 1 : 0)
        gtk_widget_set_sensitive(widget, editable ? 1 : 0)
    }

    /// Called after every change of the text (typing, an arrow).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        connect("changed", handler)
    }

    /// Called when the user presses Enter (or the keypad's Enter), with
    /// the text as typed: the key goes no further, so the spin button does
    /// not correct the text first. A key controller, not the `activate`
    /// signal, which GtkSpinButton has only from GTK 4.14.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        let keys = KeyController()
        keys.setCapturesFirst()
        keys.onKeyPressed { key, _ in
            guard key == UInt32(GDK_KEY_Return) || key == UInt32(GDK_KEY_KP_Enter) else { return false }
            handler()
            return true
        }
        addController(keys)
        controllers.append(keys)
    }
}
