import Testing

/// The scenario player's readings of a screen, on captured rows (no tmux):
/// what makes an expectation hold, and what must not.
@Suite("Scenario player's screen readings")
struct ScreenReadingTests {
    static let preview = [
        " ┌─ front matter ───────────────────────────────┐",
        " │ title: Posts                                 │",
        " │ description: Notes in date order, a long one │",
        " │   that wraps.                                │",
        " └──────────────────────────────────────────────┘",
        "",
        " # All the posts",
        "",
        " ┌─ recent posts ───────────────────────────────┐",
        "",
    ]

    @Test func previewLinesMatchInOrderAcrossWrappedRows() {
        let expected = ["┌─ front matter…", "~title: Posts", "~description: Notes in date order", "└…", "", "# All the posts", "", "┌─ recent posts…"]
        #expect(ScenarioPlayer.previewRows(Self.preview, show: expected))
    }

    @Test func previewLinesThatDifferDoNotMatch() {
        #expect(!ScenarioPlayer.previewRows(Self.preview, show: ["┌─ front matter…", "~title: Posts", "~description", "└…", "", "# Posts"]))
        #expect(!ScenarioPlayer.previewRows(Self.preview, show: ["~title: Posts"]))
        #expect(!ScenarioPlayer.previewRows(Self.preview, show: ["┌─ front matter…", "~title: Posts", "└…", "# All the posts"]))
    }

    @Test func blockRowsMatchKindAndSummaryOrAPart() {
        let row = "│┃ 4 tile chart     visits-chart · Visits …┃│"
        #expect(ScenarioPlayer.blockRow(row, number: " 4", shows: "tile chart: visits-chart · Visits per month"))
        #expect(ScenarioPlayer.blockRow(row, number: " 4", shows: "~tile chart: visits-chart"))
        #expect(ScenarioPlayer.blockRow(row, number: " 4", shows: "~tile chart"))
        #expect(!ScenarioPlayer.blockRow(row, number: " 4", shows: "tile chart: Share of tiles"))
        #expect(!ScenarioPlayer.blockRow(row, number: " 4", shows: "~paragraph"))
        #expect(!ScenarioPlayer.blockRow(row, number: " 4", shows: "chart: visits-chart"))
    }

    @Test func documentTitlesMatchInTheirOrder() {
        let screen = Capture("""
            ┏ Documents · 4 of 9 · … ┓┌ Blocks
            ┃ Filter: post           ┃│
            ┃ A newsletter sign-up d…┃│
            ┃›Charts and diagrams  p…┃│
            ┃ Hello, Tiledit  posts/…┃│
            ┃*Posts  posts/index.md  ┃│
            """, height: 6)
        #expect(ScenarioPlayer.documentRows(screen, showInOrder: ["A newsletter", "Charts and d", "Hello, Tiled", "Posts"]))
        #expect(!ScenarioPlayer.documentRows(screen, showInOrder: ["Charts and d", "A newsletter", "Hello, Tiled", "Posts"]))
    }
}

extension ScreenReadingTests {
    @Test func frontMatterIsReadFromThePreviewBoxWrappedValuesJoined() {
        let lines = [
            "│  ┌ Unsaved edits found ──┐   ││ ┌─ front matter ─────────────┐│",
            "│  │ found.                │   ││ │ title: About               ││",
            "│  └───────────────────────┘   ││ │ description: Who writes    ││",
            "│                              ││ │   this site.               ││",
            "│                              ││ └────────────────────────────┘│",
        ]
        #expect(ScenarioPlayer.previewFrontMatter(lines) == ["title: About", "description: Who writes this site."])
        #expect(ScenarioPlayer.previewFrontMatter(["│ # Posts │"]).isEmpty)
    }

    @Test func aFieldsMessageIsTheRowsUnderItIndentedToTheValues() {
        let screen = Capture("""
            ┌ Inspector · tile embed ──────────────┐
            │ id           embed-1                 │
            │•url*         ftp://example.com/video │
            │              ✖ `url` must be a       │
            │              YouTube page            │
            │ title        not set                 │
            │                                      │
            │ Problems                             │
            │ ✖ tile `embed` needs `url`           │
            └──────────────────────────────────────┘
            """, height: 10)
        #expect(ScenarioPlayer.fieldMessage("url", in: screen) == "✖ `url` must be a YouTube page")
        #expect(ScenarioPlayer.fieldMessage("title", in: screen) == nil)
        #expect(ScenarioPlayer.fieldMessage("id", in: screen) == nil)
    }
}
