/// Bytes read from a regular file, with what `fstat` said about the open
/// file they were read from.
public struct FileContents: Sendable, Hashable {
    /// The bytes read: the whole file, or `limit + 1` bytes when it is
    /// longer than the limit given (so `bytes.count > limit` means too large).
    public var bytes: [UInt8]
    /// The open file's status before it was read.
    public var status: FileStatus

    public init(bytes: [UInt8], status: FileStatus) {
        self.bytes = bytes
        self.status = status
    }
}
