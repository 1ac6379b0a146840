import CGtk

/// The process's `GtkApplication`: runs GLib's main loop on the main
/// thread until its last window closes, and holds application actions and
/// keyboard accelerators.
@MainActor
public final class Application: ObjectHandle {
    private var actions: [SimpleAction] = []

    /// An application without a D-Bus name, so each start is its own
    /// process with its own windows (`G_APPLICATION_NON_UNIQUE`).
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_application_new(nil, G_APPLICATION_NON_UNIQUE)!))
    }

    /// Called once the application is started (build the first window here).
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect("activate", handler)
    }

    /// Adds an application action, activated as `"app.<name>"`.
    public func addAction(_ action: SimpleAction) {
        actions.append(action)
        g_action_map_add_action(opaque, action.opaque)
    }

    /// Binds keyboard accelerators (`"<Control>s"`, `"F10"`) to an action
    /// (`"win.save"`).
    public func setAccelerators(_ accelerators: [String], for action: String) {
        var pointers: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { array in
                gtk_application_set_accels_for_action(pointer(as: GtkApplication.self), action, array)
            }
        }
    }

    /// Runs the main loop until the last window closes.
    /// - Returns: the exit status.
    public func run() -> Int32 {
        // No arguments for GLib to parse: the executable parsed them.
        g_application_run(pointer(as: GApplication.self), 0, nil)
    }

    /// Ends the main loop (windows still open are destroyed).
    public func quit() {
        g_application_quit(pointer(as: GApplication.self))
    }
}
