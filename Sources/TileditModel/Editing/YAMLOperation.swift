/// An edit of a YAML file (`.yml`, `.yaml`, `tiledown.yml`), planned and
/// checked by `YAMLFileDocument.perform(_:document:)`: the YAML
/// counterpart of `DocumentOperation`. Paths lead from a document's root
/// through explicit keys (compared by their bytes) and sequence indexes
/// (from 0); in `tiledown.yml` (the flat dialect) a path is one key,
/// dots and all (`theme.dark.accent`).
public enum YAMLOperation: Sendable, Hashable {
    /// Sets the scalar at the path (adding the key to its mapping when
    /// absent). With a `type`, the value is written to read back as that
    /// type: a string keeps its quoting or block style when it reads back
    /// the same and is double quoted when it would read as another type;
    /// the other types are written plain. Without one (`tiledit set`), the
    /// text is taken as typed: a boolean, number or date stays one when the
    /// old value was.
    case setScalar(YAMLPath, value: String, type: YAMLValueType?)
    /// Adds `key: value` to the mapping at the path (`[]`: the root).
    /// A `nil` value adds the key with no value (`key:`, YAML 1.2's empty
    /// node, a null), so a value typed into it later is written by the
    /// type of its text (`30` an integer), as a null's is.
    case addKey(to: YAMLPath, key: String, value: String?)
    /// Renames the key at the path, keeping its quoting when the new name can be written in it.
    case renameKey(YAMLPath, to: String)
    /// Removes the pair at the path (its lines, in a block mapping).
    case removeKey(YAMLPath)
    /// Appends `item` to the sequence at the path (a flow list `[item]` when the key is absent or empty).
    /// A `nil` item is a null: `-` alone in a block sequence, `null` in a
    /// flow one (which has no empty item), taking the type of the text
    /// typed into it later.
    case appendItem(to: YAMLPath, item: String?)
    /// Removes the sequence item at the path (its lines, in a block sequence).
    case removeItem(YAMLPath)
    /// Moves the sequence item at the path one place: `by` is −1 (up) or +1 (down).
    case moveItem(YAMLPath, by: Int)
    /// Moves the pair at the path one place in its block mapping: `by` is
    /// −1 (up) or +1 (down); the comment lines right above each pair go with it.
    case moveKey(YAMLPath, by: Int)
    /// Inserts a copy of the sequence item at the path right after it (without its anchor).
    case duplicateItem(YAMLPath)
}
