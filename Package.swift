// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Tiledit: one package, layers as targets (ARCHITECTURE.md, "Layers").
/// System libraries come from the platform's packages through pkg-config
/// (cmark-gfm, libyaml, ICU, ncursesw).
/// The GTK 4 window (`tiledit-gtk`) needs GTK's headers, which
/// `scripts/install-deps` installs. SwiftPM only warns when pkg-config
/// cannot find a system library, and the build then fails on the missing
/// headers, so the window's targets are left out where GTK's headers are
/// not installed (Debian's and Homebrew's places), or when
/// `TILEDIT_WITHOUT_GTK=1`; `TILEDIT_WITHOUT_GTK=0` keeps them anyway (GTK
/// elsewhere). Everything else builds and tests the same, and the window's
/// tests say they were skipped.
let gtkChoice = ProcessInfo.processInfo.environment["TILEDIT_WITHOUT_GTK"]
let gtkHeadersInstalled = ["/usr/include", "/usr/local/include", "/opt/homebrew/include"].contains {
    FileManager.default.fileExists(atPath: "\($0)/gtk-4.0/gtk/gtk.h")
}
let withGTK = gtkChoice == "0" || (gtkChoice != "1" && gtkHeadersInstalled)

/// The window: GTK 4 through pkg-config, a C shim for what Swift cannot
/// call, typed wrappers, the window over the view models, its executable
/// and its tests (under Xvfb and a D-Bus session, read through AT-SPI).
let windowTargets: [Target] = [
    .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"]), .brew(["gtk4"])]),
    .target(name: "CGtkShim", dependencies: ["CGtk"]),
    // Typed wrappers over GTK widgets and the main loop shared with Swift's main actor.
    .target(name: "TileditGtk", dependencies: ["CGtk", "CGtkShim"]),
    // Window renderer: pure presentation over the view models.
    .target(name: "TileditWindow", dependencies: ["TileditGtk", "TileditViewModels", "TileditServices", "TileditModel"]),
    // Composition root of the window.
    .executableTarget(name: "tiledit-gtk", dependencies: ["TileditWindow", "TileditGtk", "TileditViewModels", "TileditServices"]),
    // Measures the main loop shared with the main actor and a key press in
    // the window until its frame is drawn (run under Xvfb: `make bench-gui`).
    .executableTarget(name: "TileditGtkBench", dependencies: ["TileditGtk", "TileditWindow", "TileditViewModels", "TileditBenchSupport", "TileditFixtures"]),
    .testTarget(name: "TileditGtkTests", dependencies: ["TileditGtk", "CGtkShim"]),
]

