import TileditTextLayout

/// A single-line text field: the text, a cursor counted in grapheme clusters
/// and a horizontal scroll in display columns. View-local state only; the
/// renderer forwards the text to its view model when `handle` says
/// `.edited`.
///
/// Keys (Emacs/readline bindings beside the usual ones):
/// - characters insert at the cursor; `.paste` inserts with its line breaks
///   turned into spaces;
/// - backspace / ctrl+h delete the cluster before the cursor, delete /
///   ctrl+d the one after it (a cluster such as 👨‍👩‍👧 or 🇳🇴 goes whole);
/// - left / ctrl+b and right / ctrl+f move by one cluster; ctrl or alt +
///   left/right and alt+b / alt+f move by word; home / ctrl+a and end /
///   ctrl+e go to the ends;
/// - ctrl+k deletes to the end, ctrl+u to the start, ctrl+w and
///   alt+backspace the word before the cursor, alt+d the word after it;
///   ctrl+y inserts what the last of these deleted (none throws typing
///   away for good).
public struct TextField: Hashable, Sendable {
    /// The text (no line breaks).
    public private(set) var text: String
    /// The cursor: grapheme clusters before it, 0…`text.count`.
    public private(set) var cursor: Int
    /// The first display column shown (horizontal scroll), from 0.
    public private(set) var scrollColumn: Int = 0
    /// What the field is for, as the help overlay and status line say it.
    public var accessibilityLabel: String
    /// What the last ctrl+k, ctrl+u, ctrl+w, alt+backspace or alt+d
    /// deleted; ctrl+y inserts it at the cursor.
    public private(set) var killed = ""

    /// A field holding `text` (line breaks become spaces), the cursor at
    /// `cursor` (clamped; the end when `nil`).
    public init(text: String = "", cursor: Int? = nil, accessibilityLabel: String = "") {
        let text = LineEditing.joiningLines(text)
        self.text = text
        self.cursor = min(max(0, cursor ?? text.count), text.count)
        self.accessibilityLabel = accessibilityLabel
    }

    /// Replaces the text (e.g. from the view model), keeping the cursor
    /// where it was when it still fits, else at the end.
    public mutating func setText(_ newText: String) {
        text = LineEditing.joiningLines(newText)
        cursor = min(cursor, text.count)
    }

    /// Applies `key` and says what it did (see the type's key list).
    @discardableResult
    public mutating func handle(_ key: KeyEvent) -> EditOutcome {
        let characters = Array(text)
        switch key {
        case .character(let character):
            return insert(String(character))
        case .paste(let pasted):
            return insert(LineEditing.joiningLines(pasted))
        case .backspace, .ctrl("h"):
            guard cursor > 0 else { return .ignored }
            return replace(cursor - 1..<cursor, cursorAfter: cursor - 1)
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return .ignored }
            return replace(cursor..<cursor + 1, cursorAfter: cursor)
        case .left, .ctrl("b"):
            return move(to: cursor - 1)
        case .right, .ctrl("f"):
            return move(to: cursor + 1)
        case .modified(.left, .ctrl), .modified(.left, .alt), .alt("b"):
            return move(to: LineEditing.wordStart(before: cursor, in: characters))
        case .modified(.right, .ctrl), .modified(.right, .alt), .alt("f"):
            return move(to: LineEditing.wordEnd(after: cursor, in: characters))
        case .home, .ctrl("a"):
            return move(to: 0)
        case .end, .ctrl("e"):
            return move(to: characters.count)
        case .ctrl("k"):
            guard cursor < characters.count else { return .ignored }
            return kill(cursor..<characters.count, of: characters, cursorAfter: cursor)
        case .ctrl("u"):
            guard cursor > 0 else { return .ignored }
            return kill(0..<cursor, of: characters, cursorAfter: 0)
        case .ctrl("w"), .modified(.backspace, .alt):
            let start = LineEditing.wordStart(before: cursor, in: characters)
            guard start < cursor else { return .ignored }
            return kill(start..<cursor, of: characters, cursorAfter: start)
        case .alt("d"):
            let end = LineEditing.wordEnd(after: cursor, in: characters)
            guard end > cursor else { return .ignored }
            return kill(cursor..<end, of: characters, cursorAfter: cursor)
        case .ctrl("y"):
            return insert(killed)
        default:
            return .ignored
        }
    }

    /// Draws the field on the first row of `rect`, scrolled so the cursor is
    /// visible, and places the terminal cursor there when `focused`.
    /// An empty field shows `placeholder` in the muted role.
    public mutating func draw(
        into buffer: inout ScreenBuffer,
        rect: Rect,
        style: CellStyle = .plain,
        placeholder: String = "",
        focused: Bool
    ) {
        guard rect.width > 0, rect.height > 0 else { return }
        let row = Rect(row: rect.row, column: rect.column, width: rect.width, height: 1)
        scrollToCursor(width: rect.width)
        buffer.fill(row, style: style)
        if text.isEmpty, !placeholder.isEmpty {
            var placeholderStyle = style
            placeholderStyle.foreground = .muted
            buffer.put(DisplayWidth.truncate(placeholder, to: rect.width), row: rect.row, column: rect.column, style: placeholderStyle, clip: row)
        } else {
            buffer.put(text, row: rect.row, column: rect.column - scrollColumn, style: style, clip: row)
        }
        if focused {
            buffer.cursor = ScreenPosition(row: rect.row, column: rect.column + cursorColumn - scrollColumn)
        }
    }

    /// Display columns before the cursor.
    public var cursorColumn: Int {
        DisplayWidth.of(String(text.prefix(cursor)))
    }

    /// Adjusts `scrollColumn` so the cursor (and the cluster under it) fits
    /// in a field `width` columns wide, scrolling no more than needed.
    public mutating func scrollToCursor(width: Int) {
        let width = max(1, width)
        let column = cursorColumn
        let after = text.dropFirst(cursor)
        let underCursor = after.first.map { max(1, DisplayWidth.advance(of: $0, at: column)) } ?? 1
        // Only a text ending inside the viewport limits the scroll: measure no further than that.
        let totalWidth = column + DisplayWidth.of(after, limit: width) + 1
        if column < scrollColumn {
            scrollColumn = column
        } else if column + underCursor > scrollColumn + width {
            scrollColumn = column + underCursor - width
        }
        scrollColumn = max(0, min(scrollColumn, totalWidth - width))
    }

    private mutating func insert(_ inserted: String) -> EditOutcome {
        guard !inserted.isEmpty else { return .ignored }
        (text, cursor) = LineEditing.insert(inserted, into: text, at: cursor)
        return .edited
    }

    /// Deletes `range` of `characters` (the text's clusters), kept in `killed`.
    private mutating func kill(_ range: Range<Int>, of characters: [Character], cursorAfter: Int) -> EditOutcome {
        let bounded = max(0, min(range.lowerBound, characters.count))..<max(0, min(range.upperBound, characters.count))
        killed = String(characters[bounded])
        return replace(range, cursorAfter: cursorAfter)
    }

    private mutating func replace(_ range: Range<Int>, cursorAfter: Int) -> EditOutcome {
        text = LineEditing.remove(range, from: text)
        cursor = min(cursorAfter, text.count)
        return .edited
    }

    private mutating func move(to offset: Int) -> EditOutcome {
        let target = min(max(0, offset), text.count)
        guard target != cursor else { return .ignored }
        cursor = target
        return .moved
    }
}
