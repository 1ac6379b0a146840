/// An open file, as `FileSystem.openFile` returns it; close it with
/// `FileSystem.closeFile`.
public struct FileDescriptor: Sendable, Hashable {
    /// The POSIX file descriptor number.
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }
}
