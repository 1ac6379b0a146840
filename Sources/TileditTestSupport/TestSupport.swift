import Foundation

/// Helpers shared by the test targets: fixtures, temporary folders, test
/// values of services. Only test targets depend on this module.
public enum TestSupport {
    /// The repository root (the folder holding `Package.swift`).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `../shared` beside the repository, when present (a fresh clone has none).
    public static var sharedFolder: URL? {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// `../shared/samples`, when present.
    public static var samplesFolder: URL? { sharedFolder?.appendingPathComponent("samples") }

    /// `../shared/cases`, when present.
    public static var casesFolder: URL? { sharedFolder?.appendingPathComponent("cases") }

    /// The example site bundled with the project.
    public static var exampleSite: URL { repositoryRoot.appendingPathComponent("Examples/site") }

    /// A new empty folder under the system's temporary folder.
    public static func makeTemporaryFolder(_ label: String = "tiledit") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
