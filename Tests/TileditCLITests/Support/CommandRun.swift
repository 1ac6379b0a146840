import Foundation
import TileditCLI
import TileditServices
import TileditTestSupport

/// What one run of the tool produced.
struct CommandRun: Equatable, CustomStringConvertible {
    var status: Int32
    var standardOutput: String
    var standardError: String

    init(status: Int32, standardOutput: String = "", standardError: String = "") {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    var description: String {
        "status \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
    }

    /// Runs `arguments` in-process with `folder` as the working directory,
    /// the real file system and a test document store.
    static func run(
        _ arguments: [String], in folder: URL, fileSystem: FileSystem = .live, documentStore: DocumentStore? = nil
    ) async -> CommandRun {
        let recorder = OutputRecorder()
        // The commands never journal; the folder is not created.
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("tiledit-cli-tests-journal")
        let store = documentStore ?? .testing(journalFolder: journal, fileSystem: fileSystem)
        let tool = CommandLineTool(
            environment: [:], workingDirectory: folder, fileSystem: fileSystem, documentStore: store, output: recorder.output)
        let status = await tool.run(arguments)
        return CommandRun(status: status, standardOutput: await recorder.standardOutput, standardError: await recorder.standardError)
    }
}
