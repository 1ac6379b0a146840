import Testing
import TileditModel
import TileditServices

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
}
