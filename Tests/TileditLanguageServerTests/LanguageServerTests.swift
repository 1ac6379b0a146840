import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditLanguageServer

/// The messages a server sent, in order.
final class Outbox: Sendable {
    private let messages = Mutex<[JSON]>([])

    func record(_ body: [UInt8]) {
        let message = (try? JSONParser.parse(body)) ?? .string("unreadable: \(String(decoding: body, as: UTF8.self))")
        messages.withLock { $0.append(message) }
    }

    var all: [JSON] { messages.withLock { $0 } }

    /// The response to request `id`, once it has been sent (yields while waiting).
    func response(to id: Int) async -> JSON? {
        for _ in 0..<100_000 {
            if let found = all.first(where: { $0["id"]?.int == id }) { return found }
            await Task.yield()
        }
        return nil
    }

    func publications() -> [JSON] { all.filter { $0["method"]?.string == "textDocument/publishDiagnostics" } }
}

@Suite("Language server")
struct LanguageServerTests {
    let clock = ManualClock()
    let outbox = Outbox()

    private func makeServer(workspace: WorkspaceClient? = nil) -> LanguageServer {
        let outbox = outbox
        return LanguageServer(dependencies: .init(
            send: { outbox.record($0) }, clock: clock, diagnosticsDelay: .milliseconds(5),
            fileSystem: .live, workspaceClient: workspace ?? .failing(.missing(path: "/nowhere")), version: "test"))
    }

    private func send(_ server: LanguageServer, _ text: String) async {
        await server.receive(.message(Array(text.utf8)))
    }

