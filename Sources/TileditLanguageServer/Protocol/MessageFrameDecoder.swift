/// Splits a byte stream into JSON-RPC message bodies framed as the
/// Language Server Protocol frames them (LSP 3.17, "Base Protocol"): a
/// header part of `Name: value` lines ended by `\r\n`, an empty line, then
/// `Content-Length` bytes of content.
///
/// Feed it bytes as they arrive with `append(_:)` and take whole frames
/// with `next()`. A header without a usable `Content-Length` is reported
/// as malformed and skipped, so one bad frame costs one error, never the
/// session. Memory is bounded: a header longer than `maximumHeaderLength`
/// or a length above `maximumContentLength` is malformed.
public struct MessageFrameDecoder: Sendable {
    /// What `next()` found.
    public enum Frame: Sendable, Equatable {
        /// A message body (the content, without the header).
        case message([UInt8])
        /// A header that could not be read; the bytes it covered are skipped.
        case malformed(String)
    }

    /// Longest header part accepted, in bytes.
    public static let maximumHeaderLength = 8 * 1024
    /// Largest content accepted, in bytes (larger than any document the editor opens).
    public static let maximumContentLength = 300 * 1024 * 1024

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (consumed bytes are dropped in batches).
    private var start = 0
    /// Content still to skip after a malformed header that named a length.
    private var skipping = 0

    public init() {}

    /// Bytes received and not yet returned as frames.
    public var pendingByteCount: Int { buffer.count - start }

    /// Adds received bytes.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or `nil` when more bytes are needed.
    public mutating func next() -> Frame? {
        if skipping > 0 {
            let available = Swift.min(skipping, buffer.count - start)
            start += available
            skipping -= available
            if skipping > 0 {
                compact()
                return nil
            }
        }
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > Self.maximumHeaderLength {
                // No header end in sight: drop what was read and start over.
                start = buffer.count
                compact()
                return .malformed("a message header longer than \(Self.maximumHeaderLength) bytes")
            }
            compact()
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let contentStart = headerEnd + 4
        var length: Int?
        var problem: String?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                problem = "a header line without `:`"
                continue
            }
            let name = line[..<colon].trimmingCharacters(in: [" ", "\t"]).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
            if name == "content-length" {
                if let number = Int(value), number >= 0, number <= Self.maximumContentLength {
                    length = number
                } else {
                    problem = "an unreadable Content-Length `\(value)`"
                }
            }
        }
        guard let length else {
            start = contentStart
            compact()
            return .malformed(problem ?? "a message header without Content-Length")
        }
        if let problem {
            start = contentStart
            skipping = length
            return .malformed(problem)
        }
        guard buffer.count - contentStart >= length else { return nil }
        let body = Array(buffer[contentStart..<(contentStart + length)])
        start = contentStart + length
        compact()
        return .message(body)
    }

    /// The offset of the `\r\n\r\n` that ends the header, if received.
    private func findHeaderEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D && buffer[index + 1] == 0x0A && buffer[index + 2] == 0x0D && buffer[index + 3] == 0x0A {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
            start = 0
        } else if start > 64 * 1024 && start > buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// `body` framed for sending: `Content-Length: n\r\n\r\n` then the body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
