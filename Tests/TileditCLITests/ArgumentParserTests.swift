import Testing
@testable import TileditCLI

@Suite("ArgumentParser")
struct ArgumentParserTests {
    static let options = [
        OptionSpec("--output", "-o", values: ["OUT"]),
        OptionSpec("--tile", values: ["ID", "KEY=VALUE"]),
        OptionSpec("--dry-run"),
    ]

    @Test func optionsKeepTheirOrderAndMayComeAnywhere() throws {
        let parsed = try ArgumentParser.parse(
            ["a.md", "--tile", "x", "k=v", "-o", "-out-", "--dry-run", "--tile", "#2", "k=-w", "b.md"], options: Self.options)
        #expect(parsed == ParsedArguments(
            options: [
                .init(name: "--tile", values: ["x", "k=v"]),
                .init(name: "--output", values: ["-out-"]),
                .init(name: "--dry-run", values: []),
                .init(name: "--tile", values: ["#2", "k=-w"]),
            ],
            positionals: ["a.md", "b.md"]))
    }

    @Test func aLongOptionTakesItsValueAfterAnEqualsSign() throws {
        let parsed = try ArgumentParser.parse(["--output=a=b.html"], options: Self.options)
        #expect(parsed.value("--output") == "a=b.html")
    }

    @Test func doubleDashEndsTheOptionsAndALoneDashIsAPath() throws {
        let parsed = try ArgumentParser.parse(["-", "--", "--dry-run", "-o"], options: Self.options)
        #expect(parsed == ParsedArguments(options: [], positionals: ["-", "--dry-run", "-o"]))
    }

    @Test(arguments: [
        (["--verbose"], "unknown option `--verbose`"),
        (["--tile", "x"], "`--tile` needs ID KEY=VALUE"),
        (["-o"], "`--output` needs OUT"),
        (["--dry-run=yes"], "`--dry-run` takes no value"),
        (["--tile=x"], "`--tile` takes ID KEY=VALUE as separate arguments"),
    ])
    func malformedCommandLinesAreRefused(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments, options: Self.options) }
    }
}
