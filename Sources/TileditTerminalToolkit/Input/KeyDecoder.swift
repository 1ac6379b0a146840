/// Decodes the raw bytes a terminal sends into `KeyEvent`s. Pure: bytes in,
/// events out; it keeps only the bytes of a sequence not yet complete.
///
/// Bytes may arrive in any chunks (one at a time included); the events are
/// the same. A lone ESC is ambiguous (Escape, or the start of a sequence), so
/// it waits: the caller calls `flush()` once input has been idle for a short
/// delay, and a waiting ESC becomes `.escape`.
///
/// What it reads:
/// - UTF-8: each scalar is `.character`; invalid or truncated UTF-8 gives
///   U+FFFD.
/// - C0 controls: CR and LF → `.enter`, HT → `.tab`, DEL and BS →
///   `.backspace`, NUL → `.ctrl(" ")`, 0x01–0x1A → `.ctrl("a")`…`.ctrl("z")`,
///   0x1C–0x1F → `.ctrl` of `\ ] ^ _`.
/// - ESC + key: a printable character → `.alt(c)`; a control key →
///   `.modified(key, .alt)`; ESC ESC → `.escape` then the second ESC.
/// - CSI (`ESC [`): `A B C D H F` arrows/home/end, `Z` back tab, `P Q R S`
///   F1–F4, `n ~` with 1/7 home, 2 insert, 3 delete, 4/8 end, 5 page up,
///   6 page down, 11–15 F1–F5, 17–21 F6–F10, 23–24 F11–F12; a second
///   parameter `m` adds modifiers (xterm: `m - 1` = shift 1 | alt 2 |
///   ctrl 4); `ESC [ [ A`–`E` (Linux console) F1–F5. Other CSI sequences
///   (focus, private) are read and dropped.
/// - Mouse reports: SGR (mode 1006) `ESC [ < b ; x ; y M` (press, motion,
///   wheel) and `… m` (release), and the older X10 `ESC [ M` followed by
///   three bytes (each value + 32), are `.mouse`; a report that names
///   nothing is dropped whole, so no part of it is ever read as typing.
/// - SS3 (`ESC O`): `A B C D H F` arrows/home/end, `P Q R S` F1–F4, `M`
///   keypad enter, optionally with a modifier digit first.
/// - Bracketed paste: everything between `ESC [ 200 ~` and `ESC [ 201 ~` is
///   one `.paste(text)`, decoded as UTF-8 (invalid bytes → U+FFFD) with CRLF
///   and CR turned into LF. The paste ends only at its end marker.
public struct KeyDecoder: Sendable {
    /// Bytes not yet decoded (an incomplete sequence, after `decode`).
    private var pending: [UInt8] = []
    /// The paste so far, while inside a bracketed paste.
    private var paste: [UInt8]?
    /// Where to resume looking for the paste's end marker.
    private var pasteSearchStart = 0

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes of an incomplete sequence are waiting (so the caller
    /// should wait its escape delay and then call `flush()`).
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// Whether a bracketed paste has started and not yet ended.
    public var isInPaste: Bool { paste != nil }

    /// Decodes `bytes` after those already pending and returns the events
    /// they complete; an incomplete sequence at the end stays pending.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
        if paste != nil {
            paste?.append(contentsOf: bytes)
        } else {
            pending.append(contentsOf: bytes)
        }
        return drain(atEnd: false)
    }

    /// Decodes what is pending as if no more bytes were coming: a lone ESC
    /// becomes `.escape`, `ESC [` or `ESC O` alone become `.alt("[")` or
    /// `.alt("O")`, truncated UTF-8 becomes U+FFFD. Does nothing inside a
    /// bracketed paste, which waits for its end marker.
    public mutating func flush() -> [KeyEvent] {
        drain(atEnd: true)
    }

    // MARK: - Driving

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
    /// Longest look-ahead a decision needs; a longer CSI is dropped.
    private static let window = 40

    private enum Step {
        case key(KeyEvent, consumed: Int)
        case ignored(consumed: Int)
        case pasteStarts(consumed: Int)
        case incomplete
    }

