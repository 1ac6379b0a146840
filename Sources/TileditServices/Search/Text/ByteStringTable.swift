import Foundation

/// Distinct byte strings, each with an identity (0, 1, 2… in order of
/// first insertion): the terms of a search index, kept as bytes in one
/// buffer rather than as `String`s, found through an open-addressing hash
/// table (linear probing, at most half full). Each slot is 16 bytes: the
/// string's tag (24 bits of hash, its length) beside its identity, and its
/// first eight bytes, so finding a string of up to eight bytes (most
/// terms) reads one slot and nothing else; longer ones compare the rest of
/// their bytes when tag and first bytes agree.
struct ByteStringTable: Sendable {
    /// Every string's bytes, one after another.
    private(set) var storage: [UInt8] = []
    /// Where each string starts in `storage`; one more entry: the end.
    private(set) var starts: [UInt32] = [0]
    /// Per slot, two words: tag << 32 | (identity + 1) (0: empty), and the
    /// string's first eight bytes (little-endian, zero after its end).
    /// Twice a power of two long.
    private var slots: [UInt64] = Array(repeating: 0, count: 128)

    init() {}

    /// Number of strings.
    var count: Int { starts.count - 1 }

    /// The identity of `bytes`, added when new.
    @discardableResult
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let key = Self.key(bytes)
        let (found, slot) = find(bytes, key: key)
        if let found { return found }
        let id = UInt32(count)
        storage.append(contentsOf: bytes)
        starts.append(UInt32(truncatingIfNeeded: storage.count))
        slots[2 * slot] = UInt64(key.tag) << 32 | UInt64(id + 1)
        slots[2 * slot + 1] = key.prefix
        if count * 4 > slots.count { grow() }
        return id
    }

    /// The identity of `bytes`, or `nil` when it is not in the table.
    func identity(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        find(bytes, key: Self.key(bytes)).id
    }

    /// The identity of `bytes` if present, and the slot it is in or would go in.
    @inline(__always)
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, key: Key) -> (id: UInt32?, slot: Int) {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count / 2 - 1
            var slot = Self.probeStart(key.tag) & mask
            while true {
                let entry = slots[2 * slot]
                if entry == 0 { return (nil, slot) }
                if UInt32(truncatingIfNeeded: entry >> 32) == key.tag && slots[2 * slot + 1] == key.prefix {
                    let id = Int(UInt32(truncatingIfNeeded: entry) - 1)
                    // Same length and first eight bytes: only a longer string has more to compare.
                    if bytes.count <= 8 || restEqual(id, bytes) { return (UInt32(id), slot) }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether the bytes after the first eight of string `id` equal those
    /// of `bytes` (of the same length).
    private func restEqual(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        starts.withUnsafeBufferPointer { starts in
            storage.withUnsafeBufferPointer { storage in
                let start = Int(starts[id])
                guard Int(starts[id + 1]) - start == bytes.count, let stored = storage.baseAddress else { return false }
                return Self.equal(stored + start + 8, bytes.baseAddress.map { $0 + 8 }, bytes.count - 8)
            }
        }
    }

    /// Whether `length` bytes at `lhs` and `rhs` are equal (no bytes:
    /// equal), eight at a time (terms are short: no call to `memcmp`).
    @inline(__always)
    private static func equal(_ lhs: UnsafePointer<UInt8>?, _ rhs: UnsafePointer<UInt8>?, _ length: Int) -> Bool {
        guard length > 0 else { return true }
        guard let lhs, let rhs else { return false }
        var index = 0
        while index + 8 <= length {
            if UnsafeRawPointer(lhs + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(rhs + index).loadUnaligned(as: UInt64.self) {
                return false
            }
            index += 8
        }
        while index < length {
            if lhs[index] != rhs[index] { return false }
            index += 1
        }
        return true
    }

    /// The identity of the UTF-8 of `text`, or `nil`.
    func identity(of text: String) -> UInt32? {
        var text = text
        return text.withUTF8 { identity(of: $0) }
    }

    /// The bytes of the string `id` (which must be below `count`).
    func bytes(of id: UInt32) -> ArraySlice<UInt8> {
        storage[Int(starts[Int(id)])..<Int(starts[Int(id) + 1])]
    }

    /// Calls `body` with the bytes of the string `id`.
    func withBytes<Result>(of id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let start = Int(starts[Int(id)])
        let end = Int(starts[Int(id) + 1])
        return try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    private mutating func grow() {
        var grown = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = grown.count / 2 - 1
        for slot in 0..<(slots.count / 2) where slots[2 * slot] != 0 {
            let entry = slots[2 * slot]
            var target = Self.probeStart(UInt32(truncatingIfNeeded: entry >> 32)) & mask
            while grown[2 * target] != 0 { target = (target + 1) & mask }
            grown[2 * target] = entry
            grown[2 * target + 1] = slots[2 * slot + 1]
        }
        slots = grown
    }

    /// What a slot keeps of a string to find it: its tag (the top 24 bits
    /// of its hash, its length up to 255 in the low 8) and its first eight
    /// bytes.
    struct Key {
        var tag: UInt32
        var prefix: UInt64
    }

    /// The first probe of a tag: from its hash bits, not its length.
    @inline(__always)
    private static func probeStart(_ tag: UInt32) -> Int {
        Int(tag >> 8)
    }

    /// The key of `bytes`: `hash` and the first eight bytes.
    @inline(__always)
    static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Key {
        let (hash, prefix) = hashAndPrefix(bytes)
        return Key(tag: hash & 0xFFFF_FF00 | UInt32(Swift.min(bytes.count, 255)), prefix: prefix)
    }

    /// A multiply-and-rotate hash of eight bytes at a time (FNV-1a's
    /// constants; the last bytes gathered into one word, so a short term
    /// takes one multiplication), folded to 32 bits.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        hashAndPrefix(bytes).hash
    }

    /// `hash(bytes)`, and the first eight bytes as one little-endian word
    /// (zero after the end), read on the way.
    @inline(__always)
    private static func hashAndPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt32, prefix: UInt64) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var prefix: UInt64 = 0
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if index == 0 { prefix = word }
                hash = (hash ^ word) &* 0x0000_0100_0000_01B3
                hash = hash << 29 | hash >> 35
                index += 8
            }
        }
        if index < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
            if bytes.count < 8 { prefix = tail }
            hash = (hash ^ tail) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 29
        return (UInt32(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32), prefix)
    }
}

