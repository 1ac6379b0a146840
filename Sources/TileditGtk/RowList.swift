import CGtk
import CGtkShim

/// A list model of `count` rows that hold nothing: a `ListView` binds a row
/// by its position and asks the view model for that row alone, so only
/// the rows on screen cost anything (a document of 50,000 blocks scrolls
/// as one of 50).
@MainActor
public final class RowList: ObjectHandle {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(tiledit_row_list_new()))
    }

    /// Number of rows.
    public var count: Int { Int(tiledit_row_list_get_count(opaque)) }

    /// Sets the number of rows; every row is bound again (the rows on
    /// screen are asked for their content).
    public func reset(count: Int) {
        tiledit_row_list_splice(opaque, 0, guint(self.count), guint(Swift.max(0, Swift.min(count, Int(UInt32.max)))))
    }

    /// Called when rows change: position, number removed, number added.
    public func onItemsChanged(_ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void) {
        connect("items-changed", unsignedTriple: handler)
    }
}
