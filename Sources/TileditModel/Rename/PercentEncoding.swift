/// `%XX` escapes in URL paths (RFC 3986, section 2.1), read to find the
/// file a link names and written back where the link used them.
enum PercentEncoding {
    /// `text` with every `%XX` replaced by its byte; `nil` when it holds
    /// none, or when the bytes are not UTF-8 (then the text is a name as is).
    static func decoded(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard holdsEscapes(bytes[...]) else { return nil }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(validating: result, as: UTF8.self)
    }

    /// Whether `bytes` hold a `%XX` escape.
    static func holdsEscapes(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil { return true }
            index += 1
        }
        return false
    }

    /// `%XX` for `byte`, in capitals.
    static func escape(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
