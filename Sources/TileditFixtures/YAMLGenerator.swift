/// Generates YAML files deterministically: one block mapping of records,
/// each record built from nested block mappings and sequences, flow
/// collections, every scalar style (plain, single- and double-quoted,
/// literal and folded block scalars with chomping indicators), comments,
/// anchors and aliases (including merge keys), and multi-byte UTF-8.
/// Keys are unique within each mapping and every alias names an anchor
/// defined before it, so the output is valid YAML 1.1 and 1.2. Used by tests
/// and benchmarks.
public struct YAMLGenerator: Sendable {
    /// `"\n"` or `"\r\n"`.
    public var lineEnding: String

    private var random: SeededGenerator
    private var recordCounter = 0
    /// Anchors defined so far (most recent last), for aliases to refer back to.
    private var anchors: [String] = []

    public init(seed: UInt64, lineEnding: String = "\n") {
        random = SeededGenerator(seed: seed)
        self.lineEnding = lineEnding
    }

    /// A YAML document of at least `bytes` bytes (UTF-8) and at least one
    /// record. It exceeds `bytes` by less than one record (records are
    /// under 2,500 bytes).
    public mutating func document(bytes target: Int) -> String {
        var lines = ["# Generated YAML for tests and benchmarks", "%YAML 1.1", "---"]
        var text = lines.joined(separator: lineEnding) + lineEnding
        var size = text.utf8.count
        repeat {
            lines = record()
            let part = lines.joined(separator: lineEnding) + lineEnding
            text += part
            size += part.utf8.count
        } while size < target
        return text
    }

    // MARK: Pieces

    /// One top-level entry: a comment, then `record-N:` with a nested mapping
    /// whose fields are a seeded choice among the constructs below.
    private mutating func record() -> [String] {
        recordCounter += 1
        let number = recordCounter
        var lines = ["# Record \(number): \(pick(["plain", "naïve", "日本語", "emoji 🎉", "Ünïcödé"])) comment"]
        lines.append("record-\(number):")
        var body: [String] = ["id: \(number)", "title: \(pick(Self.titles)) \(number)"]
        let fields: [(inout YAMLGenerator, Int) -> [String]] = [
            { $0.quotedScalars($1) }, { $0.flowCollections($1) }, { $0.anchoredDefaults($1) },
            { $0.literalBlock($1) }, { $0.foldedBlock($1) }, { $0.nestedSequence($1) },
            { $0.typedLookingScalars($1) }, { $0.deepMapping($1) }, { $0.multiLineQuoted($1) },
        ]
        for field in fields where Int.random(in: 0..<3, using: &random) != 0 {
            body += field(&self, number)
        }
        if let earlier = anchors.dropLast().last, Int.random(in: 0..<3, using: &random) == 0 {
            body.append("inherited: *\(earlier)  # alias to an earlier record")
        }
        lines += body.map { $0.isEmpty ? "" : "  " + $0 }
        return lines
    }

    private static let titles = ["Plain title", "Café menu", "Über résumé", "東京 guide", "Rocket 🚀 launch", "Commas, semicolons; and colons:like-this"]

    private mutating func quotedScalars(_ number: Int) -> [String] {
        [
            "single: 'single ''quoted'' value \(number)'",
            "double: \"double \\\"quoted\\\" \\u00e9 \\t tab \(number)\"",
            "unicode: \"日本語テキスト ✓ \(number)\"",
        ]
    }

    private mutating func flowCollections(_ number: Int) -> [String] {
        [
            "flags: [alpha, \"beta\", 'gamma', \(number), 4.5, true, null]",
            "point: {x: \(Int.random(in: -50...50, using: &random)), y: -2, label: \"ß ø å\"}",
            "matrix: [[1, 2], [3, 4], {k: v}]",
            "empty-flow: {}",
        ]
    }

    private mutating func anchoredDefaults(_ number: Int) -> [String] {
        let anchor = "defaults-\(number)"
        anchors.append(anchor)
        return [
            "defaults: &\(anchor)",
            "  retries: \(Int.random(in: 1...9, using: &random))",
            "  timeout: 2.5s",
            "  labels: [one, two]",
            "override:",
            "  <<: *\(anchor)",
            "  retries: 10  # overrides the merged value",
            "same: *\(anchor)",
        ]
    }

    private mutating func literalBlock(_ number: Int) -> [String] {
        let chomping = pick(["|", "|-", "|+", "|2"])
        let indent = chomping == "|2" ? "    " : "  "
        var lines = ["description: \(chomping)"]
        for line in ["Literal line one of record \(number) 🚀", "  indented continuation kept", "", "# not a comment inside a block scalar", "last line"] {
            lines.append(line.isEmpty ? "" : indent + line)
        }
        return lines
    }

    private mutating func foldedBlock(_ number: Int) -> [String] {
        [
            "summary: \(pick([">", ">-", ">+"]))",
            "  Folded text for record \(number) that",
            "  continues on a second line with ümlauts",
            "",
            "  and a second paragraph.",
        ]
    }

    private mutating func nestedSequence(_ number: Int) -> [String] {
        [
            "items:",
            "  - name: first-\(number)",
            "    tags: [a, b]",
            "    size: \(Int.random(in: 0...10_000, using: &random))",
            "  - plain item with spaces",
            "  - - nested",
            "    - sequence",
            "  - {inline: mapping, n: \(number)}",
            "  - 'quoted item'",
            "  -   # a comment after the dash",
            "    key: value after a comment",
        ]
    }

    private mutating func typedLookingScalars(_ number: Int) -> [String] {
        [
            "date: 2024-0\(Int.random(in: 1...9, using: &random))-15",
            "version: 1.10   # trailing comment",
            "octal-looking: 012",
            "answer: NO",
            "time: 10:00",
            "nothing: ~",
            "empty:",
            "tagged: !!str \(number)",
            "? complex key \(number)",
            ": complex value",
        ]
    }

    private mutating func deepMapping(_ number: Int) -> [String] {
        [
            "nested:",
            "  level-1:",
            "    level-2:",
            "      level-3:",
            "        leaf: \"deep value \(number)\"",
            "        list:",
            "        - x",
            "        - y",
            "      sibling: ok",
            "  other: Ελληνικά",
        ]
    }

    private mutating func multiLineQuoted(_ number: Int) -> [String] {
        [
            "multi: \"line one of \(number)",
            "  continued line\"",
            "plain-multi: plain text that",
            "  wraps onto a second line",
        ]
    }

    private mutating func pick(_ choices: [String]) -> String { choices[Int.random(in: 0..<choices.count, using: &random)] }
}
