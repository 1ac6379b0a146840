/// Runs of ASCII letters and digits (`@` counting as a letter, as
/// `WordBreakClass.isASCIIAlphanumeric` has it) read eight bytes at a time:
/// each byte's class is worked out in its lane of one 64-bit word, so the
/// tokenizer's most common case, a plain word, costs a few instructions per
/// eight bytes instead of a few per byte.
enum ASCIIRun {
    /// `byte` in every lane.
    @inline(__always)
    private static func lanes(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The high bit of each lane of `word` (every lane below 0x80) whose
    /// byte is in `low...high`: `x + (0x80 - low)` reaches the high bit
    /// exactly when `x >= low`, `x + (0x7F - high)` when `x > high`, and
    /// neither sum carries into the next lane.
    @inline(__always)
    private static func inRange(_ word: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
        (word &+ lanes(0x80 - low)) & ~(word &+ lanes(0x7F - high)) & lanes(0x80)
    }

    /// The high bit of each lane of the eight bytes `word` that is an ASCII
    /// letter, digit or `@`, and of each that is an uppercase ASCII letter.
    @inline(__always)
    static func classify(_ word: UInt64) -> (alphanumeric: UInt64, uppercase: UInt64) {
        let ascii = ~word & lanes(0x80)
        let low = word & lanes(0x7F)
        let letter = inRange(low | lanes(0x20), 0x61, 0x7A)
        let at = ~((low ^ lanes(0x40)) &+ lanes(0x7F)) & lanes(0x80)
        let digit = inRange(low, 0x30, 0x39)
        return ((letter | at | digit) & ascii, inRange(low, 0x41, 0x5A) & ascii)
    }

    /// Where the run of ASCII letters and digits starting at `start` ends
    /// (the offset of the first byte after it, or the text's end); sets
    /// `hasUppercase` when the run holds an uppercase letter.
    @inline(__always)
    static func end(in text: UnsafeBufferPointer<UInt8>, from start: Int, hasUppercase: inout Bool) -> Int {
        var index = start
        let count = text.count
        if let base = text.baseAddress {
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let (alphanumeric, uppercase) = classify(UInt64(littleEndian: word))
                let outside = ~alphanumeric & lanes(0x80)
                if outside == 0 {
                    if uppercase != 0 { hasUppercase = true }
                    index += 8
                    continue
                }
                // Lanes before the first byte outside the run (little-endian: the low ones).
                let inside = outside.trailingZeroBitCount / 8
                let before: UInt64 = inside == 0 ? 0 : ~0 >> UInt64(64 - 8 * inside)
                if uppercase & before != 0 { hasUppercase = true }
                return index + inside
            }
        }
        while index < count && WordBreakClass.isASCIIAlphanumeric(text[index]) {
            if text[index] &- 0x41 < 26 { hasUppercase = true }
            index += 1
        }
        return index
    }

    /// Lowercases the ASCII letters of `bytes` in place (other bytes stay).
    @inline(__always)
    static func lowercase(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        while index + 8 <= bytes.count {
            let raw = UnsafeMutableRawPointer(base + index)
            let word = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let upper = inRange(word & lanes(0x7F), 0x41, 0x5A) & ~word & lanes(0x80)
            raw.storeBytes(of: (word | upper >> 2).littleEndian, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            if bytes[index] &- 0x41 < 26 { bytes[index] += 32 }
            index += 1
        }
    }
}
