import TileditTextLayout

/// A centered alert or sheet drawn over the panes: a bordered box with a
/// title, wrapped body lines and a row of choices (buttons), one of them
/// selected. `drawSheet` draws just the box, for screens that put their own
/// content in it (a form, a catalog).
///
/// Keys: left/right, tab/back tab and up/down move the selected choice
/// (wrapping around); enter chooses it; a character equal to the first
/// character of exactly one choice (ignoring case) chooses that one, unless
/// `choosesByLetter` is off; escape dismisses.
public struct Overlay: Hashable, Sendable {
    /// What a key did.
    public enum Outcome: Hashable, Sendable {
        /// The choice at this index was taken.
        case chose(Int)
        /// The overlay was dismissed (escape).
        case dismissed
        /// The selected choice moved.
        case moved
    }

    /// The title, drawn in the top border.
    public var title: String
    /// The body text; line breaks are kept and long lines wrap.
    public var body: String
    /// The choices, as button labels.
    public var choices: [String]
    /// The selected choice's index.
    public private(set) var selectedChoice: Int
    /// Whether a letter chooses the button it starts. Off for alerts that
    /// can appear while the user types elsewhere and whose choices drop
    /// work (a conflict with the disk): there a stray letter must not
    /// answer; the arrows and Enter do.
    public var choosesByLetter: Bool

    /// An overlay with `title`, `body` and `choices`, `selectedChoice`
    /// selected (clamped).
    public init(title: String, body: String, choices: [String], selectedChoice: Int = 0, choosesByLetter: Bool = true) {
        self.title = title
        self.body = body
        self.choices = choices
        self.selectedChoice = min(max(0, selectedChoice), max(0, choices.count - 1))
        self.choosesByLetter = choosesByLetter
    }

    /// The same overlay with `index` selected (clamped).
    public func selecting(_ index: Int) -> Overlay {
        var copy = self
        copy.selectedChoice = min(max(0, index), max(0, choices.count - 1))
        return copy
    }

    /// What the overlay is for, as the help overlay and status line say it.
    public var accessibilityLabel: String { title }

    /// Applies `key`; `nil` when the overlay ignores it.
    public mutating func handle(_ key: KeyEvent) -> Outcome? {
        switch key {
        case .escape:
            return .dismissed
        case .enter:
            return choices.isEmpty ? .dismissed : .chose(selectedChoice)
        case .left, .up, .backTab:
            return moveSelection(by: -1)
        case .right, .down, .tab:
            return moveSelection(by: 1)
        case .character(let character):
            guard choosesByLetter else { return nil }
            let key = String(character).lowercased()
            let matches = choices.indices.filter { choices[$0].first.map { String($0).lowercased() } == key }
            guard matches.count == 1 else { return nil }
            selectedChoice = matches[0]
            return .chose(matches[0])
        default:
            return nil
        }
    }

    /// The button label of a choice: `[ label ]`.
    public static func buttonLabel(_ choice: String) -> String {
        "[ \(choice) ]"
    }

    /// Where the overlay goes in `area` (see `draw`): the box, its body
    /// lines as shown, and each button's rectangle, in order.
    public struct Placement: Hashable, Sendable {
        /// The box, border included.
        public var sheet: Rect
        /// Inside the border and its padding.
        public var content: Rect
        /// The body lines shown (wrapped, the last cut with "…" when short of room).
        public var lines: [String]
        /// Each button's rectangle (one row high), in the order of `choices`.
        public var buttons: [Rect]
    }

