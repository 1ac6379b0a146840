// swift-tools-version:6.0
import PackageDescription

/// Tiledit: one package, layers as targets (DESIGN.md section 2).
/// System libraries come from the platform's packages through pkg-config.
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
        .target(name: "TileditServices", dependencies: ["TileditModel", "CFileCalls"]),
        // View models: @Observable @MainActor coordinators.
        .target(name: "TileditViewModels", dependencies: ["TileditServices", "TileditModel"]),
        // Terminal renderer: pure presentation over the view models.
        .target(name: "TileditTerminal", dependencies: ["TileditViewModels", "TileditServices", "TileditModel", "CNcursesw"]),
        // Headless commands (check, fmt, json, render, set, search).
        .target(name: "TileditCLI", dependencies: ["TileditServices", "TileditModel"]),
        // Language server (`tiledit lsp`): LSP 3.17 over standard input and output.
        .target(name: "TileditLanguageServer", dependencies: ["TileditServices", "TileditModel"]),
        // Composition root.
        .executableTarget(
            name: "tiledit",
            dependencies: ["TileditCLI", "TileditLanguageServer", "TileditTerminal", "TileditViewModels", "TileditServices", "TileditModel"]
        ),
        // Benchmarks: release-built, prints ratios against in-run anchors.
        .executableTarget(
            name: "TileditBench",
            dependencies: ["TileditModel", "TileditServices", "TileditTerminal", "TileditViewModels", "TileditLanguageServer", "TileditFixtures", "CCmarkGFM", "CYAML"]
        ),

        // Deterministic generated documents and workspaces, and the editing laws
        // as checks (tests, benchmarks and the fuzz targets in Fuzz/).
        .target(name: "TileditFixtures", dependencies: ["TileditModel"]),
        // Test values, fixtures and clocks shared by the test targets.
        .target(name: "TileditTestSupport", dependencies: ["TileditServices", "TileditModel", "TileditFixtures"]),

        .testTarget(name: "TileditModelTests", dependencies: ["TileditModel", "TileditTestSupport", "TileditFixtures"]),
        .testTarget(name: "TileditServicesTests", dependencies: ["TileditServices", "TileditModel", "TileditTestSupport"]),
        .testTarget(name: "TileditViewModelsTests", dependencies: ["TileditViewModels", "TileditServices", "TileditModel", "TileditTestSupport"]),
        .testTarget(name: "TileditTerminalTests", dependencies: ["TileditTerminal", "TileditViewModels", "TileditServices", "TileditModel", "TileditTestSupport"]),
        .testTarget(name: "TileditCLITests", dependencies: ["TileditCLI", "TileditServices", "TileditModel", "TileditTestSupport"]),
        // Also drives the real `tiledit lsp` through pytest-lsp and Neovim.
        .testTarget(name: "TileditLanguageServerTests", dependencies: ["TileditLanguageServer", "tiledit", "TileditServices", "TileditModel", "TileditTestSupport"]),
        // Drives the real `tiledit` executable under tmux.
        .testTarget(name: "TileditEndToEndTests", dependencies: ["tiledit", "TileditTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
