/// The steps of a scenario that drive a YAML file's editor: its tree, the
/// typed field of a value, keys and items; the words the players share.
extension Scenario {
    /// Actions only a YAML file's editor has.
    public static let yamlActions: Set<String> = [
        "selectRow", "fold", "unfold", "setValue", "typeValue", "commitValue", "leaveValue", "discardValue",
        "addKey", "renameKey", "removeNode", "addItem", "moveItem", "duplicateItem",
    ]

    /// Expectations only a YAML file's editor answers: the tree's rows, the
    /// selected node's path, its field, the places sharing its value, the
    /// mistakes of its row and their fixes.
    public static let yamlExpectations: Set<String> = [
        "rows", "rowCount", "selectedRow", "path", "value", "valueType", "valueProblem", "editingValue",
        "shared", "mistakes", "fixes", "documentCount",
    ]
}
