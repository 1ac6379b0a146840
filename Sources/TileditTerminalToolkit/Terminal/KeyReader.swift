import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads keys on a thread of its own, so that no key waits for the main
/// actor and the main actor never blocks in `poll(2)`: events come out of
/// `events`, in order, decoded by `KeyDecoder` exactly as
/// `Terminal.readKey` decodes them (a lone ESC waits the escape delay; a
/// bracketed paste comes whole; a resize comes as `.resize`, which the
/// owner answers with `Terminal.applyResize()`).
///
/// `pause()` stops reading until `resume()`, for a program that takes the
/// terminal meanwhile (`$EDITOR`); it returns once the thread is parked, so
/// no byte meant for that program is read. `stop()` ends the thread and
/// the stream. The stream also ends when standard input closes. The thread
/// holds the reader until it ends, so call `stop()` when done.
public final class KeyReader: Sendable {
    /// The events, in the order they were read.
    public let events: AsyncStream<KeyEvent>

    private let control: (read: Int32, write: Int32)
    /// Signaled when the thread parks after a pause, and when it ends.
    private let parked = DispatchSemaphore(value: 0)
    private let isFinished = Mutex(false)

    private enum ControlByte: UInt8 {
        case pause = 1
        case resume = 2
        case stop = 3
    }

    /// Starts the reading thread over `source`.
    /// - Throws: `TerminalError.systemCall` when the control pipe cannot be made.
    public init(source: TerminalInputSource) throws(TerminalError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw .systemCall("pipe", errno: errno) }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let control = (read: descriptors[0], write: descriptors[1])
        self.control = control
        let (stream, continuation) = AsyncStream<KeyEvent>.makeStream()
        events = stream
        let thread = Thread {
            self.readLoop(source: source, continuation: continuation)
        }
        thread.name = "tiledit.keys"
        thread.start()
    }

    deinit {
        // Runs after the thread ended (it holds `self`), so both ends can go.
        close(control.read)
        close(control.write)
    }

    /// Stops reading and waits until the thread is parked; keys decoded
    /// before are still delivered.
    public func pause() {
        guard !isFinished.withLock({ $0 }) else { return }
        send(.pause)
        parked.wait()
    }

    /// Reads again after `pause()`.
    public func resume() {
        send(.resume)
    }

    /// Ends the thread and finishes `events`. Safe to call more than once.
    public func stop() {
        send(.stop)
    }

    private func send(_ byte: ControlByte) {
        var value = byte.rawValue
        while write(control.write, &value, 1) < 0, errno == EINTR {}
    }

    // MARK: - The thread

    private func readLoop(source: TerminalInputSource, continuation: AsyncStream<KeyEvent>.Continuation) {
        let control = control.read
        var decoder = KeyDecoder()
        defer {
            continuation.finish()
            isFinished.withLock { $0 = true }
            parked.signal()
        }
        while true {
            let ready = Self.waitForInput(source: source, control: control, milliseconds: -1)
            if ready.control {
                switch Self.readControl(control) {
                case .pause?:
                    parked.signal()
                    // Parked: only the control pipe is read until resumed.
                    var next = Self.readControl(control)
                    while next == .pause {
                        parked.signal()
                        next = Self.readControl(control)
                    }
                    if next == .stop || next == nil { return }
                    continue
                case .stop?, nil:
                    return
                case .resume?:
                    continue
                }
            }
            if ready.resize {
                for event in TerminalRestoration.events(forSignalBytes: Self.readAll(source.signalDescriptor)) {
                    continuation.yield(event)
                }
            }
            guard ready.input else { continue }
            guard let bytes = Self.readAvailable(source.inputDescriptor) else { return }
            var events = decoder.decode(bytes)
            if decoder.hasPendingInput, !decoder.isInPaste {
                let more = Self.waitForInput(source: source, control: control, milliseconds: Self.milliseconds(source.escapeDelay))
                if more.input {
                    guard let rest = Self.readAvailable(source.inputDescriptor) else { return }
                    events += decoder.decode(rest)
                }
                if decoder.hasPendingInput, !decoder.isInPaste {
                    events += decoder.flush()
                }
            }
            for event in events { continuation.yield(event) }
        }
    }

    private static func waitForInput(source: TerminalInputSource, control: Int32, milliseconds: Int32) -> (input: Bool, resize: Bool, control: Bool) {
        var descriptors = [
            pollfd(fd: source.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: source.signalDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: control, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard result > 0 else { return (false, false, false) }
        let readable = Int16(POLLIN | POLLHUP | POLLERR)
        return (descriptors[0].revents & readable != 0, descriptors[1].revents & Int16(POLLIN) != 0, descriptors[2].revents & readable != 0)
    }

    /// The next control byte (blocking); `nil` when the pipe closed.
    private static func readControl(_ descriptor: Int32) -> ControlByte? {
        var value: UInt8 = 0
        while true {
            let count = read(descriptor, &value, 1)
            if count == 1 { return ControlByte(rawValue: value) ?? .resume }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// What the descriptor has now; `nil` at end of input.
    private static func readAvailable(_ descriptor: Int32) -> ArraySlice<UInt8>? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return bytes[..<count] }
            if count < 0, errno == EINTR || errno == EAGAIN { return [] }
            return nil
        }
    }

    /// Everything the (non-blocking) signal pipe holds.
    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var all: [UInt8] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return all }
            all += bytes[..<count]
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
    }
}
