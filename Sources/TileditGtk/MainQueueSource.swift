import CGtk
import CGtkShim

/// Runs Swift's main actor inside GLib's main loop, on one thread.
///
/// Swift's main actor runs its jobs on Dispatch's main queue, which nobody
/// drains while the main thread sits in GLib's loop (`dispatchMain()`
/// would never return to GTK). This source drains the queue from inside
/// GLib's loop, so `@MainActor` view models run where GTK draws:
/// - `.wakeup` (the default on Linux): a GLib source on the eventfd that
///   Dispatch signals when the main queue gets work (the hook CoreFoundation's
///   run loop uses). A main-actor job runs in the next loop iteration, and
///   an idle window does not wake up at all.
/// - `.polling(milliseconds:)`: a GLib timeout drains the queue every
///   interval (waits up to one interval, wakes up even when idle); the
///   fallback where Dispatch has no such file descriptor.
///
/// The drained jobs run at GLib's default priority, before GTK's redraw,
/// so a state change and its widget update reach the same frame.
@MainActor
public final class MainQueueSource {
    public enum Strategy: Equatable, Sendable {
        case wakeup
        case polling(milliseconds: UInt32)
    }

    /// The strategy in use (`.wakeup` falls back to polling every 10 ms
    /// where Dispatch has no main-queue descriptor).
    public let strategy: Strategy
    /// How many times the loop woke up to drain the queue.
    public private(set) var drains = 0
    private var sourceID: guint = 0

    /// Starts draining on the main thread's GLib context.
    public init(_ requested: Strategy = .wakeup) {
        let handle = tiledit_main_queue_handle()
        strategy = requested == .wakeup && handle < 0 ? .polling(milliseconds: 10) : requested
        // The source holds the object until it is removed (`stop`).
        let data = Unmanaged.passRetained(self).toOpaque()
        let release: GDestroyNotify = { data in
            if let data { Unmanaged<MainQueueSource>.fromOpaque(data).release() }
        }
        switch strategy {
        case .wakeup:
            let callback: GUnixFDSourceFunc = { descriptor, _, data in
                if let data { Unmanaged<MainQueueSource>.fromOpaque(data).takeUnretainedValue().drain(descriptor) }
                return 1  // G_SOURCE_CONTINUE
            }
            sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, handle, G_IO_IN, callback, data, release)
        case .polling(let milliseconds):
            let callback: GSourceFunc = { data in
                if let data { Unmanaged<MainQueueSource>.fromOpaque(data).takeUnretainedValue().drain(-1) }
                return 1  // G_SOURCE_CONTINUE
            }
            sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, callback, data, release)
        }
    }

    private nonisolated func drain(_ descriptor: Int32) {
        MainActor.assumeIsolated { drains += 1 }
        tiledit_main_queue_drain(descriptor)
    }

    /// Stops draining and lets the object go.
    public func stop() {
        if sourceID != 0 { g_source_remove(sourceID) }
        sourceID = 0
    }
}
