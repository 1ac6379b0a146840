import Foundation
import Testing
import TileditModel
@testable import TileditLanguageServer

@Suite("Completion contexts and items")
struct CompletionContextTests {
    /// The context at `‸` in `text` (the mark is removed).
    private func context(_ text: String, uri: String = "file:///site/page.md") -> CompletionContext {
        let parts = text.components(separatedBy: "‸")
        let cursor = parts[0].utf8.count
        let clean = Array(parts.joined().utf8)
        let document = OpenDocument(uri: uri, version: 1, text: clean, kind: DocumentKindRule.kind(uri: uri, languageID: nil), dialect: .tiledown)
        return CompletionContext.at(cursor, in: document)
    }

    @Test func theLineBeforeTheCursorDecidesWhatIsCompleted() {
        #expect(context("Intro\n\n:::tile ca‸") == .tileType(prefix: "ca"))
        #expect(context(":::tile ‸\n") == .tileType(prefix: ""))
        #expect(context(":::tile chart\ntype: bar\nla‸\n:::\n") == .tileProperty(type: "chart", existing: ["type"], prefix: "la"))
        #expect(context(":::tile chart\ntype: ‸\n:::\n") == .tileValue(type: "chart", key: "type", prefix: ""))
        #expect(context(":::tile callout\nbody: |\n  text ‸\n:::\n") == .none)
        #expect(context(":::tile callout\n:::\n\nti‸") == .none)
        #expect(context("---\ntitle: A\nta‸\n---\n") == .frontMatterKey(existing: ["title"], prefix: "ta"))
        #expect(context("---\ntags: news, rel‸\n---\n") == .frontMatterValue(key: "tags", prefix: "rel", listed: ["news"]))
        #expect(context("---\ntitle: A\n---\n\nta‸") == .none)
        #expect(context("title: Site\nlay‸", uri: "file:///site/tiledown.yml") == .siteConfigurationKey(existing: ["title"], prefix: "lay"))
        #expect(context("layout: ‸", uri: "file:///site/tiledown.yml") == .siteConfigurationValue(key: "layout", prefix: ""))
        #expect(context("key: ‸", uri: "file:///site/data.yml") == .none)
    }

    @Test func tilePropertiesAreTheUnusedOnesRequiredFirst() {
        let labels = CompletionProvider.items(for: .tileProperty(type: "chart", existing: ["type", "title"], prefix: "")).map(\.label)
        #expect(labels == ["labels", "id", "mode", "height", "legend", "series."])
        #expect(CompletionProvider.items(for: .tileValue(type: "chart", key: "legend", prefix: "")).map(\.label) == ["true", "false"])
        #expect(CompletionProvider.items(for: .tileValue(type: "callout", key: "mode", prefix: "")).map(\.label) == ["static", "local", "remote", "proxy", "build"])
        #expect(CompletionProvider.items(for: .tileType(prefix: "")).map(\.label) == ["callout", "counter", "embed", "chart", "mermaid", "service-form", "buttondown"])
    }

    @Test func valuesOfClosedChoicesAndWorkspaceTagsAreOffered() {
        #expect(CompletionProvider.items(for: .siteConfigurationValue(key: "layout", prefix: "")).map(\.label) == ["top-nav", "left-sidebar", "leftSidebar", "topNav"])
        #expect(CompletionProvider.items(for: .frontMatterValue(key: "draft", prefix: "", listed: [])).map(\.label) == ["true", "false"])
        #expect(CompletionProvider.items(for: .frontMatterValue(key: "tags", prefix: "", listed: ["News"]), workspaceTags: ["news", "release"]).map(\.label) == ["release"])
        let keys = CompletionProvider.items(for: .siteConfigurationKey(existing: ["title"], prefix: "")).map(\.label)
        #expect(keys.prefix(3) == ["versionName", "favicon", "baseURL"])
        #expect(keys.contains("social.<network>"))
        #expect(!keys.contains("title"))
    }
}
