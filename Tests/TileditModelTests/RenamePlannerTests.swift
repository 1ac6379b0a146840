import Testing
import TileditModel

/// What a rename writes, byte for byte: each link form pointing at the
/// moved page (relative with `../`, root-relative, the site URL from the
/// path and from the slug, fragments and queries, angle brackets and
/// titles, reference definitions, `page:` references, CRLF files), the
/// slug following the name, the moved page's own relative links, and
/// nothing else: not code, not tiles, not other links.
@Suite("Rename planner")
struct RenamePlannerTests {
    private func source(_ path: String, _ text: String) -> RenameSource {
        RenameSource(path: path, bytes: Array(text.utf8), dialect: .tiledown)
    }

    private func after(_ plan: RenamePlan, _ path: String) -> String? {
        plan.edits.first { $0.path == path }.map { String(decoding: $0.after, as: UTF8.self) }
    }

    private static let existing: Set<String> = [
        "", "index.md", "posts", "posts/hello", "posts/hello/index.md", "posts/hello/cover.png", "posts/other", "posts/other/index.md",
        "notes.md", "assets", "assets/logo.svg", "about.md",
    ]

    private func plan(_ move: DocumentMove, _ documents: [RenameSource]) -> RenamePlan {
        RenamePlanner.plan(move, documents: documents, readsReferences: true) { Self.existing.contains($0) }
    }

