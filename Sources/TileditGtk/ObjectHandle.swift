import CGtk

/// A strong reference to a GObject, and the one place where its pointer
/// is cast to the C types GTK's functions take.
///
/// GTK's headers declare some types completely (`GtkWidget`, `GtkWindow`,
/// `GtkButton`: Swift imports them as typed pointers) and others opaquely
/// (`GtkLabel`, `GtkListView`: `OpaquePointer`); `pointer(as:)` and
/// `opaque` give either from the one stored pointer, so the wrappers never
/// cast by hand.
///
/// GTK runs on the main thread, which is Swift's main actor here (see
/// `MainQueueSource`); every wrapper is main-actor isolated.
@MainActor
open class ObjectHandle {
    /// The object, a `GObject *`.
    ///
    /// `nonisolated(unsafe)`: an address that never changes, read without
    /// the main actor only by `deinit` to drop the reference (wrappers are
    /// released on the main thread, where they live).
    public nonisolated(unsafe) let rawPointer: UnsafeMutableRawPointer

    /// Holds `object` with a reference of its own: a floating reference
    /// (a new widget) is sunk, any other gains one.
    public init(retaining object: UnsafeMutableRawPointer) {
        rawPointer = object
        g_object_ref_sink(object)
    }

    /// Holds `object` with the reference the caller owns (a constructor
    /// whose result is not floating, or a `transfer full` return).
    public init(adopting object: UnsafeMutableRawPointer) {
        rawPointer = object
    }

    deinit {
        // The wrappers live on the main actor, so the last release (and a
        // widget's finalization) happens on GTK's thread.
        g_object_unref(rawPointer)
    }

    /// The object as a pointer to the C struct `T` (`GtkWindow`, `GObject`…),
    /// for functions whose parameter type GTK declares completely.
    public func pointer<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        rawPointer.assumingMemoryBound(to: type)
    }

    /// The object as an opaque pointer, for functions whose parameter type
    /// GTK declares opaquely (`GtkLabel *`, `GtkListView *`).
    public var opaque: OpaquePointer { OpaquePointer(rawPointer) }

    /// The object as a `GObject *`.
    public var object: UnsafeMutablePointer<GObject> { pointer(as: GObject.self) }

}
