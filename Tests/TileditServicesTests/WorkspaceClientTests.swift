import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

@Suite struct WorkspaceClientTests {
    let root: URL

    init() throws {
        root = try TestSupport.makeTemporaryFolder("workspace").resolvingSymlinksInPath()
    }

    @Test func discoversDocumentsWithTitlesTagsDraftsAndProblems() async throws {
        let files = [
            "tiledown.yml": "title: My Site\nsocial.github: https://github.com/me\n",
            "index.md": "---\ntitle: Home\n---\n\n# Welcome\n",
            "posts/hello/index.md": "---\ntitle: Hello\ndate: 2024-01-05\ntags: Swift, Linux ,\ndraft: Yes\n---\n\nText.\n",
            "posts/note.markdown": "Intro\n\n## A *styled* heading ##\n",
            "about/index.md": "Just text.\n",
            "data/team.yaml": "# people\ntitle: \"The Team\"\nmembers: [ann, bob]\n",
            "data/broken.yml": "key: [unclosed\n",
            "warn.md": ":::tile mystery\nx: 1\n:::\n",
            "notes.txt": "not a document\n",
            ".hidden.md": "# Hidden\n",
            ".git/HEAD.md": "# Git\n",
            ".build/a.md": "# Build\n",
            ".tiledit-trash/2024/a.md": "# Trashed\n",
            "node_modules/pkg/readme.md": "# Package\n",
            "dist/a.md": "# Dist\n",
            "_site/a.md": "# Site\n",
            "build/a.md": "# Build\n",
        ]
        func size(_ path: String) -> Int { files[path]?.utf8.count ?? -1 }
        try TestSupport.writeFiles(files, in: root)
        try TestSupport.writeFile([0x23, 0x20, 0x00, 0x01], at: "binary.md", in: root)
        try TestSupport.writeFile(Array("# Caf".utf8) + [0xE9, 0x0A], at: "latin1.md", in: root)
        try TestSupport.writeFile([UInt8](repeating: UInt8(ascii: "a"), count: 2000), at: "huge.md", in: root)

        let workspace = try await WorkspaceClient.live(sizeLimit: 1000).discover(root)

        #expect(workspace == Workspace(root: root, isTiledown: true, documents: [
            DocumentSummary(path: "about/index.md", kind: .markdown, title: "about", dialect: .tiledown, size: size("about/index.md")),
            DocumentSummary(path: "binary.md", kind: .markdown, title: "binary", size: 4, readability: .unreadable(.binary(offset: 2, location: SourceLocation(line: 1, column: 3)))),
            DocumentSummary(path: "data/broken.yml", kind: .yaml, title: "broken", errorCount: 1, size: size("data/broken.yml")),
            DocumentSummary(path: "data/team.yaml", kind: .yaml, title: "The Team", size: size("data/team.yaml")),
            DocumentSummary(path: "huge.md", kind: .markdown, title: "huge", size: 2000, readability: .unreadable(.tooLarge(size: 2000, limit: 1000))),
            DocumentSummary(path: "index.md", kind: .markdown, title: "Home", dialect: .tiledown, size: size("index.md")),
            DocumentSummary(
                path: "latin1.md", kind: .markdown, title: "latin1", size: 7,
                readability: .unreadable(.invalidUTF8(offset: 5, location: SourceLocation(line: 1, column: 6)))),
            DocumentSummary(
                path: "posts/hello/index.md", kind: .markdown, title: "Hello", date: "2024-01-05", tags: ["Swift", "Linux"],
                isDraft: true, dialect: .tiledown, size: size("posts/hello/index.md"), frontMatterLists: ["tags": ["Swift", "Linux"]]),
            DocumentSummary(path: "posts/note.markdown", kind: .markdown, title: "A *styled* heading", dialect: .tiledown, size: size("posts/note.markdown")),
            DocumentSummary(path: "tiledown.yml", kind: .siteConfig, title: "My Site", size: size("tiledown.yml")),
            DocumentSummary(path: "warn.md", kind: .markdown, title: "warn", tileTypes: ["mystery"], dialect: .tiledown, warningCount: 1, size: size("warn.md")),
        ]))
    }

    @Test func listingNamesTheDocumentsWithoutReadingAny() async throws {
        try TestSupport.writeFiles([
            "tiledown.yml": "title: My Site\n",
            "index.md": "---\ntitle: Home\n---\n",
            "posts/hello/index.md": "# Hello\n",
            "data/team.yaml": "title: Team\n",
            ".hidden.md": "# Hidden\n",
        ], in: root)
        let opened = Mutex<[String]>([])
        var fileSystem = FileSystem.live
        let open = fileSystem.openFile
        fileSystem.openFile = { url, mode in
            opened.withLock { $0.append(url.lastPathComponent) }
            return try open(url, mode)
        }

        let workspace = try await WorkspaceClient.live(fileSystem: fileSystem).list(root)

        #expect(opened.withLock { $0 } == [])
        #expect(workspace == Workspace(root: root, isTiledown: true, documents: [
            DocumentSummary(path: "data/team.yaml", kind: .yaml, title: "team", size: 0, isSummarized: false),
            DocumentSummary(path: "index.md", kind: .markdown, title: root.lastPathComponent, dialect: .tiledown, size: 0, isSummarized: false),
            DocumentSummary(path: "posts/hello/index.md", kind: .markdown, title: "hello", dialect: .tiledown, size: 0, isSummarized: false),
            DocumentSummary(path: "tiledown.yml", kind: .siteConfig, title: "tiledown", size: 0, isSummarized: false),
        ]))
    }

    @Test func summariesInTheBackgroundAreWhatDiscoveryReads() async throws {
        var files: [String: String] = ["tiledown.yml": "title: My Site\n", "data/broken.yml": "key: [unclosed\n"]
        for number in 0..<150 {
            files["posts/\(number)/index.md"] = "---\ntitle: Post \(number)\ntags: a, b\n---\n\n:::tile mystery\nx: 1\n:::\n"
        }
        try TestSupport.writeFiles(files, in: root)
        try TestSupport.writeFile([0x23, 0x20, 0x00, 0x01], at: "binary.md", in: root)
        try TestSupport.writeFile([UInt8](repeating: UInt8(ascii: "a"), count: 2000), at: "huge.md", in: root)
        let client = WorkspaceClient.live(sizeLimit: 1000)
        let listed = try await client.list(root)

        var summaries: [DocumentSummary] = []
        var batches = 0
        for await batch in client.summaries(listed, listed.documents.map(\.path) + ["not/listed.md"]) {
            #expect(batch.count <= WorkspaceClient.summaryBatchSize)
            summaries += batch
            batches += 1
        }

        #expect(batches >= 3)
        #expect(summaries.sorted { $0.path < $1.path } == (try await client.discover(root)).documents)
    }

    @Test func discoveryOfAFolderWithoutSiteConfigReadsYAMLFrontMatter() async throws {
        try TestSupport.writeFiles([
            "plain/a.md": "---\ntitle: \"Quoted: yes\"\ntags:\n  - one\n  - two\n---\n",
            "site/tiledown.yml": "title: Site\n",
            "site/posts/b.md": "---\ntitle: \"Quoted: yes\"\ntags: [one, two]\n---\n",
        ], in: root)

        let workspace = try await WorkspaceClient.live().discover(root)

        #expect(!workspace.isTiledown)
        let plain = try #require(workspace.document(at: "plain/a.md"))
        #expect(plain.dialect == .yaml)
        #expect(plain.title == "Quoted: yes")
        #expect(plain.tags == ["one", "two"])
        let site = try #require(workspace.document(at: "site/posts/b.md"))
        #expect(site.dialect == .tiledown)
        #expect(site.title == "\"Quoted: yes\"")
        #expect(site.tags == ["one", "two"])
    }

    @Test func discoveryOfAMissingFolderOrAFileFails() async throws {
        let missing = root.appendingPathComponent("nope")
        await #expect(throws: WorkspaceError.missing(path: missing.path)) { try await WorkspaceClient.live().discover(missing) }
        let file = try TestSupport.writeFile(Array("# A\n".utf8), at: "a.md", in: root)
        await #expect(throws: WorkspaceError.notAFolder(path: file.path)) { try await WorkspaceClient.live().discover(file) }
    }

    @Test func discoveryDoesNotFollowLinkedFoldersButReadsLinkedFiles() async throws {
        try TestSupport.writeFiles(["real/a.md": "# A\n"], in: root)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("loop"), withDestinationURL: root)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("b.md"), withDestinationURL: root.appendingPathComponent("real/a.md"))

        let workspace = try await WorkspaceClient.live().discover(root)

        #expect(workspace.documents.map(\.path) == ["b.md", "real/a.md"])
        #expect(workspace.documents.map(\.title) == ["A", "A"])
    }

    @Test func summarizesOneFileWithTheDialectOfItsTree() async throws {
        try TestSupport.writeFiles([
            "tiledown.yml": "title: Site\n",
            "posts/a.md": "---\ntitle: 'Single'\ndraft: false\n---\n",
        ], in: root)

        let summary = try await WorkspaceClient.live().summarize(root.appendingPathComponent("posts/a.md"), root)

        #expect(summary == DocumentSummary(path: "posts/a.md", kind: .markdown, title: "'Single'", dialect: .tiledown, size: 37))
    }

    @Test func summarizeRefusesFilesOutsideTheWorkspaceAndNonDocuments() async throws {
        let other = try TestSupport.makeTemporaryFolder("other")
        let outside = try TestSupport.writeFile(Array("# A\n".utf8), at: "a.md", in: other)
        await #expect(throws: WorkspaceError.outsideWorkspace(path: outside.path, root: root.path)) {
            try await WorkspaceClient.live().summarize(outside, root)
        }
        let text = try TestSupport.writeFile(Array("x".utf8), at: "a.txt", in: root)
        await #expect(throws: WorkspaceError.notADocument(path: text.path)) {
            try await WorkspaceClient.live().summarize(text, root)
        }
    }

    @Test(.enabled(if: TestSupport.samplesFolder.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent("tiledown-site").path) } ?? false))
    func discoversTheSampleTiledownSite() async throws {
        let site = try #require(TestSupport.samplesFolder).appendingPathComponent("tiledown-site")

        let workspace = try await WorkspaceClient.live().discover(site)

        #expect(workspace.isTiledown)
        #expect(workspace.documents.count == 25)
        #expect(workspace.documents.allSatisfy { $0.isReadable })
        #expect(workspace.documents.allSatisfy { $0.errorCount == 0 })
        let titles = Dictionary(uniqueKeysWithValues: workspace.documents.map { ($0.path, $0.title) })
        #expect(titles["index.md"] == "TileDown")
        #expect(titles["tiledown.yml"] == "TileDown")
        #expect(titles["features/index.md"] == "Feature Tour")
        #expect(titles["posts/index.md"] == "Updates")
        #expect(titles["posts/custom-source-url/index.md"] == "Slug Overrides and References")
        let draft = try #require(workspace.document(at: "posts/draft-preview/index.md"))
        #expect(draft.title == "Draft Preview Only")
        #expect(draft.isDraft)
        #expect(draft.tags == ["Drafts", "Testing"])
        #expect(draft.date == "2026-05-26")
        #expect(workspace.documents.filter(\.isDraft).map(\.path) == ["posts/draft-preview/index.md"])
    }
}