    private mutating func drain(atEnd: Bool) -> [KeyEvent] {
        var events: [KeyEvent] = []
        var index = 0
        while true {
            if var text = paste {
                guard let end = Self.firstIndex(of: Self.pasteEnd, in: text, from: pasteSearchStart) else {
                    pasteSearchStart = max(0, text.count - (Self.pasteEnd.count - 1))
                    pending.removeFirst(index)
                    return events
                }
                pasteSearchStart = 0
                let rest = text[(end + Self.pasteEnd.count)...]
                text.removeSubrange(end...)
                events.append(.paste(Self.normalizedPaste(text)))
                paste = nil
                pending = Array(rest)
                index = 0
                continue
            }
            guard index < pending.count else { break }
            let upper = min(pending.count, index + Self.window)
            let window = Array(pending[index..<upper])
            switch Self.step(window, isFinal: atEnd && upper == pending.count) {
            case .key(let event, let consumed):
                events.append(event)
                index += consumed
            case .ignored(let consumed):
                index += consumed
            case .pasteStarts(let consumed):
                paste = Array(pending[(index + consumed)...])
                pending = []
                index = 0
            case .incomplete:
                pending.removeFirst(index)
                return events
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from origin: Int) -> Int? {
        guard haystack.count - origin >= needle.count else { return nil }
        for start in origin...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return start
            }
        }
        return nil
    }

    private static func normalizedPaste(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                afterCarriageReturn = true
                continue
            }
            if scalar == "\n", afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    // MARK: - One step

    /// Decodes the event at the start of `bytes` (never empty). `isFinal`
    /// says no byte will follow, so an incomplete sequence must be resolved.
    private static func step(_ bytes: [UInt8], isFinal: Bool) -> Step {
        guard bytes[0] == 0x1B else {
            return plainKey(bytes, isFinal: isFinal)
        }
        guard bytes.count >= 2 else {
            return isFinal ? .key(.escape, consumed: 1) : .incomplete
        }
        switch bytes[1] {
        case 0x5B:  // [
            return controlSequence(bytes, isFinal: isFinal)
        case 0x4F:  // O
            return singleShiftThree(bytes, isFinal: isFinal)
        case 0x1B:
            return .key(.escape, consumed: 1)
        default:
            let rest = Array(bytes[1...])
            switch plainKey(rest, isFinal: isFinal) {
            case .key(.character(let character), let consumed):
                return .key(.alt(character), consumed: consumed + 1)
            case .key(let event, let consumed):
                return .key(.modified(event, .alt), consumed: consumed + 1)
            case .incomplete:
                return .incomplete
            case .ignored, .pasteStarts:
                return .key(.escape, consumed: 1)
            }
        }
    }

    /// A key that does not start with ESC: a C0 control, DEL or UTF-8.
    private static func plainKey(_ bytes: [UInt8], isFinal: Bool) -> Step {
        let byte = bytes[0]
        switch byte {
        case 0x00:
            return .key(.ctrl(" "), consumed: 1)
        case 0x08, 0x7F:
            return .key(.backspace, consumed: 1)
        case 0x09:
            return .key(.tab, consumed: 1)
        case 0x0A, 0x0D:
            return .key(.enter, consumed: 1)
        case 0x01...0x1A:
            return .key(.ctrl(Character(Unicode.Scalar(byte + 0x60))), consumed: 1)
        case 0x1B:
            return .key(.escape, consumed: 1)
        case 0x1C...0x1F:
            return .key(.ctrl(Character(Unicode.Scalar(byte + 0x40))), consumed: 1)
        case 0x20..<0x7F:
            return .key(.character(Character(Unicode.Scalar(byte))), consumed: 1)
        default:
            return utf8Character(bytes, isFinal: isFinal)
        }
    }

    private static let replacement = KeyEvent.character("\u{FFFD}")

