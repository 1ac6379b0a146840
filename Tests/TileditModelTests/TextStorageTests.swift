import Testing
@testable import TileditModel

/// A storage made from a file's bytes shares their buffer until it is
/// edited, and stays a value: edits change neither the bytes it was made
/// from nor its copies.
@Suite struct TextStorageTests {
    /// 100 KB of numbered lines (several chunks).
    static let bytes: [UInt8] = Array((0..<10_000).map { String(format: "line %05d\n", $0) }.joined().utf8)

    @Test func editsInEveryChunkGiveTheEditedBytesAndLeaveTheOriginalAndCopiesAlone() {
        let original = Self.bytes
        var storage = TextStorage(original)
        let copy = storage
        #expect(storage.bytes == original)
        #expect(storage.count == original.count)

        var expected = original
        // One edit inside a chunk, one across two chunks, one at each end.
        for (range, replacement) in [
            (20..<31, Array("changed\n".utf8)),
            ((TextStorage.preferredChunkSize - 5)..<(TextStorage.preferredChunkSize + 5), Array("across".utf8)),
            (0..<0, Array("start\n".utf8)),
        ] {
            storage.replace(range, with: replacement)
            expected.replaceSubrange(range, with: replacement)
        }
        storage.replace(storage.count..<storage.count, with: Array("end\n".utf8))
        expected.append(contentsOf: Array("end\n".utf8))

        #expect(storage.bytes == expected)
        #expect(storage.count == expected.count)
        #expect(storage[storage.count - 2] == UInt8(ascii: "d"))
        #expect(storage[TextStorage.preferredChunkSize..<(TextStorage.preferredChunkSize + 10)]
            == Array(expected[TextStorage.preferredChunkSize..<(TextStorage.preferredChunkSize + 10)]))
        #expect(original == Self.bytes)
        #expect(copy.bytes == Self.bytes)
        #expect(copy[50_000] == Self.bytes[50_000])
        storage.withContiguousBytes(in: 30_000..<30_011) { #expect(Array($0) == Array(expected[30_000..<30_011])) }
    }

    @Test func aChunkGrownPastTheLimitIsCutAgain() {
        var storage = TextStorage(Self.bytes)
        let inserted = [UInt8](repeating: UInt8(ascii: "x"), count: 3 * TextStorage.maximumChunkSize)
        storage.replace(100..<100, with: inserted)
        var expected = Self.bytes
        expected.insert(contentsOf: inserted, at: 100)
        #expect(storage.bytes == expected)
        #expect(storage[100 + inserted.count] == Self.bytes[100])
    }
}
