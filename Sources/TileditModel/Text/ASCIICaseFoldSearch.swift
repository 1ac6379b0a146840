/// Substring search in UTF-8 bytes with ASCII letters compared without
/// case: the cheap test that a text may hold a search term before it is
/// tokenized, or that a key names a secret. Bytes of 0x80 and above
/// compare exactly.
package enum ASCIICaseFoldSearch {
    /// Whether `haystack` contains `needle` (lowercase ASCII bytes); an
    /// empty needle is contained in everything.
    package static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { contains(needle, in: $0) }
    }

    /// Whether the UTF-8 of `text` contains `needle` (lowercase ASCII bytes).
    package static func contains(_ needle: [UInt8], in text: String) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ contains(needle, in: $0) }) { return found }
        return contains(needle, in: Array(text.utf8))
    }

    package static func contains(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= text.count else { return false }
        let firstUpper = first >= 0x61 && first <= 0x7A ? first - 32 : first
        var start = 0
        let last = text.count - needle.count
        while start <= last {
            let byte = text[start]
            if byte == first || byte == firstUpper {
                var offset = 1
                while offset < needle.count {
                    var candidate = text[start + offset]
                    if candidate >= 0x41 && candidate <= 0x5A { candidate += 32 }
                    if candidate != needle[offset] { break }
                    offset += 1
                }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
