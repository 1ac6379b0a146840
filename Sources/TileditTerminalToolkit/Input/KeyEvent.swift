/// One user input event, as `KeyDecoder` reads it from the terminal.
///
/// Plain keys have their own case; a named key pressed with modifiers is
/// `.modified(key, modifiers)` (e.g. ctrl+left is `.modified(.left, .ctrl)`,
/// alt+backspace is `.modified(.backspace, .alt)`); ctrl+letter is
/// `.ctrl(letter)` and alt+character is `.alt(character)`.
public enum KeyEvent: Hashable, Sendable {
    /// A printable character (one Unicode scalar as typed; an editor joins
    /// scalars into grapheme clusters as it inserts them).
    case character(Character)
    /// Enter or Return (CR or LF).
    case enter
    /// Escape, alone (not the start of a sequence).
    case escape
    /// Tab (also ctrl+i).
    case tab
    /// Shift+Tab.
    case backTab
    /// Backspace (DEL or ctrl+h).
    case backspace
    /// Insert.
    case insert
    /// Forward delete.
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Function key F1…F12 (the number).
    case function(Int)
    /// Control plus a letter `a`…`z` (lowercase), or one of ` ` (ctrl+space,
    /// ctrl+@), `\`, `]`, `^`, `_`.
    case ctrl(Character)
    /// Alt plus a printable character (sent as ESC then the character).
    case alt(Character)
    /// A named key with modifiers.
    indirect case modified(KeyEvent, KeyModifiers)
    /// The terminal changed size.
    case resize
    /// The process was asked to end (SIGINT, SIGTERM or SIGHUP, by number).
    case terminate(signal: Int32)
    /// Text pasted with bracketed paste, line breaks normalized to LF.
    case paste(String)
    /// A mouse report (only while the terminal reports the mouse).
    case mouse(MouseEvent)
}