let package = Package(
    name: "Tiledit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tiledit", targets: ["tiledit"]),
        .executable(name: "tiledit-bench", targets: ["TileditBench"]),
        .library(name: "TileditModel", targets: ["TileditModel"]),
    ],
    targets: [
        // System libraries (module maps over Debian/Homebrew packages).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // The ICU functions search uses, under plain C types (see its header).
        .target(name: "CTileditICU", dependencies: ["CICU"]),
        // ncursesw's pkg-config flags (-D_XOPEN_SOURCE=600) are not allowed in
        // SwiftPM; the headers sit on the default include path and the shim
        // defines what the wide-character API needs.
        .systemLibrary(
            name: "CNcursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),

        // Extended attributes and renameat2, which the Glibc module leaves out.
        .systemLibrary(name: "CFileCalls"),

        // Model: framework-free document engine.
        .target(name: "TileditModel", dependencies: ["CCmarkGFM", "CYAML"]),
        // Services: business logic and I/O behind struct dependencies.
        .target(name: "TileditServices", dependencies: ["TileditModel", "CTileditICU", "CFileCalls"]),
        // View models: @Observable @MainActor coordinators.
        .target(name: "TileditViewModels", dependencies: ["TileditServices", "TileditModel"]),
        // Terminal text layout: display widths, wrapping, the preview laid out in columns.
        .target(name: "TileditTextLayout", dependencies: ["TileditModel"]),
        // Terminal toolkit: ncursesw input and output, the screen buffer, the
        // palette and widgets; knows no view model and no document.
        .target(name: "TileditTerminalToolkit", dependencies: ["TileditTextLayout", "CNcursesw"]),
        // Terminal renderer: pure presentation over the view models.
        .target(name: "TileditTerminal", dependencies: ["TileditTerminalToolkit", "TileditViewModels", "TileditServices", "TileditModel", "TileditTextLayout"]),
        // Headless commands (check, fmt, json, render, set, search).
        .target(name: "TileditCLI", dependencies: ["TileditServices", "TileditModel"]),
        // Language server (`tiledit lsp`): LSP 3.17 over standard input and output.
        .target(name: "TileditLanguageServer", dependencies: ["TileditServices", "TileditModel"]),
        // Composition root.
        .executableTarget(
            name: "tiledit",
            dependencies: ["TileditCLI", "TileditLanguageServer", "TileditTerminal", "TileditTerminalToolkit", "TileditViewModels", "TileditServices", "TileditModel"],
            // Release builds on Linux link the Swift runtime and Foundation
            // statically: a start of a headless command (`tiledit search`)
            // no longer loads and relocates a dozen shared libraries.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-lFoundationInternationalization", "-lFoundationEssentials", "-l_FoundationCShims", "-l_FoundationCollections"], .when(platforms: [.linux], configuration: .release))]
        ),
        // Benchmarks: release-built, prints ratios against in-run anchors.
        .executableTarget(
            name: "TileditBench",
            dependencies: ["TileditModel", "TileditServices", "TileditTerminal", "TileditTerminalToolkit", "TileditTextLayout", "TileditViewModels", "TileditLanguageServer", "TileditFixtures", "TileditBenchSupport", "CCmarkGFM", "CYAML"]
        ),
        // What the terminal's and the window's benchmarks share: the app
        // they open documents in.
        .target(name: "TileditBenchSupport", dependencies: ["TileditServices", "TileditViewModels"]),

        // Deterministic generated documents and workspaces, and the editing laws
        // as checks (tests, benchmarks and the fuzz targets in Fuzz/).
        .target(name: "TileditFixtures", dependencies: ["TileditModel"]),
        // Test values, fixtures and clocks shared by the test targets.
        .target(name: "TileditTestSupport", dependencies: ["TileditServices", "TileditModel", "TileditFixtures"]),

        .testTarget(name: "TileditModelTests", dependencies: ["TileditModel", "TileditTestSupport", "TileditFixtures", "CYAML"]),
        .testTarget(name: "TileditServicesTests", dependencies: ["TileditServices", "TileditModel", "TileditTestSupport", "TileditFixtures"]),
        .testTarget(name: "TileditViewModelsTests", dependencies: ["TileditViewModels", "TileditServices", "TileditModel", "TileditTextLayout", "TileditTestSupport"]),
        .testTarget(name: "TileditTextLayoutTests", dependencies: ["TileditTextLayout", "TileditModel", "TileditTestSupport"]),
        .testTarget(name: "TileditTerminalToolkitTests", dependencies: ["TileditTerminalToolkit", "TileditTextLayout", "TileditModel"]),
        .testTarget(name: "TileditTerminalTests", dependencies: ["TileditTerminal", "TileditTerminalToolkit", "TileditTextLayout", "TileditViewModels", "TileditServices", "TileditModel", "TileditTestSupport"]),
        .testTarget(name: "TileditCLITests", dependencies: ["TileditCLI", "TileditServices", "TileditModel", "TileditTestSupport", "TileditFixtures"]),
        // Also drives the real `tiledit lsp` through pytest-lsp and Neovim.
        .testTarget(name: "TileditLanguageServerTests", dependencies: ["TileditLanguageServer", "tiledit", "TileditServices", "TileditModel", "TileditTestSupport"]),
        // Drives the real `tiledit` executable under tmux.
        .testTarget(name: "TileditEndToEndTests", dependencies: ["tiledit", "TileditTestSupport"]),
        // Drives the real `tiledit-gtk` under Xvfb through AT-SPI; without
        // GTK it is built without the window and its tests skip, saying so.
        .testTarget(
            name: "TileditWindowTests",
            dependencies: (withGTK ? ["tiledit-gtk"] : []) + ["TileditTestSupport"],
            exclude: ["Support/atspi-driver.py"]
        ),
    ] + (withGTK ? windowTargets : []),
    swiftLanguageModes: [.v6]
)
