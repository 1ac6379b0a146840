import Foundation
import TileditModel

/// Checks a file's bytes before they are parsed: size, binary content,
/// UTF-8 (ARCHITECTURE.md, "Safety").
public enum ContentCheck {
    /// Largest file opened: 256 MB (268,435,456 bytes).
    public static let defaultSizeLimit = 256 * 1024 * 1024
    /// How many leading bytes are searched for a NUL byte: 8 KB.
    public static let binaryProbeLength = 8 * 1024

    /// The first problem of `bytes`, in the order size, binary, UTF-8; `nil`
    /// when they can be opened as text.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - sizeLimit: largest accepted size in bytes.
    public static func problem(in bytes: [UInt8], sizeLimit: Int = defaultSizeLimit) -> ContentProblem? {
        examine(bytes, sizeLimit: sizeLimit).problem
    }

    /// `problem(in:sizeLimit:)` of `bytes`, and the offset (UTF-8 bytes
    /// from 0) of their first byte of 0x80 or above, `bytes.count` when
    /// they are all ASCII: found in the same pass over the bytes, so a
    /// reader that goes on to look for non-ASCII text (the one-shot
    /// search) need not pass over them again. The offset is only
    /// meaningful when there is no problem.
    public static func examine(_ bytes: [UInt8], sizeLimit: Int = defaultSizeLimit) -> (problem: ContentProblem?, firstNonASCII: Int) {
        if bytes.count > sizeLimit { return (.tooLarge(size: bytes.count, limit: sizeLimit), 0) }
        if let offset = firstNUL(in: bytes, within: binaryProbeLength) { return (.binary(offset: offset, location: location(of: offset, in: bytes)), 0) }
        let encoding = bytes.withUnsafeBufferPointer { validate($0) }
        if let offset = encoding.firstInvalid {
            return (.invalidUTF8(offset: offset, location: location(of: offset, in: bytes)), encoding.firstNonASCII)
        }
        return (nil, encoding.firstNonASCII)
    }

    /// The offset of the first byte of the first ill-formed UTF-8 sequence
    /// (Unicode 15, table 3-7: no overlong forms, no surrogates, nothing
    /// above U+10FFFF), or `nil` when all of `bytes` is well-formed.
    public static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { validate($0).firstInvalid }
    }

    /// The first byte of 0x80 or above (`buffer.count` when none) and the
    /// first ill-formed UTF-8 sequence (`firstInvalidUTF8Offset`), in one
    /// pass: runs of ASCII are skipped 32 bytes, then 8 bytes at a time.
    static func validate(_ buffer: UnsafeBufferPointer<UInt8>) -> (firstNonASCII: Int, firstInvalid: Int?) {
        guard let base = buffer.baseAddress else { return (0, nil) }
        let count = buffer.count
        var firstNonASCII = count
        var index = 0
        while index < count {
            // ASCII, 32 then 8 bytes at a time.
            while index + 32 <= count {
                let raw = UnsafeRawPointer(base + index)
                let word = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 32
            }
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 {
                    // The first byte of 0x80 or above in the word (little- or big-endian).
                    let high = (word & 0x8080_8080_8080_8080).littleEndian
                    index += high.trailingZeroBitCount / 8
                    break
                }
                index += 8
            }
            guard index < count else { break }
            let lead = buffer[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            if firstNonASCII == count { firstNonASCII = index }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return (firstNonASCII, index)
            }
            guard index + length <= count else { return (firstNonASCII, index) }
            let second = buffer[index + 1]
            guard second >= lower && second <= upper else { return (firstNonASCII, index) }
            var next = index + 2
            while next < index + length {
                guard buffer[next] & 0xC0 == 0x80 else { return (firstNonASCII, index) }
                next += 1
            }
            index += length
        }
        return (firstNonASCII, nil)
    }

    /// The offset of the first NUL byte among the first `length` bytes.
    private static func firstNUL(in bytes: [UInt8], within length: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, Swift.min(length, buffer.count)) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Line (from 1) and column (Unicode scalars from 1, a leading byte
    /// order mark not counted) of `offset`, where the bytes before `offset`
    /// are well-formed UTF-8.
    static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var lineStart = 0
        // Lines end at `\n`, `\r\n` or a lone `\r`, as everywhere in Tiledit.
        let end = Swift.min(offset, bytes.count)
        for index in 0..<end where bytes[index] == 0x0A || (bytes[index] == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
            line += 1
            lineStart = index + 1
        }
        if lineStart == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF && offset >= 3 {
            lineStart = 3
        }
        var column = 1
        for index in lineStart..<Swift.min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(line: line, column: column)
    }
}
