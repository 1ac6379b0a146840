import CGtk

/// An on/off switch (`GtkSwitch`).
@MainActor
public final class Switch: Widget {
    public init() {
        super.init(gtk_switch_new())
    }

    /// Whether it is on.
    public var isOn: Bool {
        get { gtk_switch_get_active(opaque) != 0 }
        set { if isOn != newValue { gtk_switch_set_active(opaque, newValue ? 1 : 0) } }
    }

    /// Called when it is turned on or off (by the user or by `isOn`).
    public func onToggled(_ handler: @escaping @MainActor () -> Void) {
        connect("notify::active", pointer: { _ in handler() })
    }
}
