import CGtk

/// A whole number typed or stepped with arrows (`GtkSpinButton`).
@MainActor
public final class SpinButton: Widget {
    /// - Parameters: the range allowed and the step of the arrows.
    public init(minimum: Double, maximum: Double, step: Double) {
        super.init(gtk_spin_button_new_with_range(minimum, maximum, step))
    }

    public var value: Double {
        get { gtk_spin_button_get_value(opaque) }
        set { if value != newValue { gtk_spin_button_set_value(opaque, newValue) } }
    }

    /// Called when the value changes.
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) {
        connect("value-changed", handler)
    }
}
