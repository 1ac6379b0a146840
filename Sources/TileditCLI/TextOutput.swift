import Foundation

/// Where the headless commands write: standard output for results,
/// standard error for problems and progress notes.
///
/// A struct of one closure, so tests capture the exact text and the
/// executable writes to the process's streams. Text is UTF-8; every line a
/// command writes ends with `\n`.
public struct TextOutput: Sendable {
    /// The two output streams of a process.
    public enum Stream: Sendable, Hashable {
        /// Results (diagnostics, JSON, HTML, diffs, search results).
        case standardOutput
        /// Problems (unreadable files, usage errors) and notes (`formatted path`).
        case standardError
    }

    /// Writes `text` as given (no line break is added) to a stream.
    /// Writes are awaited one after the other, so their order is kept.
    public var write: @Sendable (_ stream: Stream, _ text: String) async -> Void

    /// A sink that hands every write to `write`.
    public init(write: @escaping @Sendable (_ stream: Stream, _ text: String) async -> Void) {
        self.write = write
    }

    /// The process's standard output and standard error, unbuffered. A
    /// write to a closed stream (a reader that quit) is dropped.
    public static var standard: TextOutput {
        TextOutput { stream, text in
            let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
            try? handle.write(contentsOf: Data(text.utf8))
        }
    }
}
