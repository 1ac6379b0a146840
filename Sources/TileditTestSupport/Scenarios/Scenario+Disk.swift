import Foundation

/// A scenario played against a real program (under tmux, in the window):
/// which scenarios it can play, and what the `disk:` expectations say of
/// the workspace at the end, the same for every such player.
extension Scenario {
    /// Actions only a player inside the process can perform (disk faults
    /// are injected into its store).
    static let inProcessActions: Set<String> = ["breakDisk", "repairDisk"]

    /// Why the scenario cannot be replayed against a real program running
    /// on the real disk (`program` names it: "the binary", "the window"),
    /// naming the first such step and its line (from 1); `nil` when it can.
    public func reasonNotPlayableOutsideTheProcess(program: String) -> String? {
        guard let step = steps.first(where: { Self.inProcessActions.contains($0.action) }) else { return nil }
        return "\(step.action) at line \(step.line): disk faults are injected inside the process; \(program) runs on the real disk"
    }

    /// Each way `workspace` differs from the scenario's expectations at
    /// its end (files with their final bytes, files unchanged, files gone,
    /// files whose names start with a prefix), one message per difference
    /// naming the scenario file; empty when it matches.
    ///
    /// - Throws: when the fixture cannot be read to compare with.
    public func diskProblems(in workspace: URL) throws -> [String] {
        let original = try fixtureFiles()
        var problems: [String] = []
        for (path, content) in finalFiles.sorted(by: { $0.key < $1.key }) {
            guard let bytes = try? TestSupport.readFile(workspace.appendingPathComponent(path)) else {
                problems.append("\(id).yaml: \(path) is missing at the end")
                continue
            }
            if bytes != Array(content.utf8) {
                problems.append("\(id).yaml: \(path) on disk:\n\(String(decoding: bytes, as: UTF8.self).debugDescription)\nexpected:\n\(content.debugDescription)")
            }
        }
        let unchanged = unchangedFiles == ["others"]
            ? original.keys.filter { finalFiles[$0] == nil && !missingFiles.contains($0) }
            : unchangedFiles
        for path in unchanged.sorted() where (try? TestSupport.readFile(workspace.appendingPathComponent(path))) != original[path] {
            problems.append("\(id).yaml: \(path) changed on disk but should not have")
        }
        for path in missingFiles where FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path) {
            problems.append("\(id).yaml: \(path) should not exist at the end")
        }
        let all = TestSupport.listTree(workspace)
        for prefix in existingFilePrefixes where !all.contains(where: { $0.hasPrefix(prefix) }) {
            problems.append("\(id).yaml: no file starts with \(prefix)")
        }
        return problems
    }
}
