import CGtk

/// A GTK event controller attached to a widget with `Widget.addController`.
@MainActor
open class EventController: ObjectHandle {}

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
