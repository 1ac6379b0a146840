import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

/// The `unimplemented` test values record an issue when called, so a test
/// notices a call it did not expect.
@Suite struct UnimplementedTestValueTests {
    let url = URL(fileURLWithPath: "/w/a.md")

    @Test func documentStoreRecordsAnIssueAndThrows() async {
        await withKnownIssue {
            _ = try? await DocumentStore.unimplemented.load(url)
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "DocumentStore.load was called unexpectedly" }
        }
        await withKnownIssue {
            _ = try? await DocumentStore.unimplemented.journal(url, [], nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "DocumentStore.journal was called unexpectedly" }
        }
    }

    @Test func workspaceSearchSettingsAndRenderingRecordIssues() async {
        await withKnownIssue {
            _ = try? await WorkspaceClient.unimplemented.discover(url)
        } matching: { $0.comments.contains { $0.rawValue == "WorkspaceClient.discover was called unexpectedly" } }
        await withKnownIssue {
            _ = await SearchClient.unimplemented.search("x", 10)
        } matching: { $0.comments.contains { $0.rawValue == "SearchClient.search was called unexpectedly" } }
        await withKnownIssue {
            _ = try? await SettingsClient.unimplemented.save(Settings())
        } matching: { $0.comments.contains { $0.rawValue == "SettingsClient.save was called unexpectedly" } }
        withKnownIssue {
            _ = RenderingClient.unimplemented.html(MarkdownDocument("# A\n", dialect: .tiledown))
        } matching: { $0.comments.contains { $0.rawValue == "RenderingClient.html was called unexpectedly" } }
        withKnownIssue {
            _ = DateClient.unimplemented.now()
        } matching: { $0.comments.contains { $0.rawValue == "DateClient.now was called unexpectedly" } }
        withKnownIssue {
            _ = try? FileSystem.unimplemented.openFile(url, .read(followsLinks: true))
        } matching: { $0.comments.contains { $0.rawValue == "FileSystem.openFile was called unexpectedly" } }
    }
}
