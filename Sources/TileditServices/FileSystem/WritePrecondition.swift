/// What `SafeWriter` expects at the path it writes.
enum WritePrecondition: Sendable, Hashable {
    /// Nothing: a new file. A file there (or one that appears before the
    /// new one is put in place) is a conflict.
    case absent
    /// A regular file whose bytes hash to this: another content is a
    /// conflict, no file is "deleted on disk" (and nothing is created).
    case content(ContentHash)
    /// Whatever is there, or nothing: the file is replaced or created
    /// (the recovery journal).
    case anything
}
