extension StyledDocument {
    /// The position of the first item that shows block `block` (from 0),
    /// or of the first item after it when the block shows nothing (a link
    /// reference definition); `nil` when no item is at or after it. Items
    /// are in reading order, so their blocks never decrease: a binary
    /// search, for a renderer that follows the selected block.
    public func firstItemIndex(ofBlock block: Int) -> Int? {
        var low = 0
        var high = items.count
        while low < high {
            let middle = low + (high - low) / 2
            if items[middle].block < block { low = middle + 1 } else { high = middle }
        }
        return low < items.count ? low : nil
    }
}
