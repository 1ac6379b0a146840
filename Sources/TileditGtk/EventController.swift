import CGtk

/// A GTK event controller attached to a widget with `Widget.addController`.
@MainActor
open class EventController: ObjectHandle {
    /// Sees events before the widget's children and the widget's own
    /// handlers do (`GTK_PHASE_CAPTURE`), e.g. to take Ctrl+Enter from a
    /// text view that would insert a line.
    public func setCapturesFirst() {
        gtk_event_controller_set_propagation_phase(opaque, GTK_PHASE_CAPTURE)
    }
}

/// Key presses on a widget (`GtkEventControllerKey`).
@MainActor
public final class KeyController: EventController {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
    }

    /// Called for every key press with the key value (`GDK_KEY_…`) and the
    /// modifiers; returns whether it handled the key (then the widget does not).
    public func onKeyPressed(_ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) {
        connect("key-pressed", key: { keyval, _, state in handler(keyval, state) })
    }
}

/// The keyboard focus entering and leaving a widget or any widget inside
/// it (`GtkEventControllerFocus`).
@MainActor
public final class FocusController: EventController {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_focus_new()))
    }

    /// Called when the focus enters the widget or a widget inside it.
    public func onEnter(_ handler: @escaping @MainActor () -> Void) {
        connect("enter", handler)
    }

    /// Called when the focus leaves the widget and everything inside it.
    public func onLeave(_ handler: @escaping @MainActor () -> Void) {
        connect("leave", handler)
    }
}
