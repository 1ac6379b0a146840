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

    /// A new empty folder in this test process's folder under the system's
    /// temporary folder (see `processFolder`), removed with it at exit.
    public static func makeTemporaryFolder(_ label: String = "tiledit") throws -> URL {
        let url = processFolder.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `tiledit-tests-<pid>` under the system's temporary folder: every
    /// temporary folder of this process is made in it, so one removal at
    /// exit (`atexit`) clears what the tests made, however they ended. Made
    /// on first use; the folders of earlier test processes that are no
    /// longer running (killed before their exit) are removed then.
    public static let processFolder: URL = {
        let parent = FileManager.default.temporaryDirectory
        removeFoldersOfEndedTestProcesses(in: parent)
        let url = parent.appendingPathComponent(processFolderName(getpid()), isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestSupport.processFolderName(getpid()))
            try? FileManager.default.removeItem(at: folder)
        }
        return url
    }()

    static func processFolderName(_ pid: pid_t) -> String { "tiledit-tests-\(pid)" }

    /// Removes `tiledit-tests-<pid>` folders whose process is gone
    /// (`kill(pid, 0)` fails with `ESRCH`).
    private static func removeFoldersOfEndedTestProcesses(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix("tiledit-tests-") {
            guard let pid = pid_t(name.dropFirst("tiledit-tests-".count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }
}
