/// Modifier keys held with a named key, as xterm reports them in the second
/// parameter of a CSI sequence (`ESC [ 1 ; m X`, where `m - 1` holds the bits
/// shift 1, alt 2, ctrl 4, meta 8; meta counts as alt).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Option, Meta).
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Control.
    public static let ctrl = KeyModifiers(rawValue: 1 << 2)

    /// The modifiers of an xterm modifier parameter (`1` is none).
    init(xtermParameter parameter: Int) {
        let bits = max(0, parameter - 1)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.ctrl) }
        self = modifiers
    }
}
