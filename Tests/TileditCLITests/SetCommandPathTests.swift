import Foundation
import Testing
import TileditCLI
import TileditServices
import TileditTestSupport

/// `tiledit set --front-matter` takes a path as `--yaml` does (dots
/// separate keys, a quoted segment is one key, a missing path is refused
/// naming the missing part), a top-level key written with the dots being
/// that key; booleans are words YAML 1.2 reads as booleans; block scalars
/// and double-quoted scalars change only where the value changes.
@Suite("tiledit set paths and untouched bytes")
struct SetCommandPathTests {
    static let page = "---\ntitle: T\nauthor:\n  name: Al\nsocial.github: someone\n\"a.b\": flat\n---\n\nBody.\n"

    @Test(arguments: [
        ("author.name=Bob", "---\ntitle: T\nauthor:\n  name: Bob\nsocial.github: someone\n\"a.b\": flat\n---\n\nBody.\n"),
        ("author.mail=b@x.org", "---\ntitle: T\nauthor:\n  name: Al\n  mail: b@x.org\nsocial.github: someone\n\"a.b\": flat\n---\n\nBody.\n"),
        // A top-level key written with the dots is that key.
        ("social.github=other", "---\ntitle: T\nauthor:\n  name: Al\nsocial.github: other\n\"a.b\": flat\n---\n\nBody.\n"),
        ("\"a.b\"=level", "---\ntitle: T\nauthor:\n  name: Al\nsocial.github: someone\n\"a.b\": level\n---\n\nBody.\n"),
        // A missing single key is added after the last field.
        ("draft=true", "---\ntitle: T\nauthor:\n  name: Al\nsocial.github: someone\n\"a.b\": flat\ndraft: true\n---\n\nBody.\n"),
    ])
    func aFrontMatterKeyIsAPathAsInYAML(assignment: String, expected: String) async throws {
        let folder = try makeFolder(["page.md": Self.page])
        let run = await CommandRun.run(["set", "page.md", "--front-matter", assignment], in: folder)
        #expect(run == CommandRun(status: 0))
        #expect(try text(of: "page.md", in: folder) == expected)
    }

