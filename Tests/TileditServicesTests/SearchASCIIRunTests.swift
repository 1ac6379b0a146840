import Testing
@testable import TileditServices
import TileditFixtures

/// What the tokenizer gives for `bytes`: each token's kind, range,
/// position, whether it starts a run, and its folded and accent-free forms.
private func tokens(of bytes: [UInt8], usingASCIIRuns: Bool) -> [String] {
    var tokenizer = SearchTokenizer()
    tokenizer.usesASCIIRuns = usingASCIIRuns
    var result: [String] = []
    var position = 7
    bytes.withUnsafeBufferPointer { buffer in
        tokenizer.forEachToken(in: buffer, position: &position) { token, folded, stripped in
            result.append(
                "\(token.kind) \(token.range) \(token.position) \(token.startsRun) "
                    + String(decoding: folded, as: UTF8.self) + "/" + String(decoding: stripped, as: UTF8.self))
        }
    }
    result.append("end \(position)")
    return result
}

/// Text of random pieces: ASCII words of 1 to 20 letters and digits in
/// mixed case (runs longer than eight bytes, ending anywhere in a word),
/// the characters that join or end words, and non-ASCII letters, marks,
/// joiners, CJK, Hebrew, Thai, emoji and fullwidth letters around them.
private func mixedText(_ random: inout SeededGenerator) -> [UInt8] {
    let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@".utf8)
    let others = [
        " ", " ", "  ", "\t", "\n", ".", "'", ",", ";", "_", ":", "-", "\"", "`", "[", "]", "{", "~", "/", "\u{7F}", "\u{0}",
        "é", "É", "ß", "\u{301}", "ﬁ", "İ", "東", "京", "都", "か", "カ", "한", "국", "ש", "ל", "ไทย", "\u{200D}", "😀", "👍🏽", "ｆ", "Ａ",
        "٣", "·", "’", "\u{AD}", "\u{FE0F}", "ǅ",
    ].map { Array($0.utf8) }
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 0...40, using: &random) {
        if Bool.random(using: &random) {
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                bytes.append(alphanumerics[Int.random(in: 0..<alphanumerics.count, using: &random)])
            }
        } else {
            bytes += others[Int.random(in: 0..<others.count, using: &random)]
        }
    }
    return bytes
}

@Suite struct SearchASCIIRunTests {
    @Test func theASCIIRunFastPathGivesTheTermsAndPositionsOfTheGeneralPath() {
        var random = SeededGenerator(seed: 2026_12_02)
        for _ in 0..<3_000 {
            let bytes = mixedText(&random)
            let fast = tokens(of: bytes, usingASCIIRuns: true)
            let general = tokens(of: bytes, usingASCIIRuns: false)
            #expect(fast == general, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if fast != general { return }
        }
    }

    @Test func everyByteIsClassifiedInEveryLaneAsByteByByte() {
        for lane in 0..<8 {
            for value in 0...255 {
                let byte = UInt8(value)
                // The other lanes hold a letter and a space: neither may leak into this one.
                let filler: UInt64 = lane % 2 == 0 ? 0x2020_2020_2020_2020 : 0x5A5A_5A5A_5A5A_5A5A
                let shift = UInt64(8 * lane)
                let word = filler & ~(0xFF << shift) | UInt64(byte) << shift
                let (alphanumeric, uppercase) = ASCIIRun.classify(word)
                #expect(((alphanumeric >> shift) & 0x80 != 0) == WordBreakClass.isASCIIAlphanumeric(byte), "\(byte) in lane \(lane)")
                #expect(((uppercase >> shift) & 0x80 != 0) == (byte &- 0x41 < 26), "\(byte) in lane \(lane)")
            }
        }
    }

    @Test func lowercasingChangesOnlyASCIIUppercaseLetters() {
        var random = SeededGenerator(seed: 12)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...30, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var lowered = bytes
            lowered.withUnsafeMutableBufferPointer { ASCIIRun.lowercase($0) }
            #expect(lowered == bytes.map { $0 &- 0x41 < 26 ? $0 + 32 : $0 })
        }
    }

    @Test func theTermTableGivesEachDistinctStringOneIdentityInOrderOfFirstInsertion() throws {
        var random = SeededGenerator(seed: 99)
        var table = ByteStringTable()
        var expected: [[UInt8]: UInt32] = [:]
        var order: [[UInt8]] = []
        // A small alphabet with NUL: strings sharing their first eight bytes, differing only in length or after them.
        let alphabet: [UInt8] = [0, 0x61, 0x62, 0xC3]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...(Bool.random(using: &random) ? 4 : 24), using: &random)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let id = bytes.withUnsafeBufferPointer { table.intern($0) }
            if let known = expected[bytes] {
                #expect(id == known)
            } else {
                #expect(id == UInt32(order.count))
                expected[bytes] = id
                order.append(bytes)
            }
        }
        #expect(table.count == order.count)
        let rebuilt = try #require(ByteStringTable(storage: table.storage, starts: table.starts))
        for (id, bytes) in order.enumerated() {
            #expect(Array(table.bytes(of: UInt32(id))) == bytes)
            #expect(bytes.withUnsafeBufferPointer { rebuilt.identity(of: $0) } == UInt32(id))
        }
        let absent: [UInt8] = Array(repeating: 0x61, count: 30)
        #expect(absent.withUnsafeBufferPointer { table.identity(of: $0) } == nil)
    }
}
