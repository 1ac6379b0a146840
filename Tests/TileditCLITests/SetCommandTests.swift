import Foundation
import Testing
import TileditCLI
import TileditServices
import TileditTestSupport

@Suite("tiledit set")
struct SetCommandTests {
    static let tiles = """
        # Page

        :::tile callout
        id: first
        title: One
        :::

        :::tile callout
        id: second
        title: Two
        :::

        """

    @Test(.enabled(if: TestSupport.samplesFolder != nil))
    func aFrontMatterFieldChangesOnlyItsLine() async throws {
        let samples = try #require(TestSupport.samplesFolder)
        let folder = try makeFolder()
        // The whole site, so the file is read in Tiledown's dialect as in place.
        try FileManager.default.copyItem(at: samples.appendingPathComponent("tiledown-site"), to: folder.appendingPathComponent("site"))
        // The samples are read-only; the copy is the user's own, writable page.
        try TestSupport.setPermissions(0o644, of: folder.appendingPathComponent("site/index.md"))
        let original = try text(of: "site/index.md", in: folder)
        #expect(original.hasPrefix("---\ntitle: TileDown\n"))

        let run = await CommandRun.run(["set", "site/index.md", "--front-matter", "title=Tiledown: the site"], in: folder)
        #expect(run == CommandRun(status: 0))
        let expected = original.replacingOccurrences(of: "---\ntitle: TileDown\n", with: "---\ntitle: Tiledown: the site\n")
        #expect(try text(of: "site/index.md", in: folder) == expected)
    }

    @Test func aTileIsNamedByItsIDOrByItsPosition() async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        let run = await CommandRun.run(["set", "page.md", "--tile", "second", "title=Zwei", "--tile", "#1", "body=First body"], in: folder)
        #expect(run == CommandRun(status: 0))
        #expect(try text(of: "page.md", in: folder) == """
            # Page

            :::tile callout
            id: first
            title: One
            body: First body
            :::

            :::tile callout
            id: second
            title: Zwei
            :::

