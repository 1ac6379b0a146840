import Testing
import TileditModel

@Suite("Site configuration (tiledown.yml)")
struct SiteConfigurationTests {
    /// `line:column severity code: message [fix title → replacement]` for each diagnostic.
    private func report(_ text: String) -> [String] {
        let file = YAMLFileDocument(text, dialect: .flat)
        return file.diagnostics.map { diagnostic in
            var line = "\(diagnostic.location) \(diagnostic.severity.rawValue) \(diagnostic.code.rawValue): \(diagnostic.message)"
            if let fix = diagnostic.fix {
                line += " [\(fix.title) → " + fix.edits.map { String(decoding: $0.replacement, as: UTF8.self) }.joined(separator: "|") + "]"
            }
            return line
        }
    }

    @Test func aValidFileHasNoDiagnostics() {
        #expect(report("""
            # Site
            title: Tiledit Example
            baseURL: https://example.org/
            layout: leftSidebar
            fontScale: 1.125
            latestPosts: 5
            theme: unstyled
            appearance: dark
            theme.dark.accent: #63b3ed
            rss: true
            social.github: https://github.com/example
            links.repo: https://example.org/repo
            static.robots.txt: assets/robots.txt
            static..nojekyll: assets/nojekyll
            generate.search: ./make-index
            notFoundRedirect.exact./old/: /new/
            notFoundRedirect.prefix./blog/: /posts/
            newsletter.username: example
            newsletter.footer: false

            """).filter { !$0.contains(" info ") } == [])
    }

    @Test func anUnknownKeyIsAnErrorWithTheNearestKeyAsItsFix() {
        #expect(report("titel: Site\nbaseUrl: https://example.org/\nsocail.github: https://github.com/x\ntheme.light.acent: red\nfavourite: tea\n") == [
            "1:1 error site-config.unknown-key: unknown key `titel`; did you mean `title`? Tiledown stops the build on an unknown key [Use `title` → title]",
            "2:1 error site-config.unknown-key: unknown key `baseUrl`; did you mean `baseURL`? Tiledown stops the build on an unknown key [Use `baseURL` → baseURL]",
            "3:1 error site-config.unknown-key: unknown key `socail.github`; did you mean `social.github`? Tiledown stops the build on an unknown key [Use `social.github` → social.github]",
            "4:1 error site-config.unknown-key: unknown key `theme.light.acent`; did you mean `theme.light.accent`? Tiledown stops the build on an unknown key [Use `theme.light.accent` → theme.light.accent]",
            "5:1 error site-config.unknown-key: unknown key `favourite`; Tiledown stops the build on an unknown key",
        ])
    }

    /// Breaker finding: the nearest key already set would be written twice
    /// by the fix, so none is offered; invisible characters in a key show
    /// as their code points.
    @Test func theNearestKeyIsNotOfferedWhenItIsSetAlreadyAndInvisibleCharactersShow() {
        #expect(report("title: My Site\ntitel: x\nti\u{200B}tle: dup\n\u{A0}rss: true\n").filter { $0.contains("unknown-key") } == [
            "2:1 error site-config.unknown-key: unknown key `titel`; the nearest known key, `title`, is already set on line 1: remove this line or give it another key. Tiledown stops the build on an unknown key",
            "3:1 error site-config.unknown-key: unknown key `ti<U+200B>tle`; the nearest known key, `title`, is already set on line 1: remove this line or give it another key. Tiledown stops the build on an unknown key",
            "4:1 error site-config.unknown-key: unknown key `<U+00A0>rss`; did you mean `rss`? Tiledown stops the build on an unknown key [Use `rss` → rss]",
        ])
    }

    @Test func valuesOfTheWrongKindAreErrorsWithAFixWhereObvious() {
        #expect(report("layout: topnav\ntheme: standrd\nlatestPosts: -2\nfontScale: big\nrss: ture\nstatic.secret: ../etc/passwd\nlatestPosts: 4.0\n") == [
            "1:9 error site-config.invalid-value: `layout` must be one of `top-nav`, `left-sidebar` (or `leftSidebar`, `topNav`); found `topnav` [Use `top-nav` → top-nav]",
            "2:8 error site-config.invalid-value: `theme` must be one of `standard`, `system`, `none` (or `unstyled`); found `standrd` [Use `standard` → standard]",
            "3:14 error site-config.invalid-value: `latestPosts` must be a whole number, 0 or more; found `-2`",
            "4:12 error site-config.invalid-value: `fontScale` must be a number, e.g. `1.1`; found `big`",
            "5:6 error site-config.invalid-value: `rss` must be `true` or `false`; found `ture` [Use `true` → true]",
            "6:16 error site-config.invalid-value: `static.secret` must be a path inside the content folder (not absolute, no `..`); found `../etc/passwd`",
            "7:1 error front-matter.duplicate-key: key `latestPosts` is written twice, on line 3 and line 7; the last one wins, so Tiledit does not edit it until one is removed",
            "7:14 error site-config.invalid-value: `latestPosts` must be a whole number, 0 or more; found `4.0` [Use `4` → 4]",
        ])
    }

    @Test func newsletterKeysNeedAUsername() {
        #expect(report("title: Site\nnewsletter.title: Join\nnewsletter.footer: true\n") == [
            "2:1 error site-config.missing-key: `newsletter.username` (the Buttondown username) is required when a `newsletter.*` key is set",
        ])
        #expect(report("newsletter.title: Join\nnewsletter.username:\n") == [
            "2:1 error site-config.missing-key: `newsletter.username` (the Buttondown username) is required when a `newsletter.*` key is set",
        ])
        #expect(report("newsletter.username: me\n") == [])
    }

    @Test func linesYAMLWouldReadDifferentlyAreExplained() {
        #expect(report("title: \"My Site\"\ntheme.dark.accent: #63b3ed\npostsLabel: Posts # the blog\nrssTitle: Part 1: News\nrssDescription: [draft]\n") == [
            "1:8 warning site-config.yaml-difference: Tiledown keeps the quotes: the value is `\"My Site\"`, quotes included; YAML would read `My Site` [Remove the quotes → My Site]",
            "2:20 info site-config.yaml-difference: Tiledown reads `#63b3ed` as the value; YAML would read a comment and no value",
            "3:13 warning site-config.yaml-difference: Tiledown reads the whole `Posts # the blog` as the value, `#` and all; YAML would end it at the comment and read `Posts`",
            "4:11 info site-config.yaml-difference: Tiledown reads `Part 1: News` as the value; YAML would take the `:` in it for a second key and reject the line",
            "5:17 info site-config.yaml-difference: Tiledown reads `[draft]` as text; YAML would read a list",
        ])
    }

    @Test func tiledownReadsCRLFCommentsAByteOrderMarkAndLinesWithoutAColon() {
        let file = YAMLFileDocument("\u{FEFF}title: Site\r\n  # comment\r\n\r\nno colon here\r\n:empty key\r\n", dialect: .flat)
        #expect(file.fields.map(\.key) == ["title"])
        #expect(file.fields.map(\.value) == ["Site"])
        #expect(file.diagnostics.map { "\($0.location) \($0.message)" } == [
            "4:1 this line is not `key: value`",
            "5:1 this line is not `key: value`",
        ])
    }

    @Test func theSchemaOffersChoicesDefaultsAndDocumentation() throws {
        let schema = SiteConfigurationSchema.tiledown
        let layout = try #require(schema.key("layout"))
        #expect(layout.kind.choices == ["top-nav", "left-sidebar", "leftSidebar", "topNav"])
        #expect(layout.defaultValue == "top-nav")
        #expect(schema.key("rss")?.kind.choices == ["true", "false"])
        #expect(schema.key("social.mastodon")?.displayName == "social.<network>")
        #expect(schema.key("static.robots.txt")?.name == "static.")
        #expect(schema.key("theme.light.bogus") == nil)
        #expect(schema.key("title")?.kind.isClosed == false)
        #expect(layout.documentation == """
            **layout** (one of `top-nav`, `left-sidebar`)

            Page layout: navigation across the top, or in a sidebar on the left.

            Allowed: `top-nav`, `left-sidebar`, `leftSidebar`, `topNav`

            Default: `top-nav`
            """)
    }
}
