import Testing
@testable import TileditModel

/// libyaml's character indexes become the right UTF-8 byte offsets, in
/// any order, across ASCII runs, multi-byte characters and checkpoints.
@Suite("YAMLMarkConverter")
struct YAMLMarkConverterTests {
    /// The byte offset of every character of `text` counted from byte
    /// `base`, and one past the last.
    private static func expectedOffsets(_ text: String, base: Int) -> [Int] {
        var offsets: [Int] = []
        var offset = base
        for scalar in text.unicodeScalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        return offsets
    }

    /// ASCII runs longer than the converter's 4 KB look-ahead, single
    /// multi-byte characters of every width, and runs of them.
    private static let mixedText = (0..<40).map { index in
        String(repeating: "x", count: index * 250) + "é" + "日本" + "🚀" + String(repeating: "ü", count: index % 7)
    }.joined()

    @Test func forwardMarksGiveTheByteOffsetOfEveryCharacter() {
        let bytes = Array(Self.mixedText.utf8)
        let expected = Self.expectedOffsets(Self.mixedText, base: 0)

        let actual = bytes.withUnsafeBufferPointer { buffer in
            var converter = YAMLMarkConverter(bytes: buffer, base: 0)
            return expected.indices.map { converter.offset(ofCharacter: $0) }
        }

        #expect(actual == expected)
    }

    @Test func marksInAnyOrderGiveTheSameOffsets() {
        let bytes = Array(Self.mixedText.utf8)
        let expected = Self.expectedOffsets(Self.mixedText, base: 0)
        // A fixed scramble of every 50th index, jumping back and forth.
        let order = stride(from: 0, to: expected.count, by: 50).map { ($0 * 7_919) % expected.count }

        let actual = bytes.withUnsafeBufferPointer { buffer in
            var converter = YAMLMarkConverter(bytes: buffer, base: 0)
            return order.map { converter.offset(ofCharacter: $0) }
        }

        #expect(actual == order.map { expected[$0] })
    }

    @Test func characterZeroIsTheBaseAfterAByteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("aé🚀b".utf8)

        let actual = bytes.withUnsafeBufferPointer { buffer in
            var converter = YAMLMarkConverter(bytes: buffer, base: 3)
            return (0...4).map { converter.offset(ofCharacter: $0) }
        }

        #expect(actual == [3, 4, 6, 10, 11])
    }

    @Test func aCharacterPastTheEndGivesTheByteCount() {
        let bytes = Array("ab€".utf8)

        let actual = bytes.withUnsafeBufferPointer { buffer in
            var converter = YAMLMarkConverter(bytes: buffer, base: 0)
            return [converter.offset(ofCharacter: 10), converter.offset(ofCharacter: 2), converter.offset(ofCharacter: 99)]
        }

        #expect(actual == [5, 2, 5])
    }
}
