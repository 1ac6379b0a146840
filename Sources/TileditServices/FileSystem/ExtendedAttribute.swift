/// One extended attribute of a file: `user.*`, `security.*`, `trusted.*`,
/// and on Linux the access control list as `system.posix_acl_access`.
public struct ExtendedAttribute: Sendable, Hashable {
    /// The attribute's name, with its namespace (`user.comment`).
    public var name: String
    /// Its value, as stored.
    public var value: [UInt8]

    public init(name: String, value: [UInt8]) {
        self.name = name
        self.value = value
    }
}
