import Foundation
import TileditServices
import TileditViewModels
import TileditWindow

// Composition root of the window: `tiledit-gtk [PATH]` opens the folder
// (or the file, in its folder) at PATH in a GTK 4 window, the current
// folder without one. Exit status: 0 after the last window closed, 2 for
// a usage error or a path that does not exist, 128 + the signal after
// SIGTERM or SIGHUP (the recovery journal written first).
//
// The live dependencies are those of the terminal editor: the workspace,
// the document store (journal under `XDG_STATE_HOME`), search (its index
// cached under `XDG_CACHE_HOME`), rendering, the settings file (under
// `XDG_CONFIG_HOME`), the disk and the clock (a manual one an end-to-end
// test moves when it sets `TILEDIT_TEST_CONTROL`: `ClockControl`).

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count > 1 || arguments.first?.hasPrefix("-") == true {
    FileHandle.standardError.write(Data("usage: tiledit-gtk [PATH]\n".utf8))
    exit(2)
}
if let path = arguments.first, !FileManager.default.fileExists(atPath: path) {
    FileHandle.standardError.write(Data("tiledit-gtk: \(path) does not exist\n".utf8))
    exit(2)
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
// Top-level code runs on the main actor, on the main thread: GTK's main
// loop runs here and drains the main actor's queue (`MainQueueSource`).
let application = WindowApplication { AppModel(dependencies: dependencies) }
exit(application.run(
    path: arguments.first,
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)))
