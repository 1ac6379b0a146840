import Testing
import TileditLanguageServer

@Suite("Message framing")
struct MessageFrameDecoderTests {
    private func frames(_ chunks: [String]) -> [MessageFrameDecoder.Frame] {
        var decoder = MessageFrameDecoder()
        var result: [MessageFrameDecoder.Frame] = []
        for chunk in chunks {
            decoder.append(Array(chunk.utf8))
            while let frame = decoder.next() { result.append(frame) }
        }
        return result
    }

    private func message(_ text: String) -> MessageFrameDecoder.Frame { .message(Array(text.utf8)) }

    @Test func framesSplitAcrossReadsAndSharingAReadAreAllFound() {
        #expect(frames(["Content-Le", "ngth: 2\r\n\r", "\n{}Content-Length: 3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1]", "Content-Length: 1\r\n\r\n"]) == [
            message("{}"), message("[1]"),
        ])
    }

    @Test func aBodyIsCountedInBytesNotCharacters() {
        #expect(frames(["Content-Length: 8\r\n\r\n\"é", "😀\"Content-Length: 2\r\n\r\n[]"]) == [message("\"é😀\""), message("[]")])
    }

    @Test func badHeadersAreReportedAndSkippedAndTheStreamGoesOn() {
        #expect(frames(["Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}"]) == [
            .malformed("a message header without Content-Length"), message("{}"),
        ])
        #expect(frames(["Content-Length: many\r\n\r\nContent-Length: 1\r\n\r\n1"]) == [
            .malformed("an unreadable Content-Length `many`"), message("1"),
        ])
        #expect(frames(["Content-Length: 2\r\nbroken line\r\n\r\nxxContent-Length: 1\r\n\r\n2"]) == [
            .malformed("a header line without `:`"), message("2"),
        ])
        let endless = String(repeating: "x", count: MessageFrameDecoder.maximumHeaderLength + 1)
        #expect(frames([endless, "Content-Length: 1\r\n\r\n3"]) == [
            .malformed("a message header longer than 8192 bytes"), message("3"),
        ])
    }

    @Test func aFrameIsTheContentLengthHeaderAndTheBody() {
        #expect(MessageFrameDecoder.frame(Array("{}".utf8)) == Array("Content-Length: 2\r\n\r\n{}".utf8))
    }
}
