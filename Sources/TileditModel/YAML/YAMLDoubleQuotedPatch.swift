/// Writes a new value into a one-line double-quoted scalar keeping what
/// the user wrote for the characters that do not change: an escape stays
/// that escape (`\u00e9` is not rewritten `é`, nor `é` `\u00e9`), a
/// character stays itself. Only the changed characters (those between the
/// value's common start and end with the new one) are written, as
/// `YAMLScalarWriter.doubleQuoted` writes them (YAML 1.2 §7.3.1).
enum YAMLDoubleQuotedPatch {
    /// A piece of the quoted text: its source bytes and the scalar it reads as.
    private struct Piece {
        var source: ArraySlice<UInt8>
        var scalar: Unicode.Scalar
    }

    /// The source of a double-quoted scalar reading as `new`, from `token`
    /// (the old scalar's bytes, quotes included) reading as `old`; `nil`
    /// when `token` is not one line in double quotes whose escapes read as
    /// `old` (the caller writes the whole scalar then).
    static func rewrite(token: ArraySlice<UInt8>, old: String, new: String) -> String? {
        guard token.count >= 2, token.first == Byte.quote, token.last == Byte.quote,
              !token.contains(where: LineEnding.isLineBreak) else { return nil }
        guard let pieces = pieces(of: token.dropFirst().dropLast()),
              pieces.map(\.scalar).elementsEqual(old.unicodeScalars) else { return nil }
        let newScalars = Array(new.unicodeScalars)
        let limit = Swift.min(pieces.count, newScalars.count)
        var prefix = 0
        while prefix < limit && pieces[prefix].scalar == newScalars[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix && pieces[pieces.count - 1 - suffix].scalar == newScalars[newScalars.count - 1 - suffix] { suffix += 1 }
        var middle = String.UnicodeScalarView()
        middle.append(contentsOf: newScalars[prefix..<(newScalars.count - suffix)])
        let written = Array(YAMLScalarWriter.doubleQuoted(String(middle)).utf8.dropFirst().dropLast())
        var bytes: [UInt8] = [Byte.quote]
        for piece in pieces[..<prefix] { bytes += piece.source }
        bytes += written
        for piece in pieces[(pieces.count - suffix)...] { bytes += piece.source }
        bytes.append(Byte.quote)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The pieces of the text between the quotes, `nil` when an escape or
    /// a UTF-8 sequence cannot be read.
    private static func pieces(of text: ArraySlice<UInt8>) -> [Piece]? {
        var pieces: [Piece] = []
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            var length: Int
            let scalar: Unicode.Scalar?
            if byte == Byte.backslash {
                guard index + 1 < text.endIndex else { return nil }
                (length, scalar) = escape(text, at: index + 1)
                length += 1
            } else {
                length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= text.endIndex else { return nil }
                let decoded = String(decoding: text[index..<(index + length)], as: UTF8.self).unicodeScalars
                scalar = decoded.count == 1 ? decoded.first : nil
            }
            guard let scalar, length >= 1, index + length <= text.endIndex else { return nil }
            pieces.append(Piece(source: text[index..<(index + length)], scalar: scalar))
            index += length
        }
        return pieces
    }

    /// The escape whose letter is at `at` (after the `\`): its length
    /// from the letter and the scalar it reads as.
    private static func escape(_ text: ArraySlice<UInt8>, at: Int) -> (Int, Unicode.Scalar?) {
        let simple: [UInt8: UInt32] = [
            0x30: 0, 0x61: 7, 0x62: 8, 0x74: 9, Byte.tab: 9, 0x6E: 10, 0x76: 11, 0x66: 12, 0x72: 13, 0x65: 0x1B,
            Byte.space: 0x20, Byte.quote: 0x22, 0x2F: 0x2F, Byte.backslash: 0x5C, 0x4E: 0x85, 0x5F: 0xA0, 0x4C: 0x2028, 0x50: 0x2029,
        ]
        let letter = text[at]
        if let value = simple[letter] { return (1, Unicode.Scalar(value)) }
        let digits = letter == 0x78 ? 2 : letter == 0x75 ? 4 : letter == 0x55 ? 8 : 0
        guard digits > 0, at + digits < text.endIndex else { return (1, nil) }
        let hex = String(decoding: text[(at + 1)...(at + digits)], as: UTF8.self)
        guard hex.utf8.allSatisfy(isHexDigit), let value = UInt32(hex, radix: 16) else { return (1, nil) }
        return (digits + 1, Unicode.Scalar(value))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
