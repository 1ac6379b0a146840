import Foundation

// The window's benchmarks, each in a process of its own (GTK runs one
// application per process): `TileditGtkBench frame` (a key press in the
// blocks list until its frame is painted, 10 KB and 10 MB documents),
// `TileditGtkBench main-loop` (the main actor inside GLib's loop); with
// no argument, the frame with GTK's renderer and with Cairo's
// (`GSK_RENDERER=cairo`), then the main loop. Needs a display and xdotool:
// `make bench-gui` runs it under Xvfb in a D-Bus session of its own.

let usage = "usage: TileditGtkBench [frame | main-loop]\n"
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments {
case ["frame"]:
    let benchmark = WindowFrameBenchmark()
    exit(withExtendedLifetime(benchmark) { benchmark.run() })
case ["main-loop"]:
    exit(runMainLoopBenchmark())
case []:
    var status: Int32 = 0
    // The frame with GTK's own choice of renderer (under Xvfb: GL drawn in
    // software by Mesa's llvmpipe), then with Cairo's, then the main loop.
    for (measurement, renderer) in [("frame", nil), ("frame", "cairo"), ("main-loop", nil)] as [(String, String?)] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        child.arguments = [measurement]
        if let renderer {
            var environment = ProcessInfo.processInfo.environment
            environment["GSK_RENDERER"] = renderer
            child.environment = environment
        }
        do {
            try child.run()
            child.waitUntilExit()
            if child.terminationStatus != 0 { status = child.terminationStatus }
        } catch {
            FileHandle.standardError.write(Data("TileditGtkBench: cannot run \(measurement): \(error)\n".utf8))
            status = 1
        }
    }
    exit(status)
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
