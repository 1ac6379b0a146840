import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

extension AppModelTests {
    @Test func theOpenYAMLFilesRowComesFromItsEditorsReadAndItIsNotSummarizedAgain() async throws {
        let workspaceReads = ReadLog()
        let searchReads = ReadLog()
        let summarized = ReadLog()
        let data = "title: Site data\nport: 80\nport: 81\n"
        let (app, workspace, _) = try makeRecordingApp(
            ["data.yml": data, "other.md": "# Other\n"], workspaceReads: workspaceReads, searchReads: searchReads, summarized: summarized)

        await app.onAppeared(path: "data.yml", currentDirectory: workspace)
        await app.documents?.listing.summaryTask?.value
        await app.indexing.buildTask?.value

        #expect(app.yamlEditor?.rowCount == 3)
        #expect(summarized.all == ["other.md"])
        #expect(app.documents?.document(at: "data.yml") == DocumentSummary(
            path: "data.yml", kind: .yaml, title: "Site data", errorCount: 1, size: data.utf8.count))
    }
}
