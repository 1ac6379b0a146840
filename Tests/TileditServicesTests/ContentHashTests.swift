import Testing
@testable import TileditServices

@Suite struct ContentHashTests {
    /// FIPS 180-4 example vectors (NIST "SHA256.pdf", "SHA2_Additional.pdf").
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func hashesKnownVectors(input: String, expected: String) {
        #expect(ContentHash(of: Array(input.utf8)).hex == expected)
    }

    @Test func hashesOneMillionLetters() {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(ContentHash(of: input).hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [1, 3, 55, 56, 63, 64, 65, 1000])
    func chunkedUpdatesGiveTheOneShotDigest(chunkSize: Int) {
        let input = (0..<3001).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = SHA256()
        var offset = 0
        while offset < input.count {
            hasher.update(input[offset..<min(offset + chunkSize, input.count)])
            offset += chunkSize
        }
        #expect(hasher.finalize() == SHA256.digest(input))
    }

    @Test func hexadecimalTextRoundTrips() throws {
        let hash = ContentHash(of: Array("abc".utf8))
        #expect(ContentHash(hex: hash.hex) == hash)
        #expect(ContentHash(hex: hash.hex.uppercased()) == hash)
        #expect(ContentHash(hex: "abc") == nil)
        #expect(ContentHash(hex: String(repeating: "g", count: 64)) == nil)
    }
}
