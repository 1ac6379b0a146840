import CGtk
import CGtkShim

/// A GTK widget: what every widget has (accessibility, visibility,
/// sensitivity, layout hints, style classes, focus, event controllers).
@MainActor
open class Widget: ObjectHandle {
    /// The frame clock, held while `onFramePainted` listens to it.
    private var frameClock: ObjectHandle?

    /// The widget as a `GtkWidget *`.
    public var widget: UnsafeMutablePointer<GtkWidget> { pointer(as: GtkWidget.self) }

    /// Wraps a widget just created (its floating reference is sunk).
    public init(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        // GTK's constructors abort the process rather than return NULL.
        super.init(retaining: UnsafeMutableRawPointer(widget!))
    }

    /// Wraps a widget GTK's constructors give as an opaque pointer.
    public convenience init(opaque widget: OpaquePointer?) {
        self.init(UnsafeMutablePointer<GtkWidget>(widget))
    }

    /// The accessible name (`GTK_ACCESSIBLE_PROPERTY_LABEL`): what a screen
    /// reader says for the control and what AT-SPI reports as its name.
    public func setAccessibleLabel(_ label: String) {
        tiledit_accessible_set_label(widget, GtkText.shown(label))
    }

    /// The accessible description (`GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`).
    public func setAccessibleDescription(_ description: String) {
        tiledit_accessible_set_description(widget, GtkText.shown(description))
    }

    /// The accessible expanded state of a node that folds: `true`
    /// unfolded, `false` folded, `nil` for one that does not fold.
    public func setAccessibleExpanded(_ expanded: Bool?) {
        tiledit_accessible_set_expanded(widget, expanded.map { $0 ? 1 : 0 } ?? -1)
    }

    /// Names the widget by a visible label (`GTK_ACCESSIBLE_RELATION_LABELLED_BY`).
    public func setLabelled(by label: Widget) {
        tiledit_accessible_set_labelled_by(widget, label.widget)
    }

    /// The tooltip, or none.
    public func setTooltip(_ text: String?) {
        gtk_widget_set_tooltip_text(widget, text.map(GtkText.shown))
    }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget takes input (a disabled control shows greyed).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget can take the keyboard focus.
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget has the keyboard focus.
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// Takes the keyboard focus.
    public func grabFocus() {
        gtk_widget_grab_focus(widget)
    }

    /// Gives the widget the keyboard focus once GTK has handled the events
    /// and redraws pending (a GLib idle callback): after a menu's popover,
    /// which gives the focus back to where it was as it closes.
    public func grabFocusWhenIdle() {
        let grab: @MainActor () -> Void = { [weak self] in self?.grabFocus() }
        let callback: GSourceFunc = { data in
            guard let data else { return 0 }
            let closure = SignalClosure<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler() }
            return 0  // G_SOURCE_REMOVE
        }
        let release: GDestroyNotify = { data in
            if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
        }
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, callback, SignalClosure(grab).retainedPointer(), release)
    }

    /// Asks for extra space in either direction.
    public func setExpands(horizontally: Bool, vertically: Bool) {
        gtk_widget_set_hexpand(widget, horizontally ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertically ? 1 : 0)
    }

    /// Margins around the widget, in pixels.
    public func setMargins(top: Int32, bottom: Int32, start: Int32, end: Int32) {
        gtk_widget_set_margin_top(widget, top)
        gtk_widget_set_margin_bottom(widget, bottom)
        gtk_widget_set_margin_start(widget, start)
        gtk_widget_set_margin_end(widget, end)
    }

    /// The same margin on every side, in pixels.
    public func setMargins(_ all: Int32) {
        setMargins(top: all, bottom: all, start: all, end: all)
    }

    /// The smallest size the widget asks for, in pixels (`-1`: its natural size).
    public func setSizeRequest(width: Int32, height: Int32) {
        gtk_widget_set_size_request(widget, width, height)
    }

    /// Horizontal placement in the space given.
    public func setHorizontalAlignment(_ alignment: GtkAlign) {
        gtk_widget_set_halign(widget, alignment)
    }

    /// Vertical placement in the space given.
    public func setVerticalAlignment(_ alignment: GtkAlign) {
        gtk_widget_set_valign(widget, alignment)
    }

    /// Adds a CSS style class (`heading`, `dim-label`, `error`, `suggested-action`…).
    public func addStyleClass(_ name: String) {
        gtk_widget_add_css_class(widget, name)
    }

    /// Removes a CSS style class.
    public func removeStyleClass(_ name: String) {
        gtk_widget_remove_css_class(widget, name)
    }

    /// Adds or removes a CSS style class.
    public func setStyleClass(_ name: String, _ present: Bool) {
        if present { addStyleClass(name) } else { removeStyleClass(name) }
    }

    /// Gives the widget an event controller (GTK takes a reference of its own).
    public func addController(_ controller: EventController) {
        // `gtk_widget_add_controller` takes ownership of one reference; the wrapper keeps its own.
        g_object_ref(controller.rawPointer)
        gtk_widget_add_controller(widget, controller.opaque)
    }

    /// Called after each frame of the widget's window is painted (the frame
    /// clock's `after-paint`); the widget must be realized (its window shown).
    public func onFramePainted(_ handler: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return }
        frameClock = ObjectHandle(retaining: UnsafeMutableRawPointer(clock))
        frameClock?.connect("after-paint", handler)
    }

    /// The window the widget is in, as a `GtkWindow *`, or `nil`.
    public var rootWindow: UnsafeMutablePointer<GtkWindow>? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        return UnsafeMutablePointer<GtkWindow>(root)
    }
}
