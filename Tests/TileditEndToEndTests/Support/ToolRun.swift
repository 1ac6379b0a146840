import Foundation
import TileditTestSupport

/// One run of the real `tiledit` binary as a headless command, optionally
/// as another user (through `setpriv`, when the tests run as root).
struct ToolRun: Equatable, CustomStringConvertible {
    /// A user to run as: user ID, primary group ID, supplementary groups.
    struct User {
        var id: UInt32
        var group: UInt32
        var groups: [UInt32]
    }

    var status: Int32
    var standardOutput: String
    var standardError: String

    var description: String { "status \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)" }

    /// `setpriv`, which switches user and groups before running a program.
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether commands can be run as another user here.
    static var canSwitchUser: Bool { TestSupport.isRoot && setpriv != nil && EditorSession.isBinaryBuilt }

    /// Runs `tiledit arguments` in `folder` and waits for it.
    static func run(_ arguments: [String], in folder: URL, as user: User? = nil) throws -> ToolRun {
        let process = start(arguments, in: folder, as: user)
        // Files, not pipes: nothing can stall on a full pipe.
        let outputs = try TestSupport.makeTemporaryFolder("tool-output")
        defer { try? FileManager.default.removeItem(at: outputs) }
        let output = outputs.appendingPathComponent("out")
        let errors = outputs.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try outputHandle.close()
        try errorHandle.close()
        return ToolRun(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// A process for `tiledit arguments` in `folder`, not started, its
    /// output discarded; `HOME` and the XDG folders inside `folder`'s parent.
    static func start(_ arguments: [String], in folder: URL, as user: User? = nil) -> Process {
        let process = Process()
        if let user, let setpriv {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = [
                "--reuid=\(user.id)", "--regid=\(user.group)",
                "--groups=\(user.groups.isEmpty ? "\(user.group)" : user.groups.map(String.init).joined(separator: ","))",
                "--", EditorSession.binary.path,
            ] + arguments
        } else {
            process.executableURL = EditorSession.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        let state = folder.deletingLastPathComponent().appendingPathComponent("state").path
        process.environment = [
            "HOME": folder.deletingLastPathComponent().path, "XDG_STATE_HOME": state, "XDG_CONFIG_HOME": state,
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }
}
