import CGtk

/// A named action without a parameter (`GSimpleAction`), added to a
/// window or the application and triggered by buttons, menus and
/// keyboard accelerators; disabled, everything tied to it is insensitive.
@MainActor
public final class SimpleAction: ObjectHandle {
    /// The name, without its `win.`/`app.` prefix.
    public let name: String

    public init(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        self.name = name
        super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)!))
        connect("activate", pointer: { _ in handler() })
    }

    /// Whether it can be activated.
    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { if isEnabled != newValue { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) } }
    }
}
