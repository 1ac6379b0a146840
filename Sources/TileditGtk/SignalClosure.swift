/// A Swift closure given to GTK as a signal handler's user data: retained
/// while the handler is connected, released by GTK's destroy notify when
/// the handler goes (at the latest when its object is disposed).
///
/// Handlers are main-actor closures: GLib's main loop runs on the main
/// thread, which is the main actor's (`MainQueueSource`). A handler that
/// refers to the widget it is connected to captures it `weak`, or the
/// widget and the closure keep each other alive.
final class SignalClosure<Handler> {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
    }

    /// The user data for GTK: a retained reference, released by `release`.
    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The closure behind a user-data pointer, not retained again.
    static func from(_ pointer: UnsafeMutableRawPointer) -> SignalClosure<Handler> {
        Unmanaged<SignalClosure<Handler>>.fromOpaque(pointer).takeUnretainedValue()
    }
}
