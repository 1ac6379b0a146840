/// A place in the file that shares a value through an anchor: the anchored
/// node or an alias of it.
public struct YAMLPlace: Sendable, Hashable {
    public var id: YAMLNodeID
    /// The path from the document's root, e.g. `services.web.ports.0`.
    public var path: String
    /// Line of the place, from 1.
    public var line: Int
    /// Whether this is the anchored node (`&name`) rather than an alias (`*name`).
    public var isAnchor: Bool
}
