/// A mouse report from the terminal (xterm's SGR mode 1006, or the older
/// X10 form), as `KeyDecoder` reads it. Rows and columns count from 0,
/// from the top left of the screen.
public struct MouseEvent: Hashable, Sendable {
    /// A mouse button.
    public enum Button: Hashable, Sendable {
        case left
        case middle
        case right
        /// Buttons 8 to 11 (back, forward, …), by number.
        case other(Int)
    }

    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(Button)
        /// A button came up (`nil`: the X10 form does not say which).
        case release(Button?)
        /// The pointer moved with a button held (`nil`: none held).
        case drag(Button?)
        /// The wheel turned away from the user (scroll up).
        case scrollUp
        /// The wheel turned toward the user (scroll down).
        case scrollDown
        /// The wheel tilted left.
        case scrollLeft
        /// The wheel tilted right.
        case scrollRight
    }

    /// What happened.
    public var kind: Kind
    /// The screen row, from 0.
    public var row: Int
    /// The screen column, from 0.
    public var column: Int
    /// Shift, Alt (Meta) and Control held.
    public var modifiers: KeyModifiers

    public init(kind: Kind, row: Int, column: Int, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.row = row
        self.column = column
        self.modifiers = modifiers
    }

    /// The event a report's button code `code` gives (xterm: the low two
    /// bits and 64/128 name the button or wheel, 4 shift, 8 meta, 16
    /// control, 32 motion), at 1-based `x`, `y`; `released` for SGR's
    /// final `m`. `nil` for a code that names nothing.
    static func decoded(code: Int, x: Int, y: Int, released: Bool, sgr: Bool) -> MouseEvent? {
        guard code >= 0, x >= 1, y >= 1 else { return nil }
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.ctrl) }
        let isMotion = code & 32 != 0
        let low = code & 3
        let kind: Kind
        switch code & ~(4 | 8 | 16 | 32) {
        case 0, 1, 2:
            let button: Button = low == 0 ? .left : low == 1 ? .middle : .right
            kind = isMotion ? .drag(button) : released ? .release(button) : .press(button)
        case 3:
            // X10 (and SGR motion with no button): no button named.
            kind = isMotion ? .drag(nil) : .release(nil)
        case 64: kind = .scrollUp
        case 65: kind = .scrollDown
        case 66: kind = .scrollLeft
        case 67: kind = .scrollRight
        case 128, 129, 130, 131:
            let button = Button.other(8 + low)
            kind = isMotion ? .drag(button) : released ? .release(button) : .press(button)
        default:
            return nil
        }
        if released, !sgr { return nil }
        return MouseEvent(kind: kind, row: y - 1, column: x - 1, modifiers: modifiers)
    }
}
