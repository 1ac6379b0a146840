import Foundation
import TileditCLI
import TileditLanguageServer
import TileditServices
import TileditTerminal
import TileditViewModels
import TileditTerminalToolkit

// Composition root (ARCHITECTURE.md, "Layers"): `tiledit lsp` runs the language
// server; `tiledit COMMAND …` runs a headless command; `tiledit [PATH]`
// opens the terminal editor.

/// Opens the terminal editor on `arguments` (a folder or file path, or none
/// for the current folder) and returns the exit status: 0 after quitting,
/// 1 when the terminal cannot be used, 2 for a usage error or a path that
/// does not exist.
///
/// The only place that knows the live dependencies: the workspace, the
/// document store (journal under `XDG_STATE_HOME`), search (its index
/// cached under `XDG_CACHE_HOME`), rendering, the
/// settings file (under `XDG_CONFIG_HOME`), the disk and the clock.
@MainActor
func runEditor(arguments: [String]) async -> Int32 {
    guard arguments.count <= 1, !(arguments.first?.hasPrefix("-") ?? false) else {
        FileHandle.standardError.write(Data("usage: tiledit [PATH]   (or tiledit help for the commands)\n".utf8))
        return 2
    }
    if let path = arguments.first, !FileManager.default.fileExists(atPath: path) {
        // Before the screen is taken over: a mistyped command or path reads
        // as an error in the shell, not as an editor on nothing.
        FileHandle.standardError.write(Data("tiledit: \(path) does not exist (tiledit help lists the commands)\n".utf8))
        return 2
    }
    let environment = ProcessInfo.processInfo.environment
    let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileManager.default.homeDirectoryForCurrentUser
    let fileSystem = FileSystem.live
    let dependencies = AppModel.Dependencies(
        workspace: .live(fileSystem: fileSystem),
        store: .live(fileSystem: fileSystem, journalFolder: UserFolders.journalFolder(environment: environment, homeFolder: home)),
        search: .live(fileSystem: fileSystem, cacheFolder: UserFolders.cacheFolder(environment: environment, homeFolder: home)),
        rendering: .live,
        settings: .live(file: UserFolders.settingsFile(environment: environment, homeFolder: home), fileSystem: fileSystem),
        clock: ClockControl.clock(environment: environment),
        fileSystem: fileSystem)
    let editor = TerminalApp(
        app: AppModel(dependencies: dependencies), terminal: Terminal(environment: environment), environment: environment,
        path: arguments.first, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    return await editor.run()
}

ProcessMemory.returnLargeBuffersWhenFreed()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "lsp" {
    exit(await LanguageServerMain.run(arguments: Array(arguments.dropFirst()), version: CommandLineTool.version))
} else if CommandLineTool.handles(arguments) {
    // The arguments as the system gave them: one that is not UTF-8 is refused, not repaired.
    let bytes = (1..<Int(CommandLine.argc)).map { index in
        CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } } ?? []
    }
    switch CommandLineTool.decode(bytes) {
    case .failure(let problem):
        FileHandle.standardError.write(Data("tiledit: \(problem.message)\n".utf8))
        exit(2)
    case .success(let decoded):
        let tool = CommandLineTool(environment: ProcessInfo.processInfo.environment)
        exit(await tool.run(decoded))
    }
} else {
    exit(await runEditor(arguments: arguments))
}
