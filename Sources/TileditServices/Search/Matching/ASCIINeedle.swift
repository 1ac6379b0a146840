import Foundation

/// A lowercase ASCII word to find in UTF-8 text, ASCII letters compared
/// without case: the cheap test that text may hold a query word before it
/// is tokenized. The first byte is found with `memchr` in both cases.
struct ASCIINeedle: Sendable {
    /// The word, lowercase ASCII, not empty.
    let bytes: [UInt8]
    private let first: UInt8
    private let firstUpper: UInt8

    /// `nil` for an empty word or one with a byte of 0x80 or above.
    init?(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        self.bytes = bytes.map { $0 &- 0x41 < 26 ? $0 + 32 : $0 }
        first = self.bytes[0]
        firstUpper = first &- 0x61 < 26 ? first - 32 : first
    }

    /// Whether `text` holds the word.
    func occurs(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        forEachOccurrence(in: text) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the offset of each occurrence in `text`, in order,
    /// while it answers true.
    func forEachOccurrence(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        guard let base = text.baseAddress, bytes.count <= text.count else { return }
        let last = text.count - bytes.count
        func next(_ byte: UInt8, from start: Int) -> Int {
            guard start <= last, let found = memchr(base + start, Int32(byte), last + 1 - start) else { return Int.max }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var lower = next(first, from: 0)
        var upper = firstUpper == first ? lower : next(firstUpper, from: 0)
        while true {
            let candidate = Swift.min(lower, upper)
            guard candidate <= last else { return }
            var offset = 1
            while offset < bytes.count {
                let byte = text[candidate + offset]
                if (byte &- 0x41 < 26 ? byte + 32 : byte) != bytes[offset] { break }
                offset += 1
            }
            if offset == bytes.count && !body(candidate) { return }
            if lower == candidate { lower = next(first, from: candidate + 1) }
            if upper == candidate { upper = firstUpper == first ? lower : next(firstUpper, from: candidate + 1) }
        }
    }
}
