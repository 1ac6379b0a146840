import Testing
import TileditModel
import TileditFixtures
@testable import TileditServices

@Suite struct ContentCheckTests {
    @Test func acceptsUTF8TextWithByteOrderMarkAndEmoji() {
        #expect(ContentCheck.problem(in: [0xEF, 0xBB, 0xBF] + Array("# Café 🎉\n".utf8)) == nil)
    }

    @Test func reportsInvalidUTF8WithOffsetLineAndColumn() {
        let bytes = Array("title\nab".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        #expect(ContentCheck.problem(in: bytes) == .invalidUTF8(offset: 8, location: SourceLocation(line: 2, column: 3)))
    }

    @Test func columnsCountScalarsAndSkipTheByteOrderMark() {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("é".utf8) + [0xFF]
        #expect(ContentCheck.problem(in: bytes) == .invalidUTF8(offset: 5, location: SourceLocation(line: 1, column: 2)))
    }

    @Test(arguments: [
        [0xC0, 0xAF] as [UInt8],          // overlong "/"
        [0xED, 0xA0, 0x80],               // surrogate U+D800
        [0xF4, 0x90, 0x80, 0x80],         // above U+10FFFF
        [0xE2, 0x82],                     // truncated at the end
        [0x80],                           // lone continuation byte
    ])
    func rejectsIllFormedSequences(sequence: [UInt8]) {
        let bytes = Array("0123456789".utf8) + sequence
        #expect(ContentCheck.firstInvalidUTF8Offset(in: bytes) == 10)
    }

    @Test func treatsANulByteInTheFirst8KBAsBinary() {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
        bytes[42] = 0
        #expect(ContentCheck.problem(in: bytes) == .binary(offset: 42, location: SourceLocation(line: 1, column: 43)))
    }

    @Test func aNulByteAfterTheFirst8KBIsNotBinary() {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 9000)
        bytes[8500] = 0
        #expect(ContentCheck.problem(in: bytes) == nil)
    }

    @Test func reportsFilesOverTheLimit() {
        #expect(ContentCheck.problem(in: Array("12345".utf8), sizeLimit: 4) == .tooLarge(size: 5, limit: 4))
    }

    @Test func messagesNameThePathAndTheRemedy() {
        #expect(ContentProblem.invalidUTF8(offset: 8, location: SourceLocation(line: 2, column: 3)).message(path: "/w/a.md")
            == "/w/a.md is not valid UTF-8 at line 2, column 3 (byte 8); convert the file to UTF-8 to edit it.")
        #expect(ContentProblem.tooLarge(size: 300 * 1024 * 1024, limit: 256 * 1024 * 1024).message(path: "/w/big.md")
            == "/w/big.md is 300 MB; Tiledit opens files up to 256 MB. Split the file or edit it in another program.")
    }

    /// Table 3-7 of Unicode 15 read one byte at a time, the way the check
    /// read before it skipped ASCII 32 bytes at a time: the reference the
    /// generated inputs are held to.
    private static func referenceFirstInvalid(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let (length, lower, upper): (Int, UInt8, UInt8) = switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
            guard length > 0, index + length <= bytes.count, bytes[index + 1] >= lower, bytes[index + 1] <= upper else { return index }
            for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    @Test("the check's pass that skips ASCII runs finds the same first ill-formed byte and the first non-ASCII byte as a byte-by-byte read, on generated text")
    func generatedTextIsCheckedAsByteByByte() {
        var random = SeededGenerator(seed: 71)
        let pieces: [[UInt8]] = [
            Array("plain ascii words, ".utf8), Array(String(repeating: "x", count: 40).utf8), Array("é".utf8), Array("中文".utf8),
            Array("🎉".utf8), [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xFF], [0x0A],
        ]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                // Mostly valid text, so ill-formed bytes fall at every offset modulo 32.
                let piece = Int.random(in: 0..<10, using: &random) < 8 ? Int.random(in: 0..<5, using: &random) : Int.random(in: 0..<pieces.count, using: &random)
                bytes += pieces[piece]
            }
            let invalid = Self.referenceFirstInvalid(bytes)
            #expect(ContentCheck.firstInvalidUTF8Offset(in: bytes) == invalid, "\(bytes)")
            let examined = ContentCheck.examine(bytes)
            #expect(examined.problem == ContentCheck.problem(in: bytes))
            #expect(examined.problem == invalid.map { .invalidUTF8(offset: $0, location: ContentCheck.location(of: $0, in: bytes)) })
            if invalid == nil {
                #expect(examined.firstNonASCII == (bytes.firstIndex { $0 >= 0x80 } ?? bytes.count), "\(bytes)")
            }
        }
    }
}
