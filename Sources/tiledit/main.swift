import Foundation
import TileditCLI

// Composition root (DESIGN.md section 2): `tiledit COMMAND …` runs a
// headless command; `tiledit [PATH]` opens the terminal editor.

/// Opens the terminal editor on `arguments` (a folder or file path, or none
/// for the current folder) and returns the exit status.
///
/// EDITOR ENTRY POINT: replace this body when the terminal editor is wired in.
func runEditor(arguments: [String]) -> Int32 {
    FileHandle.standardError.write(Data("the terminal editor is not wired yet\n".utf8))
    return 2
}

let arguments = Array(CommandLine.arguments.dropFirst())
if CommandLineTool.handles(arguments) {
    let tool = CommandLineTool(environment: ProcessInfo.processInfo.environment)
    exit(await tool.run(arguments))
} else {
    exit(runEditor(arguments: arguments))
}
