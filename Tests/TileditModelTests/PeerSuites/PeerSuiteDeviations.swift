import Foundation
import TileditTestSupport

/// The table of decided deviations from a peer suite, read from
/// `PEER-SUITE-DEVIATIONS.md` at the repository root: the rows of the
/// section named `section`, as test id → kind (the first two cells).
enum PeerSuiteDeviations {
    struct Row: Hashable, Sendable {
        var id: String
        var kind: String
    }

    /// The ids of the rows of `section` whose reason ends "; Tiledit reads
    /// it": inputs libyaml rejects that Tiledit reads (`YAMLInputPatches`).
    static func readByTiledit(section: String) throws -> Set<String> {
        Set(try lines(section: section).filter { $0.cells.count >= 3 && $0.cells[2].hasSuffix("; Tiledit reads it") }.map(\.row.id))
    }

    static func rows(section: String) throws -> [Row] {
        try lines(section: section).map(\.row)
    }

    private static func lines(section: String) throws -> [(row: Row, cells: [String])] {
        let url = TestSupport.repositoryRoot.appendingPathComponent("PEER-SUITE-DEVIATIONS.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [(row: Row, cells: [String])] = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                inSection = line.dropFirst(3).trimmingCharacters(in: .whitespaces) == section
                continue
            }
            guard inSection, line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            }
            guard cells.count >= 2, !cells[0].isEmpty, cells[0] != "Test", !cells[0].allSatisfy({ $0 == "-" || $0 == ":" }) else { continue }
            rows.append((Row(id: cells[0], kind: cells[1]), cells))
        }
        return rows
    }
}
