/// Keys and items added with no value yet: the YAML editor adds them so,
/// and the value typed into them afterwards is written by the type of its
/// text (`30` an integer, `true` a boolean), as a null's is
/// (`YAMLScalarWriter.intent`), where a new `""` would have kept it a string.
extension YAMLEditor {
    /// How a new item with no value is written in a flow sequence. A flow
    /// sequence has no empty item (`[a, , b]` is an error, and `[a, ]` has
    /// one item), so the null is spelled out: `null` rather than `~`, the
    /// word a writer reads without knowing YAML's shorthand, and still a
    /// null that takes the type of the text typed into it.
    static let nullFlowItem = "null"

    /// The edit adding `key` with no value to the mapping at `mappingPath`,
    /// after its last pair: the line `key:` in a block mapping (at the
    /// column of its first key), the key alone in a flow one (`{a: 1, key}`,
    /// YAML 1.2 §7.4.2's implicit entry: libyaml 0.2.5 refuses `key:}`,
    /// and `key: }` would leave a space before the `}` once a value is
    /// typed, which a brace written `{ a: 1 }` needs and `{a: 1}` does
    /// not). Every reader reads the empty value as a null; a value typed
    /// later gets its `: ` after the key.
    ///
    /// - Throws: `EditError.pathNotFound` when the path leads nowhere,
    ///   through an alias, or to something that is not a mapping (an empty
    ///   document included); `.invalidValue` for a key on the way written
    ///   twice.
    func addKeyWithoutValue(_ key: String, to mappingPath: YAMLPath) throws(EditError) -> [TextEdit] {
        guard let root else { throw .pathNotFound(message: "the document is empty; it has no mapping to add `\(key)` to") }
        let (mapping, _, _) = try resolve(mappingPath.components, from: root)
        guard mapping.pairs != nil else {
            throw .pathNotFound(message: "\(mappingPath.displayText) is \(mapping.kindDescription), not a mapping")
        }
        return [try addRawKey(key, valueText: "", to: mapping)]
    }
}
