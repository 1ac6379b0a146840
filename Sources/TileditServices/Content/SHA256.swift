/// SHA-256 (FIPS 180-4), written here because Linux has no CryptoKit and no
/// outside package can be fetched. Used for change detection and journal
/// keys, not for security.
struct SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// The digest of `bytes` (32 bytes).
    static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        length &+= UInt64(bytes.count)
        let handled: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            absorb(UnsafeRawBufferPointer(buffer))
            return true
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { absorb($0) }
        }
    }

    mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        pending = []
        tail.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + 64)]))
                offset += 64
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            result += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return result
    }

    private mutating func absorb(_ buffer: UnsafeRawBufferPointer) {
        var offset = 0
        if !pending.isEmpty {
            let take = Swift.min(64 - pending.count, buffer.count)
            pending += buffer[0..<take]
            offset = take
            guard pending.count == 64 else { return }
            let block = pending
            pending = []
            block.withUnsafeBytes { compress($0) }
        }
        while buffer.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + 64)]))
            offset += 64
        }
        if offset < buffer.count { pending += buffer[offset...] }
    }

    /// One 64-byte block of the compression function (FIPS 180-4 section 6.2.2).
    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        state = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
            for index in 0..<16 {
                let base = index * 4
                words[index] = UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8 | UInt32(block[base + 3])
            }
            for index in 16..<64 {
                let w15 = words[index - 15]
                let w2 = words[index - 2]
                let sigma0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
                let sigma1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
                words[index] = words[index - 16] &+ sigma0 &+ words[index - 7] &+ sigma1
            }
            var (a, b, c, d, e, f, g, h) = state
            for index in 0..<64 {
                let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ Self.roundConstants[index] &+ words[index]
                let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = sum0 &+ majority
                h = g
                g = f
                f = e
                e = d &+ temp1
                d = c
                c = b
                b = a
                a = temp1 &+ temp2
            }
            return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
