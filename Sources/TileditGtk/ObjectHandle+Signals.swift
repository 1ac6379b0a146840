import CGtk
import CGtkShim

/// Signal handlers as Swift closures. GLib calls a handler with the
/// instance, the signal's own arguments and the user data, so each
/// argument shape has its own C-callable trampoline; the closure travels
/// as the user data (`SignalClosure`) and is released by GLib's destroy
/// notify when the handler is disconnected or its object disposed.
extension ObjectHandle {
    /// Connects `handler` to a signal without arguments (`clicked`,
    /// `activate`, `changed`, `destroy`).
    /// - Returns: the handler id (for `disconnect`).
    @discardableResult
    public func connect(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            guard let data else { return }
            let closure = SignalClosure<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler() }
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Connects `handler` to a signal with one pointer argument (`notify`'s
    /// `GParamSpec *`, a factory's `GtkListItem *`, an action's `GVariant *`).
    @discardableResult
    public func connect(_ signal: String, pointer handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
            guard let data else { return }
            let closure = SignalClosure<@MainActor (UnsafeMutableRawPointer?) -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler(argument) }
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Connects `handler` to a signal with one `guint` argument (a list
    /// view's `activate` position).
    @discardableResult
    public func connect(_ signal: String, unsigned handler: @escaping @MainActor (UInt32) -> Void) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            guard let data else { return }
            let closure = SignalClosure<@MainActor (UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler(value) }
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Connects `handler` to a signal with two `guint` arguments (a
    /// selection's `selection-changed` position and count).
    @discardableResult
    public func connect(_ signal: String, unsignedPair handler: @escaping @MainActor (UInt32, UInt32) -> Void) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, UnsafeMutableRawPointer?) -> Void = { _, first, second, data in
            guard let data else { return }
            let closure = SignalClosure<@MainActor (UInt32, UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler(first, second) }
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Connects `handler` to a signal with three `guint` arguments (a list
    /// model's `items-changed` position, removed and added).
    @discardableResult
    public func connect(_ signal: String, unsignedTriple handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) -> Void = { _, first, second, third, data in
            guard let data else { return }
            let closure = SignalClosure<@MainActor (UInt32, UInt32, UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler(first, second, third) }
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Connects `handler` to a signal with one `gint` argument (a native
    /// dialog's `response`).
    @discardableResult
    public func connect(_ signal: String, integer handler: @escaping @MainActor (Int32) -> Void) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            guard let data else { return }
            let closure = SignalClosure<@MainActor (Int32) -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler(value) }
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Connects `handler` to a signal without arguments that returns
    /// whether it was handled (`close-request`: `true` keeps the window).
    @discardableResult
    public func connect(_ signal: String, returning handler: @escaping @MainActor () -> Bool) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            guard let data else { return 0 }
            let closure = SignalClosure<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { closure.handler() } ? 1 : 0
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Connects `handler` to `GtkEventControllerKey::key-pressed`: the key
    /// value, the hardware key code and the modifiers; returns whether the
    /// key was handled.
    @discardableResult
    public func connect(_ signal: String, key handler: @escaping @MainActor (UInt32, UInt32, GdkModifierType) -> Bool) -> UInt {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = { _, keyval, keycode, state, data in
            guard let data else { return 0 }
            let closure = SignalClosure<@MainActor (UInt32, UInt32, GdkModifierType) -> Bool>.from(data)
            return MainActor.assumeIsolated { closure.handler(keyval, keycode, state) } ? 1 : 0
        }
        return connect(signal, SignalClosure(handler), unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Disconnects a handler (its closure is released).
    public func disconnect(_ handlerID: UInt) {
        g_signal_handler_disconnect(rawPointer, gulong(handlerID))
    }

    private func connect<Handler>(_ signal: String, _ closure: SignalClosure<Handler>, _ trampoline: GCallback) -> UInt {
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return UInt(tiledit_signal_connect(rawPointer, signal, trampoline, closure.retainedPointer(), release))
    }
}