    /// One UTF-8 encoded scalar starting with a byte ≥ 0x80.
    private static func utf8Character(_ bytes: [UInt8], isFinal: Bool) -> Step {
        let lead = bytes[0]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF:
            (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4:
            (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default:
            return .key(replacement, consumed: 1)
        }
        for offset in 1..<length {
            guard offset < bytes.count else {
                return isFinal ? .key(replacement, consumed: offset) : .incomplete
            }
            let byte = bytes[offset]
            guard byte & 0xC0 == 0x80 else {
                return .key(replacement, consumed: offset)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else {
            return .key(replacement, consumed: length)
        }
        return .key(.character(Character(scalar)), consumed: length)
    }

    /// `ESC [` …: parameters (0x30–0x3F), intermediates (0x20–0x2F) and a
    /// final byte (0x40–0x7E).
    private static func controlSequence(_ bytes: [UInt8], isFinal: Bool) -> Step {
        let unfinished: Step = isFinal ? .key(.alt("["), consumed: 2) : .incomplete
        guard bytes.count >= 3 else { return unfinished }
        if bytes[2] == 0x5B {  // ESC [ [ A–E: Linux console F1–F5
            guard bytes.count >= 4 else { return unfinished }
            if (0x41...0x45).contains(bytes[3]) {
                return .key(.function(Int(bytes[3]) - 0x40), consumed: 4)
            }
            return .ignored(consumed: 4)
        }
        if bytes[2] == 0x4D {  // ESC [ M b x y: X10 mouse
            guard bytes.count >= 6 else { return isFinal ? .ignored(consumed: bytes.count) : .incomplete }
            let event = MouseEvent.decoded(code: Int(bytes[3]) - 32, x: Int(bytes[4]) - 32, y: Int(bytes[5]) - 32, released: false, sgr: false)
            return event.map { .key(.mouse($0), consumed: 6) } ?? .ignored(consumed: 6)
        }
        var index = 2
        while index < bytes.count, (0x30...0x3F).contains(bytes[index]) {
            index += 1
        }
        let parameterEnd = index
        while index < bytes.count, (0x20...0x2F).contains(bytes[index]) {
            index += 1
        }
        guard index < bytes.count else {
            return bytes.count >= window ? .ignored(consumed: bytes.count) : unfinished
        }
        let final = bytes[index]
        guard (0x40...0x7E).contains(final) else {
            return .ignored(consumed: index)  // malformed: drop up to the stray byte
        }
        let consumed = index + 1
        if bytes[2] == 0x3C, parameterEnd == index, final == 0x4D || final == 0x6D {  // ESC [ < b ; x ; y M|m
            return sgrMouse(bytes[3..<parameterEnd], released: final == 0x6D, consumed: consumed)
        }
        let parameterBytes = bytes[2..<parameterEnd]
        guard parameterEnd == index, parameterBytes.allSatisfy({ (0x30...0x3B).contains($0) }) else {
            return .ignored(consumed: consumed)  // private markers or intermediates: not a key
        }
        let parameters = String(decoding: parameterBytes, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        let first = parameters.first.flatMap { $0 }
        let modifiers = KeyModifiers(xtermParameter: parameters.count > 1 ? (parameters[1] ?? 1) : 1)
        let key: KeyEvent?
        switch final {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = .right
        case 0x44: key = .left
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x5A: key = .backTab
        case 0x50, 0x51, 0x52, 0x53: key = .function(Int(final) - 0x4F)
        case 0x7E:
            if first == 200 {
                return .pasteStarts(consumed: consumed)
            }
            key = first.flatMap(tildeKey)
        default: key = nil
        }
        guard let key else { return .ignored(consumed: consumed) }
        return .key(withModifiers(key, modifiers), consumed: consumed)
    }

    /// An SGR mouse report: three decimal parameters, the button code and
    /// the 1-based column and row.
    private static func sgrMouse(_ parameterBytes: ArraySlice<UInt8>, released: Bool, consumed: Int) -> Step {
        let numbers = String(decoding: parameterBytes, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let x = numbers[1], let y = numbers[2],
              let event = MouseEvent.decoded(code: code, x: x, y: y, released: released, sgr: true)
        else { return .ignored(consumed: consumed) }
        return .key(.mouse(event), consumed: consumed)
    }

    /// The key of `ESC [ n ~`.
    private static func tildeKey(_ number: Int) -> KeyEvent? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    /// `ESC O` + final, optionally with a modifier digit before the final.
    private static func singleShiftThree(_ bytes: [UInt8], isFinal: Bool) -> Step {
        let unfinished: Step = isFinal ? .key(.alt("O"), consumed: 2) : .incomplete
        guard bytes.count >= 3 else { return unfinished }
        var index = 2
        var modifiers: KeyModifiers = []
        if (0x31...0x39).contains(bytes[index]) {
            modifiers = KeyModifiers(xtermParameter: Int(bytes[index]) - 0x30)
            index += 1
            guard index < bytes.count else { return unfinished }
        }
        let key: KeyEvent?
        switch bytes[index] {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = .right
        case 0x44: key = .left
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x4D: key = .enter
        case 0x50, 0x51, 0x52, 0x53: key = .function(Int(bytes[index]) - 0x4F)
        default: key = nil
        }
        guard let key else { return .ignored(consumed: index + 1) }
        return .key(withModifiers(key, modifiers), consumed: index + 1)
    }

    private static func withModifiers(_ key: KeyEvent, _ modifiers: KeyModifiers) -> KeyEvent {
        if modifiers.isEmpty {
            return key
        }
        if key == .tab, modifiers == .shift {
            return .backTab
        }
        return .modified(key, modifiers)
    }
}
