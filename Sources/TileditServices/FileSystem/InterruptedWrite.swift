/// What a write in place (`SafeWriter`, step 5) can leave in a file when it
/// is stopped at any point: it writes the new bytes from offset 0 over the
/// old ones (in writes of any length), truncates to the new length, and on
/// a failure writes the old bytes back the same way.
enum InterruptedWrite {
    /// Whether `current` is a state that write could leave: its length is
    /// between the old and the new length (both included), and every byte
    /// is the new content's or the old content's at that offset. Anything
    /// else was written by someone else.
    ///
    /// - Parameters:
    ///   - current: the file's bytes now.
    ///   - new: the bytes the write was writing.
    ///   - old: the bytes before it (its backup).
    static func couldLeave(_ current: [UInt8], writing new: [UInt8], over old: [UInt8]) -> Bool {
        guard current.count >= min(old.count, new.count), current.count <= max(old.count, new.count) else { return false }
        for (offset, byte) in current.enumerated() {
            let isNew = offset < new.count && new[offset] == byte
            let isOld = offset < old.count && old[offset] == byte
            if !isNew && !isOld { return false }
        }
        return true
    }
}
