import Foundation
import TileditTestSupport

/// The YAML test suite (`../shared/peer-suites/yaml-test-suite`): one test
/// per folder holding `in.yaml`, or per numbered sub-folder of a folder
/// holding several.
struct YAMLSuiteTest: Sendable, CustomStringConvertible {
    /// The folder name, with the sub-folder when there is one (`2G84/00`).
    var id: String
    /// The test's title (`===`).
    var title: String
    /// `in.yaml`.
    var input: [UInt8]
    /// `test.event`: the events a conforming parser gives (up to the error
    /// for a test of invalid input).
    var events: String
    /// Whether the input must be rejected (an `error` file is present).
    var isError: Bool

    var description: String { "\(id) \(title)" }
}

enum YAMLTestSuite {
    /// The suite's folder, when `../shared` is present.
    static var folder: URL? {
        guard let url = TestSupport.sharedFolder?.appendingPathComponent("peer-suites/yaml-test-suite") else { return nil }
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static var isAvailable: Bool { folder != nil }

    /// Every test, ordered by id (empty when the suite is absent).
    static let tests: [YAMLSuiteTest] = {
        guard let folder else { return [] }
        let manager = FileManager.default
        var tests: [YAMLSuiteTest] = []
        let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for name in names {
            let url = folder.appendingPathComponent(name)
            if manager.fileExists(atPath: url.appendingPathComponent("in.yaml").path) {
                if let test = load(id: name, at: url) { tests.append(test) }
                continue
            }
            let subfolders = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            for sub in subfolders {
                if let test = load(id: "\(name)/\(sub)", at: url.appendingPathComponent(sub)) { tests.append(test) }
            }
        }
        return tests
    }()

    private static func load(id: String, at url: URL) -> YAMLSuiteTest? {
        guard let input = try? Data(contentsOf: url.appendingPathComponent("in.yaml")),
              let events = try? String(contentsOf: url.appendingPathComponent("test.event"), encoding: .utf8) else { return nil }
        let title = (try? String(contentsOf: url.appendingPathComponent("==="), encoding: .utf8)) ?? ""
        let isError = FileManager.default.fileExists(atPath: url.appendingPathComponent("error").path)
        return YAMLSuiteTest(
            id: id, title: title.trimmingCharacters(in: .whitespacesAndNewlines), input: Array(input), events: events, isError: isError)
    }

    /// `test.event` lines as compared: document markers (`---`, `...`) are
    /// dropped, since the tree does not keep whether they were written.
    static func comparable(_ events: String) -> [String] {
        events.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            if line == "+DOC ---" { return "+DOC" }
            if line == "-DOC ..." { return "-DOC" }
            return String(line)
        }
    }
}
