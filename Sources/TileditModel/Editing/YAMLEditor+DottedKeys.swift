/// Dots separate keys in a path, so a key written with dots is named in
/// quotes (shared rule of `tiledit set --yaml` and `--front-matter`): a
/// path that leads nowhere says how to name such a key when one is there.
extension YAMLEditor {
    /// A hint for `path`, which does not exist: when a mapping on its way
    /// has the rest of the path, dots and all, as one key (`web.base-path`
    /// under `server` for `server.web.base-path`), how to write the path
    /// naming it (`` `server."web.base-path"` ``); `nil` otherwise.
    func dottedKeyHint(for path: YAMLPath) -> String? {
        guard let root, path.components.count > 1 else { return nil }
        for split in stride(from: path.components.count - 2, through: 0, by: -1) {
            let head = Array(path.components[..<split])
            let rest = path.components[split...].map(\.description).joined(separator: ".")
            guard let (node, _, _) = try? resolve(head, from: root), let pairs = node.pairs,
                  !YAMLKey.indexes(of: rest, in: pairs).isEmpty else { continue }
            let written = (head.map(Self.written) + [Self.quoted(rest)]).joined(separator: ".")
            return "the key `\(rest)`\(head.isEmpty ? "" : " of " + YAMLPath(head).displayText) is written with dots; to name it, write `\(written)`"
        }
        return nil
    }

    /// `error` with the hint for `path` added when it is a path not found.
    func withDottedKeyHint(_ error: EditError, path: YAMLPath) -> EditError {
        guard case .pathNotFound(let message) = error, let hint = dottedKeyHint(for: path) else { return error }
        return .pathNotFound(message: message + "; " + hint)
    }

    /// A component as a path names it: a key holding a dot or a quote, or
    /// an empty one, in quotes.
    private static func written(_ component: YAMLPathComponent) -> String {
        guard case .key(let key) = component, key.isEmpty || key.contains(".") || key.contains("\"") else { return component.description }
        return quoted(key)
    }

    private static func quoted(_ key: String) -> String {
        "\"" + key.unicodeScalars.map { $0 == "\\" || $0 == "\"" ? "\\\($0)" : String($0) }.joined() + "\""
    }
}