            """)
    }

    @Test func theValueIsTheTextAfterTheFirstEqualsSignTakenAsTyped() async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        #expect(await CommandRun.run(["set", "page.md", "--tile", "#2", #"title=a=b\nc"#, "--tile", "first", "title="], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "page.md", in: folder) == Self.tiles
            .replacingOccurrences(of: "title: Two", with: #"title: a=b\nc"#)
            .replacingOccurrences(of: "title: One", with: "title:"))
    }

    @Test func anEditThatLeavesAWarningIsWrittenAndTheWarningPrinted() async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        let run = await CommandRun.run(["set", "page.md", "--tile", "first", "bogus=x"], in: folder)
        #expect(run == CommandRun(status: 0, standardError: "page.md:6:1: warning: tile `callout` has no property `bogus`; it is kept as written\n"))
        #expect(try text(of: "page.md", in: folder) == Self.tiles.replacingOccurrences(of: "title: One\n", with: "title: One\nbogus: x\n"))
    }

    @Test func aRefusedEditWritesNothingAndExitsOne() async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        let run = await CommandRun.run(["set", "page.md", "--tile", "first", "title=Uno", "--tile", "second", "id=first"], in: folder)
        #expect(run == CommandRun(status: 1, standardError: "page.md:9:1: error: tile id `first` is already used in this document\n"))
        #expect(try text(of: "page.md", in: folder) == Self.tiles)
    }

    /// `set` takes a value by the rule the editor's fields check typed
    /// values with: a value that breaks it (no day of the calendar, a number
    /// out of range, a word where a boolean goes) is refused with the error
    /// `check` would report, and nothing is written; a valid value of the
    /// same field is written.
    @Test(arguments: [
        ("--front-matter", "date=2026-02-30", "page.md:2:7: error: `date` must be a date written YYYY-MM-DD; found `2026-02-30`"),
        ("--front-matter", "date=2100-02-29", "page.md:2:7: error: `date` must be a date written YYYY-MM-DD; found `2100-02-29`"),
        ("--front-matter", "draft=maybe", "page.md:3:8: error: `draft` must be true or false (yes/no and on/off are text in YAML, 1/0 numbers); found `maybe`"),
        ("--front-matter", "draft=yes", "page.md:3:8: error: `draft` must be true or false, written without quotes; found `\"yes\"`, which YAML reads as text"),
        ("--front-matter", "draft=1", "page.md:3:8: error: `draft` must be true or false (yes/no and on/off are text in YAML, 1/0 numbers); found `1`"),
        ("--front-matter", "weight=007", "page.md:3:9: error: `weight` must be a whole number, written without quotes; found `\"007\"`, which YAML reads as text"),
        ("--tile", "height=5000", "page.md:9:9: error: `height` must be a whole number from 240 to 720; found `5000`"),
    ])
    func aValueThatBreaksItsFieldsRuleIsRefusedAsInTheEditor(option: String, assignment: String, error: String) async throws {
        let source = "---\ndate: 2026-01-01\n---\n\n:::tile chart\nid: c\ntype: bar\nlabels: a, b\nheight: 300\nseries.A: 1, 2\n:::\n"
        let folder = try makeFolder(["page.md": source])
        let arguments = option == "--tile" ? ["set", "page.md", option, "c", assignment] : ["set", "page.md", option, assignment]
        let run = await CommandRun.run(arguments, in: folder)
        #expect(run == CommandRun(status: 1, standardError: error + "\npage.md: the edit was refused, since it would leave the errors above; nothing was written\n"))
        #expect(try text(of: "page.md", in: folder) == source)
        let valid = option == "--tile" ? ["set", "page.md", "--tile", "c", "height=720"] : ["set", "page.md", "--front-matter", "date=2024-02-29"]
        #expect(await CommandRun.run(valid, in: folder) == CommandRun(status: 0))
        #expect(try text(of: "page.md", in: folder) != source)
    }

    @Test func aTileThatCannotBeReadIsRefusedWithItsError() async throws {
        let source = ":::tile callout\nid: outer\n:::tile callout\ntitle: Inner\n:::\n:::\n\nAfter.\n"
        let folder = try makeFolder(["nested.md": source])
        let run = await CommandRun.run(["set", "nested.md", "--tile", "#1", "title=X"], in: folder)
        #expect(run == CommandRun(status: 1, standardError: """
            nested.md:3:1: error: a tile cannot start inside tile `outer` (opened at line 1); tiles do not nest
            nested.md: tile `#1` cannot be edited until the errors above are fixed; nothing was written

            """))
        #expect(try text(of: "nested.md", in: folder) == source)
    }

    /// A list or mapping is not one value: the refusal says how to reach one inside it.
    @Test(arguments: [
        ("page.md", "---\ntags: [a, b]\n---\nText\n", ["--front-matter", "tags=c"], "page.md:2:7: error: `tags` is a list, not a single value; set one item by its index from 0 (`tags.0`)\n"),
        ("page.md", "---\nauthor:\n  name: A\n---\nText\n", ["--front-matter", "author=B"], "page.md:3:3: error: `author` is a mapping, not a single value; set one of its keys (`author.KEY`)\n"),
        ("data.yml", "items:\n  - x\n", ["--yaml", "items=y"], "data.yml:2:3: error: `items` is a list, not a single value; set one item by its index from 0 (`items.0`)\n"),
    ])
    func aCollectionIsRefusedWithTheWayToOneOfItsValues(name: String, source: String, edit: [String], error: String) async throws {
        let folder = try makeFolder([name: source])
        let run = await CommandRun.run(["set", name] + edit, in: folder)
        #expect(run == CommandRun(status: 1, standardError: error))
        #expect(try text(of: name, in: folder) == source)
    }

    @Test func anUnknownTileIsRefused() async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        #expect(await CommandRun.run(["set", "page.md", "--tile", "third", "title=X"], in: folder) == CommandRun(
            status: 1, standardError: "page.md: no tile has the id `third`\n"))
        #expect(await CommandRun.run(["set", "page.md", "--tile", "#3", "title=X"], in: folder) == CommandRun(
            status: 1, standardError: "page.md: there is no tile #3; the file has 2 tiles\n"))
        #expect(try text(of: "page.md", in: folder) == Self.tiles)
    }

    @Test func dryRunPrintsTheDiffAndWritesNothing() async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        let run = await CommandRun.run(["set", "--dry-run", "page.md", "--tile", "second", "title=Zwei"], in: folder)
        #expect(run == CommandRun(status: 0, standardOutput: """
            --- a/page.md
            +++ b/page.md
            @@ -7,5 +7,5 @@
             
