/// Byte constants and classification used by the line scanners.
enum Byte {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let hyphen: UInt8 = 0x2D
    static let hash: UInt8 = 0x23
    static let backtick: UInt8 = 0x60
    static let tilde: UInt8 = 0x7E
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let lessThan: UInt8 = 0x3C
    static let dollar: UInt8 = 0x24
    static let pipe: UInt8 = 0x7C
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let backslash: UInt8 = 0x5C
    static let plus: UInt8 = 0x2B
    static let asterisk: UInt8 = 0x2A
    static let period: UInt8 = 0x2E
    static let closeParenthesis: UInt8 = 0x29

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
    }
}
