import Foundation
import Synchronization
import TileditFixtures
import TileditLanguageServer
import TileditModel

/// Keystroke to published diagnostics in the language server: one
/// `textDocument/didChange` of one character (typed, then deleted, at the
/// start of a paragraph in the middle of the document), framed as a client
/// sends it, through JSON reading, the incremental re-parse, the
/// diagnostics delay (5 ms, the server's default, on the real clock) and
/// the `publishDiagnostics` notification serialized to JSON. On a ~10 KB
/// document and on the run's largest (10 MB; 1 MB with `--quick`).
struct LanguageServerBenchmark: MainActorBenchmarkGroup {
    let title = "lsp"
    /// Size of the small document, in bytes.
    static let smallSize = BenchmarkCorpus.Size(bytes: 10_000, label: "10 KB")
    /// A keystroke's diagnostics within one frame of a 60 Hz display.
    static let latencyTarget = Figure.Target.durationBelow(.milliseconds(16))

    func run(in context: BenchmarkContext) async throws -> [Figure] {
        var generator = TiledownGenerator(seed: BenchmarkCorpus.seed, frontMatter: .yaml, tileEvery: 20)
        let small = Array(generator.document(bytes: Self.smallSize.bytes).utf8)
        let benchmark = context.operationBenchmark
        let smallTime = try await measure(small, label: Self.smallSize.label, benchmark: benchmark, context: context)
        var figures = [Figure(
            name: "lsp \(Self.smallSize.label), keystroke → diagnostics", ours: .duration(smallTime),
            anchorName: nil, anchor: nil, target: Self.latencyTarget)]
        guard let input = context.corpus.markdown.last else { return figures }
        let large = Array(try Data(contentsOf: URL(fileURLWithPath: input.path)))
        let largeTime = try await measure(large, label: input.size.label, benchmark: benchmark, context: context)
        figures.append(Figure(
            name: "lsp \(input.size.label), keystroke → diagnostics", ours: .duration(largeTime),
            anchorName: "\(Self.smallSize.label) keystroke", anchor: .duration(smallTime),
            target: context.target(Self.latencyTarget, for: input.size)))
        return figures
    }

    /// Messages the server sent: publications wake the waiting measurement.
    final class Inbox: Sendable {
        private let state = Mutex<(count: Int, waiter: CheckedContinuation<Void, Never>?)>((0, nil))

        func received(_ body: [UInt8]) {
            guard body.count > 40, String(decoding: body.prefix(60), as: UTF8.self).contains("publishDiagnostics") else { return }
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.count += 1
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }

        /// Waits until `count` publications have arrived.
        func wait(for count: Int) async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Bool in
                    if state.count >= count { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    private func measure(_ text: [UInt8], label: String, benchmark: Benchmark, context: BenchmarkContext) async throws -> Duration {
        let inbox = Inbox()
        let server = LanguageServer(dependencies: .init(send: { inbox.received($0) }, clock: ContinuousClock(), version: "bench"))
        let uri = "file:///bench/document.md"
        func frame(_ json: JSON) -> MessageFrameDecoder.Frame { .message(json.serialized) }
        await server.receive(frame(.object([("jsonrpc", .string("2.0")), ("id", .int(1)), ("method", .string("initialize")), ("params", .object([("capabilities", .object([]))]))])))
        await server.receive(frame(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("markdown")), ("version", .int(1)), ("text", .string(String(decoding: text, as: UTF8.self)))])),
        ]))])))
        await inbox.wait(for: 1)
        // A paragraph in the middle of the document.
        let document = OpenDocument(uri: uri, version: 1, text: text, kind: .markdown, dialect: .yaml)
        guard let markdown = document.model.markdown, markdown.blockCount > 0 else { return .zero }
        var index = markdown.blockCount / 2
        while index < markdown.blockCount - 1 && markdown.kind(at: index) != .paragraph { index += 1 }
        let line = document.position(of: markdown.range(at: index).lowerBound, encoding: .utf16).line
        context.progress("lsp \(label): \(markdown.blockCount) blocks, \(markdown.diagnostics.count) diagnostics, typing on line \(line + 1)")

        let clock = ContinuousClock()
        var samples: [Duration] = []
        var publications = 1
        for run in 0..<(benchmark.warmUps + benchmark.repetitions) {
            let typing = run % 2 == 0
            let start = LSPPosition(line: line, character: 0)
            let end = LSPPosition(line: line, character: typing ? 0 : 1)
            let change = JSON.object([
                ("range", .object([("start", .object([("line", .int(start.line)), ("character", .int(start.character))])),
                                   ("end", .object([("line", .int(end.line)), ("character", .int(end.character))]))])),
                ("text", .string(typing ? "x" : "")),
            ])
            let message = JSON.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")), ("params", .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(run + 2))])),
                ("contentChanges", .array([change])),
            ]))])
            let body = MessageFrameDecoder.Frame.message(message.serialized)
            let began = clock.now
            await server.receive(body)
            publications += 1
            await inbox.wait(for: publications)
            if run >= benchmark.warmUps { samples.append(clock.now - began) }
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}