extension ByteStringTable {
    /// The table holding the strings `storage[starts[i]..<starts[i + 1]]`
    /// as identities `i`; `nil` when `starts` is not a sequence of offsets
    /// into `storage` from 0 to its end, or a string occurs twice.
    init?(storage: [UInt8], starts: [UInt32]) {
        guard let first = starts.first, first == 0, let last = starts.last, Int(last) == storage.count else { return nil }
        for index in 1..<starts.count where starts[index] < starts[index - 1] { return nil }
        self.init()
        var size = 64
        while size < (starts.count - 1) * 2 + 2 { size *= 2 }
        slots = [UInt64](repeating: 0, count: 2 * size)
        self.storage = storage
        self.starts = starts
        let duplicate: Bool = storage.withUnsafeBufferPointer { buffer in
            for id in 0..<(starts.count - 1) {
                let bytes = UnsafeBufferPointer(rebasing: buffer[Int(starts[id])..<Int(starts[id + 1])])
                let key = Self.key(bytes)
                let (found, slot) = find(bytes, key: key)
                if found != nil { return true }
                slots[2 * slot] = UInt64(key.tag) << 32 | UInt64(id + 1)
                slots[2 * slot + 1] = key.prefix
            }
            return false
        }
        if duplicate { return nil }
    }
}
