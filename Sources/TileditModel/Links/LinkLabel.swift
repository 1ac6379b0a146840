/// Link labels compared as CommonMark compares them (section 4.7): case
/// folded, runs of spaces, tabs and line breaks as one space, trimmed.
enum LinkLabel {
    /// The form two labels that match have in common.
    static func normalized(_ label: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in label.lowercased() {
            if character == " " || character == "\t" || character.isNewline {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }
}
