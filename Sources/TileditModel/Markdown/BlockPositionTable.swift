/// Where each live block is, by its identity: a block's position (0-based)
/// in its document for a `BlockID`, `nil` for an identity no block has.
///
/// Identities are handed out counting up from 1, so most live in an array
/// indexed by their raw value (8 bytes each, a quarter of a dictionary's
/// share at 132,000 blocks); one far past those handed out (a caller's own
/// `BlockID(rawValue:)`) goes to a dictionary, so no identity makes the
/// array grow beyond twice the identities it already covers.
struct BlockPositionTable: Sendable {
    /// Position by `rawValue - 1`; `-1` for an identity no block has.
    private var dense: [Int] = []
    /// Identities outside `dense`.
    private var sparse: [BlockID: Int] = [:]

    /// An empty table.
    init() {}

    /// An empty table with room for identities 1 through `count`.
    init(expectedCount count: Int) {
        dense.reserveCapacity(Swift.max(0, count))
    }

    /// The position of the block with identity `id`, if a block has it;
    /// setting `nil` forgets it.
    subscript(id: BlockID) -> Int? {
        get {
            let slot = id.rawValue &- 1
            if slot >= 0 && slot < dense.count {
                let position = dense[slot]
                return position >= 0 ? position : nil
            }
            return sparse[id]
        }
        set {
            let slot = id.rawValue &- 1
            if slot >= 0 && slot < dense.count {
                dense[slot] = newValue ?? -1
            } else if let newValue, slot >= 0, slot < 2 * dense.count + 1024 {
                // Near the identities handed out: the array grows to it, and
                // those it now covers that the dictionary held move over.
                let firstNew = dense.count
                dense.append(contentsOf: repeatElement(-1, count: slot - dense.count + 1))
                if !sparse.isEmpty {
                    for covered in firstNew..<slot {
                        let coveredID = BlockID(rawValue: covered + 1)
                        if let position = sparse.removeValue(forKey: coveredID) { dense[covered] = position }
                    }
                    sparse[id] = nil
                }
                dense[slot] = newValue
            } else {
                sparse[id] = newValue
            }
        }
    }
}
