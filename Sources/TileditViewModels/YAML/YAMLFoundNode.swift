import TileditModel

/// A node of a YAML file found by its `YAMLNodeID`, with what surrounds
/// it: its key (for a mapping's value), the collection holding it, and
/// where its row starts.
struct YAMLFoundNode {
    /// The node.
    var node: YAMLNode
    /// The key, when the node is a mapping's value.
    var key: YAMLNode?
    /// The mapping or sequence holding the node (`nil` for a document's root).
    var parent: YAMLNode?
    /// The UTF-8 offset where its row starts: the key, or the item.
    var start: Int
}