             :::tile callout
             id: second
            -title: Two
            +title: Zwei
             :::

            """))
        #expect(try text(of: "page.md", in: folder) == Self.tiles)
    }

    @Test func aYAMLValueChangesOnlyItsBytes() async throws {
        let source = "# Services\nweb:\n  image: 'nginx:1.25'   # pinned\n  ports: [80]\n"
        let folder = try makeFolder(["compose.yaml": source])
        #expect(await CommandRun.run(["set", "compose.yaml", "--yaml", "web.image=nginx:1.27"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "compose.yaml", in: folder) == "# Services\nweb:\n  image: 'nginx:1.27'   # pinned\n  ports: [80]\n")
    }

    @Test func aFileChangedOnDiskMeanwhileIsNotOverwritten() async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        var store = DocumentStore.testing(journalFolder: folder.appendingPathComponent(".journal"))
        let save = store.saveWithOptions
        store.saveWithOptions = { url, bytes, expected, options in
            try Data("# Theirs\n".utf8).write(to: url)
            return try await save(url, bytes, expected, options)
        }
        let run = await CommandRun.run(["set", "page.md", "--tile", "first", "title=Uno"], in: folder, documentStore: store)
        #expect(run == CommandRun(status: 2, standardError: "page.md: changed on disk since it was read; not written\n"))
        #expect(try text(of: "page.md", in: folder) == "# Theirs\n")
    }

    @Test(arguments: [
        (["set", "page.md"], "give at least one edit: --front-matter KEY=VALUE, --tile ID KEY=VALUE or --yaml PATH=VALUE"),
        (["set", "page.md", "--front-matter", "title"], "`--front-matter title`: expected KEY=VALUE"),
        (["set", "page.md", "--tile", "first"], "`--tile` needs ID KEY=VALUE"),
        (["set", "page.md", "--yaml", "a=1"], "--yaml edits YAML files; use --front-matter or --tile for Markdown"),
        (["set", "page.md", "--front-matter", "=x"], "`--front-matter =x`: the name before = is empty"),
    ])
    func malformedEditsAreUsageErrors(arguments: [String], message: String) async throws {
        let folder = try makeFolder(["page.md": Self.tiles])
        #expect(await CommandRun.run(arguments, in: folder) == CommandRun(
            status: 2, standardError: "tiledit set: \(message)\nRun 'tiledit set --help' for usage.\n"))
        #expect(try text(of: "page.md", in: folder) == Self.tiles)
    }
}

/// `set --yaml` on a block scalar: VALUE cannot hold a line break, so the
/// scalar keeps its final line break as the editor's text area does, and
/// with it its chomping indicator.
@Suite("tiledit set on block scalars")
struct SetCommandBlockScalarTests {
    @Test(arguments: ["|", "|-", "|+", ">", ">-", ">+", "|2", ">2-", "|+2", ">-2"])
    func aOneLineValueKeepsTheHeadersIndicators(header: String) async throws {
        let indent = header.contains("2") ? "  " : ""
        let original = "c: \(header)\n  \(indent)indented\n  more\nd: 1\n"
        let folder = try makeFolder(["data.yaml": original])
        let run = await CommandRun.run(["set", "data.yaml", "--yaml", "c=hello"], in: folder)
        #expect(run == CommandRun(status: 0), "\(header)")
        #expect(try text(of: "data.yaml", in: folder) == "c: \(header)\n  hello\nd: 1\n", "\(header)")
    }

    @Test func theExampleOfTheReportKeepsItsIndentationIndicatorAndFinalLineBreak() async throws {
        let folder = try makeFolder(["data.yaml": "c: |2\n    indented\n  more\nd: 1\n"])
        #expect(await CommandRun.run(["set", "data.yaml", "--yaml", "c=hello"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "data.yaml", in: folder) == "c: |2\n  hello\nd: 1\n")
    }
}
