import CGtk

/// A top-level window of an `Application` (`GtkApplicationWindow`): title,
/// header bar, content, window actions (`"win.…"`).
@MainActor
public final class ApplicationWindow: Widget {
    private var titlebar: Widget?
    private var child: Widget?
    private var actions: [SimpleAction] = []

    public init(application: Application) {
        super.init(gtk_application_window_new(application.pointer(as: GtkApplication.self)))
    }

    private var window: UnsafeMutablePointer<GtkWindow> { pointer(as: GtkWindow.self) }

    /// The title (the window list's, and the window's accessible name).
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set {
            let shown = GtkText.shown(newValue)
            if title != shown { gtk_window_set_title(window, shown) }
        }
    }

    public func setTitlebar(_ titlebar: Widget) {
        self.titlebar = titlebar
        gtk_window_set_titlebar(window, titlebar.widget)
    }

    public func setChild(_ child: Widget) {
        self.child = child
        gtk_window_set_child(window, child.widget)
    }

    /// Size when first shown, in pixels.
    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(window, width, height)
    }

    /// Adds a window action, activated as `"win.<name>"`.
    public func addAction(_ action: SimpleAction) {
        actions.append(action)
        g_action_map_add_action(opaque, action.opaque)
    }

    public func present() {
        gtk_window_present(window)
    }

    /// The renderer that draws the window (`GskGLRenderer`,
    /// `GskCairoRenderer`…; `GSK_RENDERER` chooses it), once it is shown.
    public var rendererName: String? {
        guard let renderer = gtk_native_get_renderer(OpaquePointer(widget)) else { return nil }
        return g_type_name_from_instance(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)).map { String(cString: $0) }
    }

    /// Whether the window has the keyboard (the window system says so).
    public var isActive: Bool {
        gtk_window_is_active(window) != 0
    }

    /// Closes and destroys the window (without asking: `onCloseRequest` is not called).
    public func destroy() {
        gtk_window_destroy(window)
    }

    /// Called when the user asks to close the window (its close button,
    /// the window manager); return `true` to keep it open.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connect("close-request", returning: handler)
    }

    /// Called when the window is destroyed.
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) {
        connect("destroy", handler)
    }
}
