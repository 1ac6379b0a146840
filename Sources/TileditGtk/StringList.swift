import CGtk

/// A list model of strings (`GtkStringList`), for drop-downs and short lists.
@MainActor
public final class StringList: ObjectHandle {
    public init(_ strings: [String] = []) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_string_list_new(nil)))
        replaceAll(with: strings)
    }

    /// Number of strings.
    public var count: Int { Int(g_list_model_get_n_items(opaque)) }

    /// The string at `index`, or `nil` outside the list.
    public func string(at index: Int) -> String? {
        guard index >= 0, index < count, let characters = gtk_string_list_get_string(opaque, guint(index)) else { return nil }
        return String(cString: characters)
    }

    /// Replaces every string (one `items-changed`).
    public func replaceAll(with strings: [String]) {
        var pointers = strings.map { strdup(GtkText.shown($0)) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { array in
                gtk_string_list_splice(opaque, 0, guint(count), array)
            }
        }
    }

    /// Called when strings are replaced: position, number removed, number added.
    public func onItemsChanged(_ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void) {
        connect("items-changed", unsignedTriple: handler)
    }
}
