extension YAMLNode {
    /// Whether `other` reads as the same value as this node: the same kind
    /// of node, with the same anchor and tag, the same scalar text read the
    /// same way (plain, or quoted or block: a plain `1` is a number, a
    /// quoted one a string), the same alias name, and children that read the
    /// same, in order.
    ///
    /// Ranges, collection styles and the quoting style of a non-plain
    /// scalar are not compared: a structural edit moves nodes and may
    /// write them again. It is how the structural operations check that the
    /// values they did not mean to change did not change (a keep-chomped
    /// `|+` scalar takes the blank lines after it into its value, so moving
    /// the lines around it can change it). Walks with an explicit stack, so
    /// deep nesting cannot overflow the call stack.
    public func readsAsSameValue(as other: YAMLNode) -> Bool {
        var pending: [(YAMLNode, YAMLNode)] = [(self, other)]
        while let (left, right) = pending.popLast() {
            guard left.anchor == right.anchor, left.tag == right.tag else { return false }
            switch (left.content, right.content) {
            case (.scalar(let a), .scalar(let b)):
                guard a.value.hasSameBytes(as: b.value), (a.style == .plain) == (b.style == .plain) else { return false }
            case (.alias(let a), .alias(let b)):
                guard a.hasSameBytes(as: b) else { return false }
            case (.mapping(let a), .mapping(let b)):
                guard a.count == b.count else { return false }
                for (first, second) in zip(a, b) {
                    pending.append((first.key, second.key))
                    pending.append((first.value, second.value))
                }
            case (.sequence(let a), .sequence(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            default:
                return false
            }
        }
        return true
    }

    /// The last scalar of the node in the order it is written (the node
    /// itself when it is a scalar; through the last pair's value or the
    /// last item otherwise); `nil` for an alias or an empty collection.
    var lastWrittenScalar: YAMLScalar? {
        var node = self
        while true {
            switch node.content {
            case .scalar(let scalar): return scalar
            case .alias: return nil
            case .mapping(let pairs):
                guard let last = pairs.last else { return nil }
                node = last.value
            case .sequence(let items):
                guard let last = items.last else { return nil }
                node = last
            }
        }
    }
}

extension [YAMLNode] {
    /// Whether each node reads as the same value as the node at the same
    /// place in `other` (`YAMLNode.readsAsSameValue(as:)`), with as many nodes.
    func readAsSameValues(as other: [YAMLNode]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.readsAsSameValue(as: $1) }
    }
}
