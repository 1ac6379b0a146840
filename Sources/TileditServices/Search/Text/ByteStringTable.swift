import Foundation

/// Distinct byte strings, each with an identity (0, 1, 2… in order of
/// first insertion): the terms of a search index, kept as bytes in one
/// buffer rather than as `String`s, found through an open-addressing hash
/// table (FNV-1a, linear probing, at most half full).
struct ByteStringTable: Sendable {
    /// Every string's bytes, one after another.
    private(set) var storage: [UInt8] = []
    /// Where each string starts in `storage`; one more entry: the end.
    private(set) var starts: [UInt32] = [0]
    private var hashes: [UInt32] = []
    /// Identity + 1 of the string in each slot; 0: empty. A power of two long.
    private var slots: [UInt32] = Array(repeating: 0, count: 64)

    init() {}

    /// Number of strings.
    var count: Int { hashes.count }

    /// The identity of `bytes`, added when new.
    @discardableResult
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let id = Int(entry - 1)
            if hashes[id] == hash && equals(id, bytes) { return UInt32(id) }
            slot = (slot + 1) & mask
        }
        let id = UInt32(hashes.count)
        hashes.append(hash)
        storage.append(contentsOf: bytes)
        starts.append(UInt32(truncatingIfNeeded: storage.count))
        slots[slot] = id + 1
        if hashes.count * 2 > slots.count { grow() }
        return id
    }

    /// The identity of `bytes`, or `nil` when it is not in the table.
    func identity(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let id = Int(entry - 1)
            if hashes[id] == hash && equals(id, bytes) { return UInt32(id) }
            slot = (slot + 1) & mask
        }
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

    private func equals(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[id])
        let end = Int(starts[id + 1])
        guard end - start == bytes.count else { return false }
        guard let other = bytes.baseAddress else { return true }
        return storage.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            return memcmp(base + start, other, bytes.count) == 0
        }
    }

    private mutating func grow() {
        var grown = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = UInt32(id + 1)
        }
        slots = grown
    }

    /// A multiply-and-rotate hash of eight bytes at a time (FNV-1a's
    /// constants), folded to 32 bits.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                hash = (hash ^ word) &* 0x0000_0100_0000_01B3
                hash = hash << 29 | hash >> 35
                index += 8
            }
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32)
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
        slots = [UInt32](repeating: 0, count: size)
        self.storage = storage
        self.starts = starts
        hashes.reserveCapacity(starts.count - 1)
        let mask = size - 1
        let duplicate: Bool = storage.withUnsafeBufferPointer { buffer in
            for id in 0..<(starts.count - 1) {
                let bytes = UnsafeBufferPointer(rebasing: buffer[Int(starts[id])..<Int(starts[id + 1])])
                let hash = Self.hash(bytes)
                var slot = Int(hash) & mask
                while slots[slot] != 0 {
                    let other = Int(slots[slot] - 1)
                    if hashes[other] == hash && equals(other, bytes) { return true }
                    slot = (slot + 1) & mask
                }
                hashes.append(hash)
                slots[slot] = UInt32(id + 1)
            }
            return false
        }
        if duplicate { return nil }
    }
}