    @Test func aMissingFrontMatterPathIsRefusedNamingTheMissingPart() async throws {
        let page = "---\nlinks:\n  site.home: /\n---\n"
        let folder = try makeFolder(["page.md": page])
        let run = await CommandRun.run(["set", "page.md", "--front-matter", "links.site.home=/x"], in: folder)
        #expect(run == CommandRun(status: 1, standardError: """
            page.md: `links.site` does not exist; the key `site.home` of `links` is written with dots; to name it, write `links."site.home"`

            """))
        let nested = await CommandRun.run(["set", "page.md", "--front-matter", "writer.name=x"], in: folder)
        #expect(nested == CommandRun(status: 1, standardError: "page.md: `writer` does not exist\n"))
        #expect(try text(of: "page.md", in: folder) == page)
    }

    @Test func aMissingYAMLPathNextToADottedKeyHintsAtQuotingIt() async throws {
        let source = "server:\n  port: 8080\n  web.base-path: /admin\nweb:\n  base-path: /site\n"
        let folder = try makeFolder(["input.yaml": source])
        let run = await CommandRun.run(["set", "input.yaml", "--yaml", "server.web.base-path=/x"], in: folder)
        #expect(run == CommandRun(status: 1, standardError: """
            input.yaml:2:3: error: `server.web` does not exist; the key `web.base-path` of `server` is written with dots; to name it, write `server."web.base-path"`

            """))
        #expect(try text(of: "input.yaml", in: folder) == source)
    }

    /// A boolean field of YAML front matter takes a YAML boolean: `yes`
    /// would be text there, so it is refused with the field's rule at its
    /// place; `true` is written plain, also over a quoted value.
    @Test func yesIsRefusedInABooleanFieldAndTheBooleanMessageSaysWhy() async throws {
        let folder = try makeFolder(["page.md": "---\ntitle: T\n---\n"])
        let yes = await CommandRun.run(["set", "page.md", "--front-matter", "draft=yes"], in: folder)
        #expect(yes == CommandRun(status: 1, standardError: """
            page.md:3:8: error: `draft` must be true or false, written without quotes; found `"yes"`, which YAML reads as text
            page.md: the edit was refused, since it would leave the errors above; nothing was written

            """))
        #expect(try text(of: "page.md", in: folder) == "---\ntitle: T\n---\n")
        try Data("---\ntitle: T\ndraft: \"false\"\n---\n".utf8).write(to: folder.appendingPathComponent("page.md"))
        #expect(await CommandRun.run(["set", "page.md", "--front-matter", "draft=true"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "page.md", in: folder) == "---\ntitle: T\ndraft: true\n---\n")
        let wrong = await CommandRun.run(["set", "page.md", "--front-matter", "draft=maybe"], in: folder)
        #expect(wrong == CommandRun(status: 1, standardError: """
            page.md:3:8: error: `draft` must be true or false (yes/no and on/off are text in YAML, 1/0 numbers); found `maybe`
            page.md: the edit was refused, since it would leave the errors above; nothing was written

            """))
    }

    @Test func aFoldedScalarEditChangesOnlyTheWordsLine() async throws {
        let yaml = "description: >-\n  one two three\n  four five six\n  seven\n"
        let folder = try makeFolder(["a.yaml": yaml, "page.md": "---\n" + yaml + "---\n"])
        let value = "description=one two three four FIVE six seven"
        #expect(await CommandRun.run(["set", "a.yaml", "--yaml", value], in: folder) == CommandRun(status: 0))
        #expect(await CommandRun.run(["set", "page.md", "--front-matter", value], in: folder) == CommandRun(status: 0))
        let expected = "description: >-\n  one two three\n  four FIVE six\n  seven\n"
        #expect(try text(of: "a.yaml", in: folder) == expected)
        #expect(try text(of: "page.md", in: folder) == "---\n" + expected + "---\n")
    }

    @Test func aDoubleQuotedEditKeepsTheEscapesAndTheCommentsSpacing() async throws {
        let folder = try makeFolder(["a.yaml": #"a: "a\tb \u00e9"    # note"# + "\n"])
        #expect(await CommandRun.run(["set", "a.yaml", "--yaml", "a=a\tb \u{E9}!"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "a.yaml", in: folder) == #"a: "a\tb \u00e9!"    # note"# + "\n")
    }

    /// A path written two ways at once (a quote never closed, text after
    /// a closing quote, a quote inside a key, an empty key) is refused
    /// before anything is looked up: before, `"a.b` edited the key `a.b`,
    /// `"a.b"x` added a key `a.bx` and `a."b` edited `a.b` nested.
    @Test(arguments: [
        ("\"a.b", "`\"a.b` is not a path: the `\"` opened here is never closed (character 1)"),
        ("a.\"b", "`a.\"b` is not a path: the `\"` opened here is never closed (character 3)"),
        ("\"a.b\"x", "`\"a.b\"x` is not a path: text after the quoted key's closing `\"` (character 6)"),
        ("x\"a.b\"", "`x\"a.b\"` is not a path: a `\"` inside a key that does not start with one (character 2)"),
        ("a..b", "`a..b` is not a path: a key is empty (an empty key is written `\"\"`) (character 3)"),
        ("a.b.", "`a.b.` is not a path: the path ends with a dot (character 4)"),
    ])
    func aMalformedPathIsRefusedAndNothingIsWritten(path: String, reason: String) async throws {
        let yaml = "\"a.b\": flat\na:\n  b: nested\n"
        let page = "---\n" + yaml + "---\n\nBody.\n"
        let folder = try makeFolder(["input.yaml": yaml, "page.md": page])
        let hint = "; a key holding dots or quotes is written whole in double quotes, as `a.\"b.c\"`\n"
        let run = await CommandRun.run(["set", "input.yaml", "--yaml", path + "=z"], in: folder)
        #expect(run == CommandRun(status: 1, standardError: "input.yaml: " + reason + hint))
        let front = await CommandRun.run(["set", "page.md", "--front-matter", path + "=z"], in: folder)
        #expect(front == CommandRun(status: 1, standardError: "page.md: " + reason + hint))
        #expect(try text(of: "input.yaml", in: folder) == yaml)
        #expect(try text(of: "page.md", in: folder) == page)
    }
}