    private func initialize(_ server: LanguageServer, encodings: String = "[]", root: String = "null") async {
        await send(server, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":\#(root),"capabilities":{"general":{"positionEncodings":\#(encodings)}}}}"#)
        await send(server, #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    }

    private func open(_ server: LanguageServer, _ uri: String, _ text: String, version: Int = 1) async {
        let json = JSON.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("markdown")), ("version", .int(version)), ("text", .string(text))])),
        ]))])
        await server.receive(.message(json.serialized))
    }

    private func summary(_ publication: JSON) -> [String] {
        (publication["params"]?["diagnostics"]?.array ?? []).map { diagnostic in
            let range = LSPRange(json: diagnostic["range"]).map(\.description) ?? "?"
            return "\(range) \(diagnostic["severity"]?.int ?? 0) \(diagnostic["code"]?.string ?? ""): \(diagnostic["message"]?.string ?? "")"
        }
    }

    @Test func diagnosticsArePublishedOnceTheDelayPassesWithoutAnotherChange() async {
        let server = makeServer()
        await initialize(server)
        await open(server, "file:///w/a.md", ":::tile callout\nid: Bad Id\n:::\n")
        await clock.waitForSleepers(1)
        await clock.advance(by: .milliseconds(4))
        #expect(outbox.publications().isEmpty)
        await send(server, #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///w/a.md","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":4},"end":{"line":1,"character":7}},"text":"My"}]}}"#)
        await clock.waitForSleepers(1)
        await clock.advance(by: .milliseconds(4))
        #expect(outbox.publications().isEmpty)
        await clock.advance(by: .milliseconds(1))
        for _ in 0..<1000 where outbox.publications().isEmpty { await Task.yield() }
        let publications = outbox.publications()
        #expect(publications.count == 1)
        #expect(publications.first?["params"]?["version"]?.int == 2)
        #expect(publications.first.map(summary) == [
            "1:4-1:9 1 tile.invalid-id: `id` must be lowercase kebab-case (letters, digits and single hyphens), e.g. `intro-note`; found `My Id`",
        ])
        #expect(await server.openDocument("file:///w/a.md")?.storage.bytes == Array(":::tile callout\nid: My Id\n:::\n".utf8))
    }

    @Test func positionsAreUTF8WhenTheClientOffersIt() async {
        let server = makeServer()
        await initialize(server, encodings: #"["utf-8","utf-16"]"#)
        #expect(await outbox.response(to: 0)?["result"]?["capabilities"]?["positionEncoding"]?.string == "utf-8")
        await open(server, "file:///w/a.md", ":::tile callout\ntitle: 😀\nid: Ünïcode 😀\n:::\n")
        await clock.waitForSleepers(1)
        await clock.advance(by: .milliseconds(5))
        for _ in 0..<1000 where outbox.publications().isEmpty { await Task.yield() }
        // `Ünïcode 😀` is 14 bytes (10 UTF-16 units).
        #expect(outbox.publications().first.map(summary)?.first?.hasPrefix("2:4-2:18 1 tile.invalid-id") == true)
    }

    @Test func aCancelledRequestStopsAndAnswersRequestCancelled() async throws {
        let clock = clock
        // Discovery that never finishes unless cancelled: workspace symbols wait for it.
        let server = makeServer(workspace: WorkspaceClient(
            discover: { _ in
                try await clock.sleep(for: .seconds(3600))
                throw CancellationError()
            },
            summarize: { _, _ in throw CancellationError() }))
        await initialize(server, root: #""file:///w""#)
        await send(server, #"{"jsonrpc":"2.0","id":7,"method":"workspace/symbol","params":{"query":"intro"}}"#)
        #expect(await server.runningRequestCount == 1)
        await send(server, #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
        let response = await outbox.response(to: 7)
        #expect(response?["error"]?["code"]?.int == -32800)
        #expect(await server.runningRequestCount == 0)
        #expect(await server.clientWentAway() == 1)
    }

    @Test func malformedAndUnknownMessagesGetErrorResponses() async {
        let server = makeServer()
        await send(server, #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#)
        await initialize(server)
        await server.receive(.message(Array("{not json".utf8)))
        await server.receive(.malformed("a message header without Content-Length"))
        await send(server, "[1,2]")
        await send(server, #"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#)
        await send(server, #"{"jsonrpc":"2.0","id":2,"method":"textDocument/unknown","params":{}}"#)
        await send(server, #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///not-open.md"},"position":{"line":0,"character":0}}}"#)
        await send(server, #"{"jsonrpc":"2.0","method":"textDocument/unknownNotification","params":{}}"#)
        _ = await outbox.response(to: 3)
        let errors = outbox.all.compactMap { message -> String? in
            guard let error = message["error"] else { return nil }
            return "\(message["id"]?.int.map(String.init) ?? "null") \(error["code"]?.int ?? 0)"
        }
        #expect(errors == ["1 -32002", "null -32700", "null -32700", "null -32600", "null -32600", "2 -32601", "3 -32602"])
        await send(server, #"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#)
        await send(server, #"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(await server.exitStatus == 0)
    }

    @Test func closingADocumentDropsItAndClearsItsDiagnostics() async {
        let server = makeServer()
        await initialize(server)
        for number in 0..<50 {
            await open(server, "file:///w/\(number).md", ":::tile nope\n:::\n")
            await send(server, #"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///w/\#(number).md"}}}"#)
        }
        #expect(await server.openDocumentCount == 0)
        #expect(await server.pendingPublicationCount == 0)
        #expect(outbox.publications().count == 50)
        #expect(outbox.publications().allSatisfy { $0["params"]?["diagnostics"]?.array?.isEmpty == true })
    }

    @Test func incrementalChangesGiveTheSameTextAsTheClient() async {
        let server = makeServer()
        await initialize(server)
        var text = "# Title\r\n\r\nSome 😀 text\rwith a lone CR\n"
        await open(server, "file:///w/a.md", text)
        var generator = SplitMix(seed: 11)
        let pieces = ["x", "\r\n", "\n", "😀", "é", ":::tile callout\n", ":::\n", ""]
        for version in 2..<200 {
            // The client's side: positions in UTF-16, lines split at CR, LF and CRLF.
            let utf16 = Array(text.utf16)
            let lower = Int(generator.next() % UInt64(utf16.count + 1))
            let upper = Swift.min(utf16.count, lower + Int(generator.next() % 4))
            guard let start = Self.position(ofUTF16: lower, in: utf16), let end = Self.position(ofUTF16: upper, in: utf16) else { continue }
            let inserted = pieces[Int(generator.next() % UInt64(pieces.count))]
            text = String(decoding: utf16[..<start.offset] + Array(inserted.utf16) + utf16[end.offset...], as: UTF16.self)
            let change = JSON.object([
                ("range", LSPRange(start: start.position, end: end.position).json), ("text", .string(inserted)),
            ])
            let message = JSON.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")), ("params", .object([
                ("textDocument", .object([("uri", .string("file:///w/a.md")), ("version", .int(version))])),
                ("contentChanges", .array([change])),
            ]))])
            await server.receive(.message(message.serialized))
        }
        let document = await server.openDocument("file:///w/a.md")
        #expect(document.map { String(decoding: $0.storage.bytes, as: UTF8.self) } == text)
        #expect(document?.lines == LineTable(Array(text.utf8)))
        #expect(document?.model.markdown.map { String(decoding: $0.bytes, as: UTF8.self) } == text)
    }

    /// The LSP position of UTF-16 offset `offset` (moved back off a low surrogate), with that offset.
    static func position(ofUTF16 offset: Int, in units: [UInt16]) -> (position: LSPPosition, offset: Int)? {
        var target = offset
        if target > 0 && target < units.count && UTF16.isTrailSurrogate(units[target]) { target -= 1 }
        var line = 0
        var lineStart = 0
        var index = 0
        while index < target {
            if units[index] == 0x0A || (units[index] == 0x0D && (index + 1 >= units.count || units[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        // A position between CR and LF is not a place a client sends.
        if target > 0 && target < units.count && units[target - 1] == 0x0D && units[target] == 0x0A { return nil }
        return (LSPPosition(line: line, character: target - lineStart), target)
    }
}
