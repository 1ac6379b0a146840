import Foundation
import Testing
import TileditTestSupport

/// `tiledit lsp` driven by real clients over standard input and output:
/// the pytest-lsp suite (`Tests/LanguageServerClient`) and Neovim.
@Suite("Language server under real clients", .serialized)
struct LanguageServerClientTests {
    static let root = TestSupport.repositoryRoot
    static let binary = root.appendingPathComponent(".build/debug/tiledit")

    static func executable(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `arguments` with `environment` added; returns the exit status and everything it printed.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: executable("python3") != nil, "python3 is not installed; scripts/install-deps installs it"))
    func thePytestLSPSuitePasses() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build .build/debug/tiledit first: swift build --build-tests")
        let (setupStatus, setupOutput) = try Self.run(Self.root.appendingPathComponent("scripts/lsp-test-env"), [])
        try #require(setupStatus == 0, "scripts/lsp-test-env failed:\n\(setupOutput)")
        let python = setupOutput.split(separator: "\n").last.map(String.init) ?? ""
        let (status, output) = try Self.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["timeout", "900", python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "Tests/LanguageServerClient"],
            environment: ["TILEDIT_BINARY": Self.binary.path])
        #expect(status == 0, "pytest failed:\n\(output)")
    }

    @Test(.enabled(if: executable("nvim") != nil, "neovim is not installed; scripts/install-deps installs it"))
    func neovimShowsTheDiagnostics() throws {
        let folder = try TestSupport.makeTemporaryFolder("tiledit-nvim")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.md")
        try Data(":::tile callout\nid: Bad Id\n:::\n\n:::tile nope\n:::\n".utf8).write(to: file)
        let output = folder.appendingPathComponent("diagnostics.txt")
        let script = Self.root.appendingPathComponent("Tests/LanguageServerClient/neovim_diagnostics.lua")
        let (status, printed) = try Self.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["timeout", "120", "nvim", "--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile \(script.path)"],
            environment: ["TILEDIT_BINARY": Self.binary.path, "TILEDIT_NVIM_OUTPUT": output.path, "TILEDIT_NVIM_FILE": file.path])
        let shown = (try? String(contentsOf: output, encoding: .utf8)) ?? "(nothing written; nvim exited \(status): \(printed))"
        #expect(shown == """
            2:5 error tile.invalid-id: `id` must be lowercase kebab-case (letters, digits and single hyphens), e.g. `intro-note`; found `Bad Id`
            5:1 warning tile.unknown-type: unknown tile type `nope`; it is kept as written

            """)
    }
}
