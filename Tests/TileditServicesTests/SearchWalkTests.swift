import Foundation
import Testing
@testable import TileditServices
import TileditFixtures
import TileditTestSupport

/// Files of a generated tree: nested folders up to four deep, hidden and
/// skipped folders, `tiledown.yml` in some folders, files of every kind
/// and some that are not documents.
private func generatedTree(_ random: inout SeededGenerator) -> [String: String] {
    var files: [String: String] = [:]
    let names = ["a", "b", "posts", "docs", ".hidden", "node_modules", "deep"]
    func fill(_ folder: String, depth: Int) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        for number in 0..<Int.random(in: 0...4, using: &random) {
            let name = ["page-\(number).md", "data-\(number).yaml", "notes-\(number).txt", "post-\(number).markdown"][Int.random(in: 0..<4, using: &random)]
            files[prefix + name] = "# Page \(number)\n\nWords.\n"
        }
        if Int.random(in: 0..<4, using: &random) == 0 { files[prefix + "tiledown.yml"] = "title: Site\n" }
        guard depth < 4 else { return }
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            fill(prefix + names[Int.random(in: 0..<names.count, using: &random)], depth: depth + 1)
        }
    }
    fill("", depth: 0)
    files["index.md"] = "# Home\n"
    return files
}

@Suite struct SearchWalkTests {
    @Test func theSharedWalkFindsTheFilesTheScannerFindsWithTheirKindAndDialect() throws {
        var random = SeededGenerator(seed: 4_242)
        for round in 0..<8 {
            let root = try TestSupport.makeTemporaryFolder("search-walk-\(round)").resolvingSymlinksInPath()
            try TestSupport.writeFiles(generatedTree(&random), in: root)
            var scanner = WorkspaceScanner(fileSystem: .live)
            scanner.measuresFiles = false
            let scanned = try scanner.scan(root: root)
            let walk = SearchWalk(root: try scanner.listRoot(root))
            var walked: [WorkspaceScanner.Candidate] = []
            drive: while true {
                switch walk.next() {
                case .done, .wait: break drive
                case .read(let file): walked.append(file)
                case .list(let url, let path, let isTiledown):
                    walk.listed(try scanner.list(url, relative: path, parentIsTiledown: isTiledown))
                }
            }
            func described(_ candidates: [WorkspaceScanner.Candidate]) -> [String] {
                candidates.map { "\($0.path) \($0.kind) \($0.dialect) \($0.url.path)" }.sorted()
            }
            #expect(described(walked) == described(scanned.candidates), "round \(round)")
            #expect(walk.unreadableFolders == scanned.unreadableFolders)
        }
    }
}
