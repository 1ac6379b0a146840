extension YAMLNode {
    /// The node at `path` below this one, following explicit keys only (no
    /// alias or merge resolution); keys are compared by their bytes, and a
    /// key written twice in its mapping leads nowhere; `nil` when the path
    /// leads nowhere.
    public func node(at path: YAMLPath) -> YAMLNode? {
        var current = self
        for component in path.components {
            switch (component, current.content) {
            case (.key(let key), .mapping(let pairs)):
                let found = YAMLKey.indexes(of: key, in: pairs)
                guard found.count == 1, let index = found.first else { return nil }
                current = pairs[index].value
            case (.index(let index), .sequence(let items)) where index < items.count:
                current = items[index]
            case (.index(let index), .mapping(let pairs)):
                let found = YAMLKey.indexes(of: String(index), in: pairs)
                guard found.count == 1, let first = found.first else { return nil }
                current = pairs[first].value
            default:
                return nil
            }
        }
        return current
    }
}