    @Test func everyLinkFormToAMovedBundleFollowsItAndNothingElseChanges() throws {
        let home = """
        ---
        title: Home
        ---
        - [file](posts/hello/index.md) and [dot](./posts/hello/index.md#intro)
        - [url](/posts/hello/) [bare url](/posts/hello) [root file](/posts/hello/index.md?v=2#top)
        - [angle](</posts/hello/> "Title") ![cover](/posts/hello/cover.png)
        - [ref][r], [page](page:posts/hello#part), [slug url](/writing/hi/)
        - `[code](/posts/hello/)` and [elsewhere](https://example.com/posts/hello/) and [other](/posts/other/)

        ```
        [fenced](/posts/hello/)
        ```

        :::tile callout
        body: see [tile](/posts/hello/)
        :::

        [r]: /posts/hello/ 'Ref title'
        [unrelated]: /posts/hellos/

        """
        let other = "# Other\r\n\r\nBack to [hello](../hello/index.md), [up](../hello/), [sibling](../hello/cover.png).\r\n"
        let moved = """
        ---
        title: Hello
        slug: writing/hi
        ---
        # Hello

        [Home](../../index.md), [other](../other/index.md), ![own](cover.png), [self](#top).

        """
        let plan = plan(
            DocumentMove(source: "posts/hello/index.md", destination: "posts/greetings/index.md"),
            [source("index.md", home), source("posts/other/index.md", other), source("posts/hello/index.md", moved), source("notes.md", "Nothing [here](a.md).\n")])

        #expect(plan.edits.map(\.path) == ["posts/hello/index.md", "index.md", "posts/other/index.md"])
        #expect(plan.edits.map(\.newPath) == ["posts/greetings/index.md", "index.md", "posts/other/index.md"])
        #expect(plan.notes.isEmpty)
        // The slug's last segment follows the new name.
        #expect(after(plan, "posts/hello/index.md") == moved.replacingOccurrences(of: "slug: writing/hi", with: "slug: writing/greetings"))
        #expect(plan.edits.first?.changesSlug == true)
        #expect(after(plan, "index.md") == """
        ---
        title: Home
        ---
        - [file](posts/greetings/index.md) and [dot](./posts/greetings/index.md#intro)
        - [url](/posts/greetings/) [bare url](/posts/greetings) [root file](/posts/greetings/index.md?v=2#top)
        - [angle](</posts/greetings/> "Title") ![cover](/posts/greetings/cover.png)
        - [ref][r], [page](page:writing/greetings#part), [slug url](/writing/greetings/)
        - `[code](/posts/hello/)` and [elsewhere](https://example.com/posts/hello/) and [other](/posts/other/)

        ```
        [fenced](/posts/hello/)
        ```

        :::tile callout
        body: see [tile](/posts/hello/)
        :::

        [r]: /posts/greetings/ 'Ref title'
        [unrelated]: /posts/hellos/

        """)
        #expect(after(plan, "posts/other/index.md")
            == "# Other\r\n\r\nBack to [hello](../greetings/index.md), [up](../greetings/), [sibling](../greetings/cover.png).\r\n")
        #expect(plan.edits.map(\.linkCount) == [0, 10, 3])
    }

    @Test func aMovedFilesOwnRelativeLinksAreWrittenFromItsNewFolder() {
        let moved = "See [home](index.md), [about](./about.md#team), [logo](assets/logo.svg), [gone](missing.md), [top](./) and [self](notes.md#x).\n"
        let linking = "[Notes](notes.md) and [url](/notes/)\n"
        let plan = plan(
            DocumentMove(source: "notes.md", destination: "archive/2024/old-notes.md"),
            [source("notes.md", moved), source("about.md", linking)])
        #expect(after(plan, "notes.md")
            == "See [home](../../index.md), [about](../../about.md#team), [logo](../../assets/logo.svg), [gone](missing.md), [top](../../) and [self](old-notes.md#x).\n")
        #expect(after(plan, "about.md") == "[Notes](archive/2024/old-notes.md) and [url](/archive/2024/old-notes/)\n")
        #expect(plan.edits.first?.changesSlug == false)
    }

    @Test func aNameWithSpacesIsWrittenAsTheLinkWroteIt() {
        let linking = "[a](<old page.md>) [b](old%20page.md) [c](/old%20page/)\n"
        let plan = plan(DocumentMove(source: "old page.md", destination: "new page (1).md"), [source("old page.md", "Old\n"), source("index.md", linking)])
        #expect(after(plan, "index.md") == "[a](<new page (1).md>) [b](new%20page%20\\(1\\).md) [c](/new%20page%20\\(1\\)/)\n")
    }

    @Test func aCRLFFileKeepsItsLineEndingsAndOnlyTheDestinationsChange() {
        let linking = "---\r\ntitle: T\r\n---\r\n[a](posts/hello/index.md)\r\n\r\n[d]:\r\n  /posts/hello/\r\n  \"Title\"\r\n"
        let plan = plan(
            DocumentMove(source: "posts/hello/index.md", destination: "archive/hello/index.md"),
            [source("posts/hello/index.md", "# Hi\r\n"), source("index.md", linking)])
        #expect(after(plan, "index.md") == "---\r\ntitle: T\r\n---\r\n[a](archive/hello/index.md)\r\n\r\n[d]:\r\n  /archive/hello/\r\n  \"Title\"\r\n")
    }

    @Test func postReferencesStayPostsWhileThePostStaysAPost() {
        let linking = "[a](post:hello) [b](page:posts/hello) [c](post:other)\n"
        let stays = plan(DocumentMove(source: "posts/hello/index.md", destination: "posts/bonjour/index.md"), [source("posts/hello/index.md", "# Hi\n"), source("index.md", linking)])
        #expect(after(stays, "index.md") == "[a](post:bonjour) [b](page:posts/bonjour) [c](post:other)\n")
        let leaves = plan(DocumentMove(source: "posts/hello/index.md", destination: "pages/hello/index.md"), [source("posts/hello/index.md", "# Hi\n"), source("index.md", linking)])
        #expect(after(leaves, "index.md") == "[a](page:pages/hello) [b](page:pages/hello) [c](post:other)\n")
    }

    @Test(arguments: [
        ("writing/hi", "posts/hello/index.md", "posts/greetings/index.md", "writing/greetings"),
        ("/posts/hello/", "posts/hello/index.md", "notes/hello/index.md", "/notes/hello/"),
        ("posts/hi", "posts/hello/index.md", "notes/greetings/index.md", "notes/greetings"),
        ("hi", "posts/a.md", "posts/b.md", "b"),
        ("hi", "posts/a.md", "notes/a.md", nil),
    ] as [(String, String, String, String?)])
    func theSlugFollowsTheNameAndTheFolderItNamed(slug: String, from source: String, to destination: String, expected: String?) {
        #expect(SlugRule.slug(slug, after: DocumentMove(source: source, destination: destination)) == expected)
    }
}
