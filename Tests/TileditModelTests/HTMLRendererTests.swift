import Foundation
import Testing
import TileditTestSupport
@testable import TileditModel

@Suite struct HTMLRendererTests {
    private func body(_ text: String, dialect: FrontMatterDialect = .tiledown) -> String {
        HTMLRenderer().renderBody(MarkdownDocument(text, dialect: dialect))
    }

    // MARK: Prose

    @Test func escapesScriptTagsInProseAsText() {
        #expect(body("Hi <script>alert(1)</script> *there*\n")
            == "<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; <em>there</em></p>\n")
    }

    /// cmark-gfm keeps the inline characters of extensions in one
    /// process-wide table; renders running at once must not lose them.
    @Test func rendersStrikethroughAndAutolinksWhenManyRendersRunAtOnce() async {
        let document = MarkdownDocument("Some ~~old~~ text, see www.example.com.\n", dialect: .yaml)
        let outputs = await withTaskGroup(of: String.self) { group in
            for _ in 0..<400 { group.addTask { HTMLRenderer().renderBody(document) } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        let expected = HTMLRenderer().renderBody(document)
        #expect(expected.contains("<del>old</del>") && expected.contains("<a href=\"http://www.example.com\">"))
        #expect(outputs.filter { $0 != expected }.count == 0)
    }

    @Test func rendersRawHTMLBlocksAsEscapedHTMLCode() {
        #expect(body("<div onclick=\"x()\">\n<script>alert(1)</script>\n</div>\n")
            == "<pre><code class=\"language-html\">&lt;div onclick=&quot;x()&quot;&gt;\n&lt;script&gt;alert(1)&lt;/script&gt;\n&lt;/div&gt;\n</code></pre>\n")
    }

    @Test func dropsJavaScriptLinkTargets() {
        #expect(body("[x](javascript:alert(1))\n") == "<p><a href=\"\">x</a></p>\n")
    }

    @Test func rendersGFMTablesStrikethroughAutolinksAndTaskLists() {
        let html = body("| a | b |\n|---|--:|\n| 1 | 2 |\n\n~~old~~ www.example.com\n\n- [ ] open\n- [x] done\n")
        #expect(html == """
            <table>
            <thead>
            <tr>
            <th>a</th>
            <th align="right">b</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>1</td>
            <td align="right">2</td>
            </tr>
            </tbody>
            </table>
            <p><del>old</del> <a href="http://www.example.com">www.example.com</a></p>
            <ul>
            <li><input type="checkbox" disabled="" /> open</li>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            </ul>

            """)
    }

    @Test func keepsAListWholeWithinARunOfProse() {
        #expect(body("- a\n\n- b\n") == "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n")
    }

    @Test func resolvesALinkReferenceDefinedAfterATile() {
        let html = body("See [the docs][docs].\n\n:::tile counter\n:::\n\n[docs]: https://example.com/docs \"Docs\"\n")
        #expect(html == """
            <p>See <a href="https://example.com/docs" title="Docs">the docs</a>.</p>
            <div class="tile tile-counter">
            <button type="button" data-count="0"><span class="tile-counter-label">Clicks</span> <output class="tile-counter-count">0</output></button>
            </div>

            """)
    }

    @Test func keepsDefinitionsOutOfAnUnclosedFenceAtTheEnd() {
        let html = body("[x]: /target\n\n:::tile counter\nlabel: C\n:::\n\n```\ncode [x]\n")
        #expect(html.hasSuffix("</div>\n<pre><code>code [x]\n</code></pre>\n"))
    }

    @Test func rendersDisplayMathWithTheTeXEscaped() {
        #expect(body("$$\na < b & c\n$$\n") == "<div class=\"math math-display\">a &lt; b &amp; c</div>\n")
    }

    @Test func marksFencedChartAndMermaidCodeWithTheirMeaning() {
        #expect(body("```chart\ntype: bar\n```\n\n```mermaid\nA --> B\n```\n\n```swift\nlet a = 1\n```\n") == """
            <pre data-meaning="chart"><code class="language-chart">type: bar
            </code></pre>
            <pre data-meaning="mermaid"><code class="language-mermaid">A --&gt; B
            </code></pre>
            <pre><code class="language-swift">let a = 1
            </code></pre>

            """)
    }

    @Test func leavesFrontMatterOutOfTheBody() {
        #expect(body("---\ntitle: Hello\n---\nText\n") == "<p>Text</p>\n")
        #expect(body("---\ntitle: Hello\n---\nText\n", dialect: .yaml) == "<p>Text</p>\n")
    }

    // MARK: Tiles

    @Test func rendersACalloutWithItsTitleAndMultiLineBodyEscaped() {
        let html = body("# Top\n\n:::tile callout\nid: warn\ntitle: Use <b> & \"quotes\"\nbody: |\n  Line <one>\n  line two\n\n  Second <script>x</script>\n:::\n")
        #expect(html == """
            <h1>Top</h1>
            <aside class="tile tile-callout" role="note" id="warn">
            <h2 class="tile-title">Use &lt;b&gt; &amp; &quot;quotes&quot;</h2>
            <p>Line &lt;one&gt;<br>
            line two</p>
            <p>Second &lt;script&gt;x&lt;/script&gt;</p>
            </aside>

            """)
    }

    @Test func givesACalloutTheDefaultTitleAndAHeadingBelowItsSection() {
        #expect(body("### Deep\n\n:::tile callout\nbody: Hi\n:::\n") == """
            <h3>Deep</h3>
            <aside class="tile tile-callout" role="note">
            <h4 class="tile-title">Note</h4>
            <p>Hi</p>
            </aside>

            """)
    }

    @Test func escapesTilePropertiesInAttributes() {
        let html = body("""
            :::tile callout
            id: a"onclick="x
            :::

            :::tile chart
            type: bar"><script>
            labels: <a>
            height: 300"x
            legend: no'
            series.<S>: 1
            :::

            :::tile service-form
            service: s"><script>
            operation: o'
            mode: proxy"
            submitLabel: <Go>
            :::

            """)
        #expect(html == """
            <aside class="tile tile-callout" role="note" id="a&quot;onclick=&quot;x">
            <h2 class="tile-title">Note</h2>
            </aside>
            <figure class="tile tile-chart" data-chart-type="bar&quot;&gt;&lt;script&gt;" data-height="300&quot;x" data-legend="no&#39;">
            <figcaption>Chart</figcaption>
            <table>
            <thead>
            <tr><th scope="col">Series</th><th scope="col">&lt;a&gt;</th></tr>
            </thead>
            <tbody>
            <tr><th scope="row">&lt;S&gt;</th><td>1</td></tr>
            </tbody>
            </table>
            </figure>
            <form class="tile tile-service-form" data-service="s&quot;&gt;&lt;script&gt;" data-operation="o&#39;" data-mode="proxy&quot;">
            <button type="submit">&lt;Go&gt;</button>
            </form>

            """)
    }

    @Test(arguments: [
        ("https://www.youtube.com/watch?v=jNQXAC9IVRw", "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw"),
        ("https://youtube.com/watch?feature=share&v=jNQXAC9IVRw&t=10s", "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw"),
        ("https://m.youtube.com/watch?v=abc_DEF-123", "https://www.youtube-nocookie.com/embed/abc_DEF-123"),
        ("https://youtu.be/jNQXAC9IVRw?si=xyz", "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw"),
        ("https://www.youtube.com/embed/jNQXAC9IVRw", "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw"),
        ("HTTPS://WWW.YOUTUBE.COM/watch?v=jNQXAC9IVRw", "https://www.youtube-nocookie.com/embed/jNQXAC9IVRw"),
        ("https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"),
        ("https://player.vimeo.com/video/76979871?h=1", "https://player.vimeo.com/video/76979871"),
    ])
    func rewritesVideoPagesToTheirPrivacyFriendlyPlayer(url: String, player: String) {
        #expect(body(":::tile embed\nurl: \(url)\ntitle: A <clip>\naspectRatio: 4/3\n:::\n") == """
            <figure class="tile tile-embed" style="aspect-ratio: 4 / 3">
            <iframe src="\(player)" title="A &lt;clip&gt;" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="encrypted-media; fullscreen; picture-in-picture" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>
            </figure>

            """)
    }

    @Test func rendersAMediaFileAsAVideoWithTheDefaultAspectRatio() {
        #expect(body(":::tile embed\nurl: https://example.com/a\"b.webm\n:::\n") == """
            <figure class="tile tile-embed" style="aspect-ratio: 16 / 9">
            <video controls preload="metadata" title="Embedded video"><source src="https://example.com/a&quot;b.webm" type="video/webm"></video>
            </figure>

            """)
    }

    @Test(arguments: ["javascript:alert(1)", "http://example.com/a.mp4", "https://youtu.be/", "https://vimeo.com/abc"])
    func showsANoticeForAnUnsupportedVideoAddress(url: String) {
        #expect(body(":::tile embed\nurl: \(url)\n:::\n") == """
            <div class="tile tile-embed tile-invalid" role="note">
            <p class="tile-notice">This video address is not supported (use a YouTube or Vimeo page, or an https .mp4, .webm or .ogg file): <code>\(url)</code></p>
            </div>

            """)
    }

    @Test func rendersAChartAsAnAccessibleDataTable() {
        let html = body(":::tile chart\ntype: bar\ntitle: Downloads & stars\nlabels: Jan, Feb, Mar\nseries.Downloads: 10, 20, 30\nseries.Stars:\n- 1\n- 2\n:::\n")
        #expect(html == """
            <figure class="tile tile-chart" data-chart-type="bar">
            <figcaption>Downloads &amp; stars</figcaption>
            <table>
            <thead>
            <tr><th scope="col">Series</th><th scope="col">Jan</th><th scope="col">Feb</th><th scope="col">Mar</th></tr>
            </thead>
            <tbody>
            <tr><th scope="row">Downloads</th><td>10</td><td>20</td><td>30</td></tr>
            <tr><th scope="row">Stars</th><td>1</td><td>2</td><td></td></tr>
            </tbody>
            </table>
            </figure>

            """)
    }

    @Test func rendersMermaidAsAnEscapedDefinition() {
        #expect(body(":::mermaid\ngraph TD\n  A[<b>] --> B\n:::\n") == """
            <pre class="mermaid tile tile-mermaid">graph TD
              A[&lt;b&gt;] --&gt; B</pre>

            """)
    }

    @Test func rendersACounterWithItsLabelEscaped() {
        #expect(body(":::tile counter\nlabel: <Press>\n:::\n") == """
            <div class="tile tile-counter">
            <button type="button" data-count="0"><span class="tile-counter-label">&lt;Press&gt;</span> <output class="tile-counter-count">0</output></button>
            </div>

            """)
    }

    @Test func rendersAButtondownFormPostingToTheEncodedUsername() {
        let html = body("""
            :::tile buttondown
            username: my news/"x"
            title: <Dispatch>
            body: Notes & news
            emailLabel: Your "email"
            placeholder: you@<example>.com
            buttonLabel: Join <now>
            note: No <spam>
            poweredBy: yes
            tags:
            - swift
            - a"b
            :::

            """)
        #expect(html == """
            <form class="tile tile-buttondown" method="post" action="https://buttondown.com/api/emails/embed-subscribe/my%20news%2F%22x%22">
            <h2 class="tile-title">&lt;Dispatch&gt;</h2>
            <p>Notes &amp; news</p>
            <label>Your &quot;email&quot; <input type="email" name="email" placeholder="you@&lt;example&gt;.com" autocomplete="email" required></label>
            <input type="hidden" name="embed" value="1">
            <input type="hidden" name="tag" value="swift">
            <input type="hidden" name="tag" value="a&quot;b">
            <button type="submit">Join &lt;now&gt;</button>
            <p class="tile-note">No &lt;spam&gt;</p>
            <p class="tile-powered-by"><a href="https://buttondown.com/refer/my%20news%2F%22x%22">Powered by Buttondown</a></p>
            </form>

            """)
    }

    @Test func rendersRecentPostsAsANotice() {
        #expect(body(":::recent:::\n") == """
            <nav class="recent-posts" aria-label="Recent posts">
            <p class="tile-notice">Recent posts are listed here when the site is built.</p>
            </nav>

            """)
    }

    @Test func rendersAnUnknownTileAsANoticeListingItsPropertiesEscaped() {
        #expect(body(":::tile <poll>\nquestion: <script>alert(1)</script>\nanswers:\n- yes\n- no\n:::\n") == """
            <div class="tile tile-unknown" role="note">
            <p class="tile-notice">Unknown tile type <code>&lt;poll&gt;</code>: kept as written, not rendered.</p>
            <dl>
            <dt>question</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>
            <dt>answers</dt><dd>yes, no</dd>
            </dl>
            </div>

            """)
    }

    @Test func rendersARawBlockEscapedWithANotice() throws {
        let document = MarkdownDocument(":::tile callout\ntitle: <x>\n:::tile counter\n:::\n", dialect: .tiledown)
        let raw = try #require(document.blocks.first)
        guard case .raw(.tile(type: "callout")) = raw.kind else {
            Issue.record("expected a raw callout, got \(raw.kind)")
            return
        }
        let message = try #require(raw.diagnostics.first?.message)
        #expect(HTMLRenderer().renderBody(document) == """
            <p class="raw-block-notice" role="note">Not rendered: this <code>callout</code> tile could not be read, so it is shown as written. \(HTMLText.escaped(message))</p>
            <pre class="raw-block">:::tile callout
            title: &lt;x&gt;
            :::tile counter
            :::</pre>

            """)
    }

    // MARK: Page

    @Test func rendersAPageTitledByTheFrontMatter() {
        let document = MarkdownDocument("---\ntitle: A <Title>\ndescription: About \"this\"\n---\n# Heading\n", dialect: .tiledown)
        #expect(HTMLRenderer(stylesheet: "body {}\n").renderPage(document) == """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>A &lt;Title&gt;</title>
            <meta name="description" content="About &quot;this&quot;">
            <style>
            body {}
            </style>
            </head>
            <body>
            <main>
            <h1>Heading</h1>
            </main>
            </body>
            </html>

            """)
    }

    @Test(arguments: [
        ("---\ntitle: \"Quoted\"\n---\nText\n", "Quoted"),
        ("Intro\n\n## The *first* heading\n", "The first heading"),
        ("Just text\n", "Untitled"),
    ])
    func titlesThePageFromFrontMatterThenTheFirstHeading(source: String, title: String) {
        #expect(HTMLRenderer().title(of: MarkdownDocument(source, dialect: .tiledown)) == title)
    }

    @Test func takesAYAMLTitleAsParsed() {
        #expect(HTMLRenderer().title(of: MarkdownDocument("---\ntitle: '\"It''s\"'\n---\n", dialect: .yaml)) == "\"It's\"")
    }

    @Test func rendersTheSameBytesEveryTime() {
        let document = MarkdownDocument("# A\n\n:::tile chart\ntype: pie\nlabels: a, b\nseries.S: 1, 2\n:::\n", dialect: .tiledown)
        #expect(HTMLRenderer().renderPage(document) == HTMLRenderer().renderPage(document))
    }

    @Test(.enabled(if: TestSupport.samplesFolder != nil))
    func rendersEverySampleDocumentWithoutPassingMarkupThrough() throws {
        let folder = try #require(TestSupport.samplesFolder)
        let files = markdownFiles(in: folder)
        #expect(!files.isEmpty)
        for file in files {
            let document = MarkdownDocument(bytes: Array(try Data(contentsOf: file)), dialect: .tiledown)
            let html = HTMLRenderer().renderPage(document)
            #expect(html.hasPrefix("<!doctype html>\n"), "\(file.path)")
            #expect(!html.contains("<script"), "\(file.path)")
            #expect(!html.contains("raw HTML omitted"), "\(file.path)")
        }
    }
}

/// Every `.md` file under `folder`, sorted by path.
func markdownFiles(in folder: URL) -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
}
