import CYAML

/// Converts libyaml's character indexes into byte offsets.
///
/// libyaml counts characters (Unicode scalars). In a run of ASCII bytes a
/// character is a byte, so the converter jumps across such runs (found
/// eight bytes at a time) and steps one character at a time only over
/// multi-byte ones. Marks mostly move forward; a mark behind the current
/// position restarts from the nearest checkpoint before it.
struct YAMLMarkConverter {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Byte offset of libyaml's character 0 (after a byte order mark).
    let base: Int
    private var characterIndex = 0
    private var byteOffset: Int
    /// The bytes from `byteOffset` up to here are ASCII; the byte here is
    /// not, or has not been looked at yet.
    private var asciiEnd: Int
    private var checkpoints: [(character: Int, byte: Int)]
    /// The character indexes, in the text libyaml read, of characters
    /// `YAMLInputPatches` inserted, ascending; marks after one are moved back.
    var insertedCharacters: [Int] = []
    /// Steps taken walking and restarting, for `ParseWorkCounter`.
    private(set) var steps = 0

    /// How far ahead one look for ASCII goes, so the scan stays near where
    /// libyaml reads (in the cache) instead of running over the whole file.
    private static let scanLength = 4096

    /// A converter for `bytes` (UTF-8), whose character 0 is at byte `base`.
    init(bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        self.bytes = bytes
        self.base = base
        byteOffset = base
        asciiEnd = base
        checkpoints = [(0, base)]
    }

    /// The byte offset of `mark`.
    @inline(__always)
    mutating func offset(_ mark: yaml_mark_t) -> Int {
        let index = Int(mark.index)
        guard !insertedCharacters.isEmpty else { return offset(ofCharacter: index) }
        var inserted = 0
        for character in insertedCharacters where character < index { inserted += 1 }
        return offset(ofCharacter: index - inserted)
    }

    /// The byte offset in `bytes` of character `target` counted from
    /// `base`; `bytes.count` for a character past the end.
    @inline(__always)
    mutating func offset(ofCharacter target: Int) -> Int {
        let remaining = target - characterIndex
        // Most marks fall in the ASCII run already found.
        if remaining >= 0 && remaining <= asciiEnd - byteOffset {
            byteOffset += remaining
            characterIndex = target
            return Swift.min(byteOffset, bytes.count)
        }
        return walk(to: target)
    }

    private mutating func walk(to target: Int) -> Int {
        if target < characterIndex { restart(before: target) }
        while characterIndex < target {
            steps += 1
            let remaining = target - characterIndex
            let asciiAhead = asciiEnd - byteOffset
            if remaining <= asciiAhead {
                byteOffset += remaining
                characterIndex = target
                break
            }
            byteOffset = asciiEnd
            characterIndex += asciiAhead
            guard byteOffset < bytes.count else { break }
            let lead = bytes[byteOffset]
            if lead >= 0x80 {
                byteOffset = Swift.min(byteOffset + (lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4), bytes.count)
                characterIndex += 1
            }
            if let last = checkpoints.last, characterIndex - last.character >= Self.scanLength {
                checkpoints.append((characterIndex, byteOffset))
            }
            asciiEnd = Self.asciiRunEnd(in: bytes, from: byteOffset, limit: byteOffset + Self.scanLength)
        }
        return Swift.min(byteOffset, bytes.count)
    }

    /// Moves back to the last checkpoint at or before character `target`.
    private mutating func restart(before target: Int) {
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if checkpoints[middle].character <= target { low = middle } else { high = middle - 1 }
        }
        characterIndex = checkpoints[low].character
        byteOffset = checkpoints[low].byte
        asciiEnd = byteOffset
        steps += 1
    }

    /// The first byte at or after `start` (and before `limit`) that is not
    /// ASCII, or the limit (clamped to the end of `bytes`).
    private static func asciiRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        let end = Swift.min(limit, bytes.count)
        var position = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while position + 8 <= end {
                if raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
                position += 8
            }
        }
        while position < end && bytes[position] < 0x80 { position += 1 }
        return position
    }
}
