import TileditModel

/// Where a node sits in a YAML stream: the document (from 0) and the
/// position of each step from the document's root (a pair's index in its
/// mapping, an item's index in its sequence; both from 0).
///
/// Positions, unlike keys, name every node exactly, even under duplicate
/// or non-scalar keys. After an edit that adds or removes a sibling, an
/// identity may name a neighbor; the editor re-selects by position.
public struct YAMLNodeID: Sendable, Hashable, CustomStringConvertible {
    /// The document of the stream, from 0.
    public var document: Int
    /// Child positions from the document's root; empty for the root.
    public var positions: [Int]

    public init(document: Int, positions: [Int] = []) {
        self.document = document
        self.positions = positions
    }

    /// The identity of the child at `position`.
    public func child(_ position: Int) -> YAMLNodeID {
        YAMLNodeID(document: document, positions: positions + [position])
    }

    /// The parent's identity; `nil` for a document's root.
    public var parent: YAMLNodeID? {
        positions.isEmpty ? nil : YAMLNodeID(document: document, positions: Array(positions.dropLast()))
    }

    public var description: String {
        "\(document):" + positions.map(String.init).joined(separator: ".")
    }
}
