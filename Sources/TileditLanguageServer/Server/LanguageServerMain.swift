import Foundation
import Synchronization
import TileditServices

/// `tiledit lsp`: the language server over standard input and output.
public enum LanguageServerMain {
    /// The text of `tiledit lsp --help`.
    public static let usage = """
        Usage: tiledit lsp

        Speaks the Language Server Protocol 3.17 over standard input and output,
        for editors with an LSP client (VS Code, Neovim, Helix, Zed, Emacs):
        diagnostics as tiledit check gives them, completion of tile types,
        properties, values, front matter and tiledown.yml keys, hovers, fixes,
        insert tile and format tile actions, formatting, outline, folding,
        workspace symbols and go to definition. Markdown, tiledown.yml and YAML
        files. The workspace folder is the one the client names.

        Exit status: 0 after the client's shutdown and exit, 1 when the client
        exits or goes away without shutdown.

        """

    /// Serves on standard input and output until the client exits or goes away.
    ///
    /// - Parameter version: the version `initialize` reports.
    /// - Returns: the exit status.
    public static func run(arguments: [String], version: String) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            FileHandle.standardOutput.write(Data(usage.utf8))
            return 0
        }
        if !arguments.isEmpty && arguments != ["--stdio"] {
            FileHandle.standardError.write(Data("tiledit lsp: unknown argument `\(arguments[0])`; run 'tiledit lsp --help'\n".utf8))
            return 2
        }
        // A client that closes the pipe must not kill the server with SIGPIPE mid-write.
        signal(SIGPIPE, SIG_IGN)
        let output = StandardOutputWriter()
        let server = LanguageServer(dependencies: .init(
            send: { body in output.write(MessageFrameDecoder.frame(body)) },
            clock: ContinuousClock(), version: version))
        return await serve(server, input: standardInputChunks())
    }

    /// Feeds `input` to `server` frame by frame until `exit` or the end of input.
    public static func serve(_ server: LanguageServer, input: AsyncStream<[UInt8]>) async -> Int32 {
        var decoder = MessageFrameDecoder()
        for await chunk in input {
            decoder.append(chunk)
            while let frame = decoder.next() {
                await server.receive(frame)
                if let status = await server.exitStatus { return status }
            }
        }
        return await server.clientWentAway()
    }

    /// Standard input in chunks as they are read, on a thread of its own
    /// (a blocking read must not hold a task's thread); ends at end of input.
    static func standardInputChunks() -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            let thread = Thread {
                let capacity = 64 * 1024
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
                defer { buffer.deallocate() }
                while true {
                    let count = read(0, buffer, capacity)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    continuation.yield(Array(UnsafeRawBufferPointer(start: buffer, count: count)))
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}

/// Writes whole frames to standard output, one at a time.
final class StandardOutputWriter: Sendable {
    private let lock = Mutex(())

    func write(_ bytes: [UInt8]) {
        lock.withLock { _ in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Foundation.write(1, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
}
