import Foundation

/// A pseudo-terminal pair: the controlling side this process reads and
/// writes, and the device a child uses as its terminal. Both are closed
/// when the value goes away.
final class PseudoTerminal {
    /// The side this process reads the child's output from.
    let controller: Int32
    /// The terminal device the child is given.
    let device: Int32
    private var output: [UInt8] = []

    /// The pseudo-terminal could not be made.
    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        // The C library's pseudo-terminal calls, looked up at run time: the
        // Glibc module leaves them out (they sit behind _XOPEN_SOURCE).
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Prepare = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func function<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
        }
        guard let openController = function("posix_openpt", as: Open.self), let grant = function("grantpt", as: Prepare.self),
              let unlock = function("unlockpt", as: Prepare.self), let deviceName = function("ptsname", as: Name.self)
        else { throw OpenError(description: "the C library has no posix_openpt") }
        let controller = openController(O_RDWR | O_NOCTTY)
        guard controller >= 0, grant(controller) == 0, unlock(controller) == 0, let name = deviceName(controller) else {
            throw OpenError(description: "no pseudo-terminal (errno \(errno))")
        }
        let device = open(name, O_RDWR | O_NOCTTY)
        guard device >= 0 else {
            close(controller)
            throw OpenError(description: "cannot open \(String(cString: name)) (errno \(errno))")
        }
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        self.controller = controller
        self.device = device
    }

    deinit {
        close(device)
        close(controller)
    }

    /// Reads the child's output until it holds `marker` (true) or `deadline`
    /// passes (false), polling every millisecond.
    func waitForOutput(containing marker: [UInt8], deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Bool {
        var searchedUpTo = 0
        while clock.now < deadline {
            if drain() > 0 {
                let from = Swift.max(0, searchedUpTo - marker.count)
                if output[from...].firstRange(of: marker) != nil { return true }
                searchedUpTo = output.count
            } else {
                usleep(1_000)
            }
        }
        return false
    }

    /// Reads what the child wrote so far (so it never blocks on a full
    /// terminal); returns the number of bytes read.
    @discardableResult
    func drain() -> Int {
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            output.append(contentsOf: buffer[0..<count])
            total += count
        }
        return total
    }

    /// Types `bytes` into the child's terminal.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }
}
