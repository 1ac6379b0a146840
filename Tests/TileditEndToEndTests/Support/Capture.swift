/// One capture of the editor's screen, with the readings the end-to-end
/// tests make of it: the status line, overlay bodies, text with the
/// borders and line breaks folded into single spaces.
struct Capture: Equatable, CustomStringConvertible {
    /// The rows as `capture-pane` gives them (trailing spaces trimmed).
    let lines: [String]

    init(_ text: String, height: Int) {
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        while rows.count < height { rows.append("") }
        lines = Array(rows.prefix(height))
    }

    var description: String { lines.joined(separator: "\n") }

    /// The last row: file, save state, block position, focus label, hints.
    var status: String { lines.last ?? "" }

    /// Whether some row contains `text`.
    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// Whether an overlay titled `title` is shown (its top border).
    func hasOverlay(_ title: String) -> Bool { contains("┌ \(title) ─") || contains("┌ \(title) ┐") }

    /// The inside of the overlay titled `title`, rows joined and folded
    /// (see `folded`), or `nil` when it is not shown.
    func overlayText(_ title: String) -> String? {
        guard let top = lines.firstIndex(where: { $0.contains("┌ \(title) ") }),
            let left = Self.column(of: "┌ \(title) ", in: lines[top]),
            let right = Array(lines[top]).indices.first(where: { $0 > left && Array(lines[top])[$0] == "┐" })
        else { return nil }
        var text: [String] = []
        for line in lines[(top + 1)...] {
            let characters = Array(line)
            guard characters.count > left, characters[left] != "└" else { break }
            let end = min(right, characters.count)
            text.append(left + 1 < end ? String(characters[(left + 1)..<end]) : "")
        }
        return Self.folded(text.joined(separator: " "))
    }

    /// The rows inside the pane titled `title` (`┌ Preview ─…┐` or, focused,
    /// `┏ Preview ━…┓`), each cut between the side borders with trailing
    /// spaces trimmed; `nil` when the pane is not shown.
    func paneRows(_ title: String) -> [String]? {
        for (top, line) in lines.enumerated() {
            for corner in ["┌", "┏"] {
                guard let left = Self.column(of: "\(corner) \(title) ", in: line) else { continue }
                let characters = Array(line)
                guard let right = characters.indices.first(where: { $0 > left && (characters[$0] == "┐" || characters[$0] == "┓") }) else { continue }
                var rows: [String] = []
                for below in lines[(top + 1)...] {
                    let row = Array(below)
                    guard row.count > left, row[left] != "└", row[left] != "┗" else { break }
                    let end = min(right, row.count)
                    var text = left + 1 < end ? String(row[(left + 1)..<end]) : ""
                    while text.hasSuffix(" ") { text.removeLast() }
                    rows.append(text)
                }
                return rows
            }
        }
        return nil
    }

    /// The whole screen folded: box-drawing characters dropped, every run
    /// of spaces and line breaks one space.
    var folded: String { Self.folded(lines.joined(separator: " ")) }

    static func folded(_ text: String) -> String {
        let boxes: Set<Character> = ["│", "┃", "─", "━", "┌", "┐", "└", "┘", "┏", "┓", "┗", "┛"]
        var result = ""
        var pendingSpace = false
        for character in text {
            if character == " " || boxes.contains(character) || character.isNewline {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    /// The character index where `needle` starts in `line`.
    private static func column(of needle: String, in line: String) -> Int? {
        guard let range = line.range(of: needle) else { return nil }
        return line.distance(from: line.startIndex, to: range.lowerBound)
    }
}