@Suite struct FrontMatterDialectRuleTests {
    @Test(arguments: [
        (["/w/tiledown.yml"], "/w/posts/a/index.md", FrontMatterDialect.tiledown),
        (["/w/site/tiledown.yml"], "/w/site/posts/a.md", .tiledown),
        (["/w/site/tiledown.yml"], "/w/other/a.md", .yaml),
        (["/tiledown.yml"], "/w/a.md", .yaml),
        ([], "/w/a.md", .yaml),
        (["/w/posts/tiledown.yml"], "/w/posts/a.md", .tiledown),
    ])
    func siteConfigInTheFolderOrAnAncestorUpToTheRootSelectsTiledown(configs: [String], file: String, expected: FrontMatterDialect) {
        let configFolders = Set(configs.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
        let dialect = FrontMatterDialectRule.dialect(forFileAt: URL(fileURLWithPath: file), workspaceRoot: URL(fileURLWithPath: "/w")) {
            configFolders.contains($0.standardizedFileURL.path)
        }
        #expect(dialect == expected)
    }

    @Test func withoutARootTheRuleLooksUpToTheFileSystemRoot() {
        let dialect = FrontMatterDialectRule.dialect(forFileAt: URL(fileURLWithPath: "/a/b/c/d.md"), workspaceRoot: nil) {
            $0.standardizedFileURL.path == "/a"
        }
        #expect(dialect == .tiledown)
    }

    @Test func readsTheFileSystem() throws {
        let root = try TestSupport.makeTemporaryFolder("dialect")
        try TestSupport.writeFiles(["tiledown.yml": "title: x\n", "a/b.md": "# B\n"], in: root)
        #expect(FrontMatterDialectRule.dialect(forFileAt: root.appendingPathComponent("a/b.md"), workspaceRoot: root) == .tiledown)
        #expect(FrontMatterDialectRule.dialect(forFileAt: root.appendingPathComponent("a/b.md"), workspaceRoot: root.appendingPathComponent("a")) == .yaml)
    }
}

@Suite struct DocumentMetadataTests {
    @Test(arguments: [
        ("# Title\n", "Title"),
        ("## Closing hashes ##\n", "Closing hashes"),
        ("# C#\n", "C#"),
        ("Setext line one\nline two\n===\n", "Setext line one line two"),
        ("  ### Indented\n", "Indented"),
    ])
    func headingTextDropsTheMarkers(source: String, text: String) {
        #expect(DocumentMetadata.headingText(source) == text)
    }

