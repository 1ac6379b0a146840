extension YAMLChecks {
    /// A node whose standard tag its value cannot satisfy (`!!int abc`,
    /// `!!bool maybe`, `!!map [1]`, `!!seq {a: 1}`): YAML readers refuse
    /// the file there, so it is an error at the node, by the rule an edit
    /// keeps a tag with (`YAMLTagRule`). Local tags (`!Ref`) and other
    /// global tags belong to the application reading the file and are not
    /// checked; nor are standard tags Tiledit does not know.
    static func tagMismatch(_ node: YAMLNode, keyName: String?) -> BlockDiagnostic? {
        guard let tag = node.tag, tag.hasPrefix(YAMLTagRule.prefix) else { return nil }
        let kind = tag.dropFirst(YAMLTagRule.prefix.count)
        let tagName = YAMLTagRule.displayName(tag)
        let name = keyName.map { "`\(shown($0))`" } ?? "this value"
        switch node.content {
        case .scalar(let scalar):
            guard ["int", "float", "bool", "null", "binary", "timestamp", "seq", "map", "set", "omap", "pairs"].contains(kind),
                  let problem = YAMLTagRule.problem(value: scalar.value, tag: tag, name: keyName.map(shown) ?? "this value") else { return nil }
            return BlockDiagnostic(.error, .yamlTagMismatch, problem.replacingOccurrences(of: "`this value`", with: "this value"), range: node.range)
        case .mapping:
            guard ["str", "int", "float", "bool", "null", "binary", "timestamp", "seq", "omap", "pairs"].contains(kind) else { return nil }
            return BlockDiagnostic(
                .error, .yamlTagMismatch, "\(name) is tagged `\(tagName)` but is a mapping; YAML readers refuse it (remove the tag or write the value it names)",
                range: node.range)
        case .sequence:
            guard ["str", "int", "float", "bool", "null", "binary", "timestamp", "map", "set"].contains(kind) else { return nil }
            return BlockDiagnostic(
                .error, .yamlTagMismatch, "\(name) is tagged `\(tagName)` but is a list; YAML readers refuse it (remove the tag or write the value it names)",
                range: node.range)
        case .alias:
            return nil
        }
    }
}