    /// The placement `draw` uses: centered in `area`, at most `maxWidth`
    /// columns wide (wider when its row of buttons needs it, never wider
    /// than `area`), as tall as its content or `area` allows; buttons on
    /// one row, centered, or one per row when they do not fit side by side.
    public func placement(in area: Rect, maxWidth: Int = 60) -> Placement {
        let buttons = choices.map(Self.buttonLabel)
        let buttonsRowWidth = buttons.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, buttons.count - 1)
        let widest = max(
            DisplayWidth.of(title) + 2,
            body.split(omittingEmptySubsequences: false, whereSeparator: LineEditing.isLineBreak).map { DisplayWidth.of($0) }.max() ?? 0,
            buttonsRowWidth
        )
        // A row of buttons wider than `maxWidth` widens the box when the area allows, rather than stacking.
        let width = min(area.width, Swift.max(maxWidth, buttonsRowWidth + 4), max(widest + 4, 20))
        let contentWidth = max(1, width - 4)
        let stacked = buttonsRowWidth > contentWidth
        let buttonRows = buttons.isEmpty ? 0 : (stacked ? buttons.count : 1)
        var lines = body.isEmpty ? [] : DisplayWidth.wrap(body, width: contentWidth)
        let chrome = 2 + (buttonRows > 0 ? buttonRows + 1 : 0)
        let height = min(area.height, chrome + lines.count)
        let room = max(0, height - chrome)
        if lines.count > room {
            lines = Array(lines.prefix(room))
            if let last = lines.indices.last {
                lines[last] = DisplayWidth.truncate(lines[last] + " …", to: contentWidth)
            }
        }
        let sheet = area.centered(width: width, height: height)
        let content = sheet.inset(rows: 1, columns: 2)
        let firstButtonRow = content.row + lines.count + 1
        var rects: [Rect] = []
        var column = content.column + max(0, (contentWidth - buttonsRowWidth) / 2)
        for (index, label) in buttons.enumerated() {
            let labelWidth = DisplayWidth.of(label)
            if stacked {
                rects.append(Rect(row: firstButtonRow + index, column: content.column, width: min(labelWidth, contentWidth), height: 1).intersection(content))
            } else {
                rects.append(Rect(row: firstButtonRow, column: column, width: labelWidth, height: 1).intersection(content))
                column += labelWidth + 2
            }
        }
        return Placement(sheet: sheet, content: content, lines: lines, buttons: rects)
    }

    /// Draws the overlay as `placement(in:maxWidth:)` places it; body
    /// lines that do not fit are dropped, the last shown one ending in
    /// "…". Returns the box's rectangle.
    @discardableResult
    public func draw(into buffer: inout ScreenBuffer, area: Rect, maxWidth: Int = 60) -> Rect {
        let placement = placement(in: area, maxWidth: maxWidth)
        let content = Self.drawSheet(into: &buffer, area: area, width: placement.sheet.width, height: placement.sheet.height, title: title)
        let textStyle = CellStyle(foreground: .text, background: .overlay)
        for (index, line) in placement.lines.enumerated() {
            buffer.put(line, row: content.row + index, column: content.column, style: textStyle, clip: content)
        }
        for (index, rect) in placement.buttons.enumerated() where !rect.isEmpty {
            let style = index == selectedChoice
                ? CellStyle(foreground: .selectionText, background: .selection, attributes: .bold)
                : CellStyle(foreground: .accent, background: .overlay)
            buffer.put(DisplayWidth.truncate(Self.buttonLabel(choices[index]), to: rect.width), row: rect.row, column: rect.column, style: style, clip: content)
        }
        return placement.sheet
    }

    /// Draws an empty sheet `width` × `height` (clamped to `area`) centered
    /// in `area`: filled with the overlay background, bordered in
    /// `focusBorder` with `title` in `heading`. Returns the content rectangle
    /// inside the border and one column of padding on each side.
    @discardableResult
    public static func drawSheet(into buffer: inout ScreenBuffer, area: Rect, width: Int, height: Int, title: String) -> Rect {
        let sheet = area.centered(width: width, height: height)
        buffer.fill(sheet, style: CellStyle(background: .overlay))
        buffer.box(
            sheet,
            title: title,
            style: CellStyle(foreground: .focusBorder, background: .overlay),
            titleStyle: CellStyle(foreground: .heading, background: .overlay, attributes: .bold)
        )
        return sheet.inset(rows: 1, columns: 2)
    }

    private mutating func moveSelection(by delta: Int) -> Outcome? {
        guard choices.count > 1 else { return nil }
        selectedChoice = (selectedChoice + delta + choices.count) % choices.count
        return .moved
    }
}
