import Foundation

/// The end of a scenario on a real disk: what its `disk:` expectations
/// say of the workspace, the same for every player that drives a real
/// program (under tmux, in the window).
extension Scenario {
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