    @Test(arguments: [
        ("posts/hello/index.md", "hello"),
        ("index.md", "site"),
        ("docs/_index.md", "docs"),
        ("notes/todo.markdown", "todo"),
        ("a.b.md", "a.b"),
    ])
    func fallbackTitlesComeFromTheFileOrItsFolder(path: String, title: String) {
        #expect(DocumentMetadata.fallbackTitle(forPath: path, rootName: "site") == title)
    }

    @Test func titleFallsBackFromFrontMatterToHeadingToFileName() {
        let withField = DocumentMetadata(document: MarkdownDocument("---\ntitle: Field\n---\n\n# Heading\n", dialect: .tiledown), fallbackTitle: "file")
        #expect(withField.title == "Field")
        #expect(withField.titleSource == .frontMatter(blockIndex: 0, line: 2))
        let withHeading = DocumentMetadata(document: MarkdownDocument("---\ntitle:\n---\n\nText\n\n# Heading\n", dialect: .tiledown), fallbackTitle: "file")
        #expect(withHeading.title == "Heading")
        #expect(withHeading.titleSource == .heading(blockIndex: 2, line: 7))
        let bare = DocumentMetadata(document: MarkdownDocument("Text\n", dialect: .tiledown), fallbackTitle: "file")
        #expect(bare.title == "file")
        #expect(bare.titleSource == .fileName)
    }

    @Test(arguments: [
        ("tags: a, b ,c,", FrontMatterDialect.tiledown, ["a", "b", "c"]),
        ("tags: [a, \"b c\"]", .tiledown, ["a", "b c"]),
        ("tags: [a, \"b c\"]", .yaml, ["a", "b c"]),
        ("tags:\n  - a\n  - b", .yaml, ["a", "b"]),
        ("tags: a, b", .yaml, ["a", "b"]),
        ("tags:", .tiledown, []),
    ])
    func tagsReadListsAndCommaText(line: String, dialect: FrontMatterDialect, tags: [String]) {
        let document = MarkdownDocument("---\n\(line)\n---\n", dialect: dialect)
        #expect(DocumentMetadata(document: document, fallbackTitle: "x").tags == tags)
    }

    @Test(arguments: [("true", true), ("yes", true), ("TRUE", true), ("Yes", true), ("false", false), ("no", false), ("1", false)])
    func draftIsTrueOrYes(value: String, isDraft: Bool) {
        let document = MarkdownDocument("---\ndraft: \(value)\n---\n", dialect: .tiledown)
        #expect(DocumentMetadata(document: document, fallbackTitle: "x").isDraft == isDraft)
    }
}
