import TileditModel

extension YAMLDocumentModel {
    /// What the inspector says of the places sharing the value of `id`
    /// through an anchor, the node itself left out: `Shares its value with
    /// web.<< (line 5), worker.settings (line 8)`; `nil` when no other
    /// place shares it. Both renderers show these words.
    public func sharedValueNote(of id: YAMLNodeID) -> String? {
        let others = sharedPlaces(of: id).filter { $0.id != id }
        guard !others.isEmpty else { return nil }
        return "Shares its value with " + others.map { "\($0.path.isEmpty ? "the root" : $0.path) (line \($0.line))" }.joined(separator: ", ")
    }
}
