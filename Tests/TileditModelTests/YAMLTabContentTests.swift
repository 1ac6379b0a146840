import Testing
import TileditModel
import TileditFixtures

/// A tab is reported as indentation (`yaml.tab-indentation`) only where it
/// is: after a block scalar's indentation it is content (YAML 1.2
/// §8.1.1.1), before a comment it is separation (§6.6); libyaml 0.2.5
/// stops at both, and `YAMLParser` reads them as YAML does.
@Suite("YAML tabs that are not indentation")
struct YAMLTabContentTests {
    /// Every scalar's value and style, depth first.
    private static func scalars(_ result: YAMLParseResult) -> [String] {
        var values: [String] = []
        func walk(_ node: YAMLNode) {
            switch node.content {
            case .scalar(let scalar): values.append("\(scalar.style):\(scalar.value)")
            case .alias(let name): values.append("*\(name)")
            case .mapping(let pairs):
                for pair in pairs {
                    walk(pair.key)
                    walk(pair.value)
                }
            case .sequence(let items): items.forEach(walk)
            }
        }
        for document in result.documents {
            if let root = document.root { walk(root) }
        }
        return values
    }

    @Test(arguments: [
        ("recipe: |\n  \t$(CC) -o app main.c\n  \tstrip app\nname: build\n", ["plain:recipe", "literal:\t$(CC) -o app main.c\n\tstrip app\n", "plain:name", "plain:build"]),
        ("k: >\n  \tx\n", ["plain:k", "folded:\tx\n"]),
        ("k: |\n\n  \tx\n", ["plain:k", "literal:\n\tx\n"]),
        ("k: |-\n  \tx\n", ["plain:k", "literal:\tx"]),
        ("k: |+\r\n  \tx\r\n\r\n", ["plain:k", "literal:\tx\n\n"]),
        ("a:\n  b: |\n    \tx\n  c: 1\n", ["plain:a", "plain:b", "literal:\tx\n", "plain:c", "plain:1"]),
        ("- |\n  \tx\n- >\n \t\n y\n", ["literal:\tx\n", "folded:\t\ny\n"]),
        ("--- |\n  \tx\n", ["literal:\tx\n"]),
        ("k: | # note\n  \té\nz: ü\n", ["plain:k", "literal:\té\n", "plain:z", "plain:ü"]),
        ("k: 1\n\t# note\nj: 2\n", ["plain:k", "plain:1", "plain:j", "plain:2"]),
        ("k: |\n  x\n\t# note\nj: 2\n", ["plain:k", "literal:x\n", "plain:j", "plain:2"]),
    ])
    func validTabsAreRead(text: String, values: [String]) {
        let result = YAMLParser.parse(text)
        #expect(result.error == nil)
        #expect(Self.scalars(result) == values)
    }

    @Test func aWarningSaysLibyamlsToolsStopAndItsFixLetsThemRead() throws {
        let file = YAMLFileDocument("k: |-\n  \tx\nc: 1\n\t# note\n")
        let warnings = file.diagnostics.filter { $0.code == .yamlLibyamlStops }
        #expect(warnings.map { "\($0.location.line):\($0.location.column) \($0.fix?.title ?? "")" } == [
            "1:4 Write the indentation indicator `|2`", "4:1 Replace the tab with a space",
        ])
        var fixed = file
        for warning in warnings.reversed() { fixed.apply(warning.fix?.edits ?? []) }
        #expect(fixed.text == "k: |2-\n  \tx\nc: 1\n # note\n")
        #expect(YAMLParser.parse(fixed.text).readPast.isEmpty)
    }

    /// Byte ranges are the file's: the same as where a letter stands in
    /// place of the tab (which libyaml reads with no change).
    @Test(arguments: ["k: |\n  \tx\nname: é\n", "- a\n- >-\n   \tx\n   \ty\n- |\n \tz\n- b\n"])
    func rangesAreTheFilesBytes(text: String) {
        let withTab = YAMLParser.parse(text)
        let withLetter = YAMLParser.parse(text.replacingOccurrences(of: "\t", with: "x"))
        #expect(withTab.error == nil)
        #expect(withTab.documents.map(\.range) == withLetter.documents.map(\.range))
        #expect(Self.ranges(withTab) == Self.ranges(withLetter))
    }

    /// Every node's range, depth first.
    private static func ranges(_ result: YAMLParseResult) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        func walk(_ node: YAMLNode) {
            ranges.append(node.range)
            switch node.content {
            case .scalar, .alias: break
            case .mapping(let pairs):
                for pair in pairs {
                    walk(pair.key)
                    walk(pair.value)
                }
            case .sequence(let items): items.forEach(walk)
            }
        }
        for document in result.documents {
            if let root = document.root { walk(root) }
        }
        return ranges
    }

    @Test(arguments: [
        // A tab before the key: indentation.
        ("\tk: 1\n", 0, 0),
        // Not more indented than the key: no block scalar line, the tab indents.
        ("a:\n  b: |\n  \tx\n", 2, 12),
        // A later line less indented than the first, a tab after its spaces: it indents.
        ("k: |\n  \tx\n \ty\n", 2, 11),
        // A comment line right after a block scalar's header, tab first: read as a space it would be content.
        ("k: |\n\t# c\nj: 2\n", 1, 5),
        // An empty line before holds more spaces than the first line holding text.
        ("k: |\n   \n  \tx\n", 2, 11),
    ] as [(String, Int, Int)])
    func tabsThatIndentAreStillReported(text: String, line: Int, offset: Int) throws {
        let error = try #require(YAMLParser.parse(text).error)
        #expect(error.code == .yamlTabIndentation)
        #expect(error.line == line)
        #expect(error.offset == offset)
    }

    /// Generated YAML with a tab put after the indentation of every block
    /// scalar's first line reads as libyaml reads the same text with the
    /// indentation indicator written out.
    @Test(arguments: 0..<40)
    func generatedBlockScalarsWithTabsReadAsWithAnIndicator(seed: Int) {
        var generator = YAMLGenerator(seed: UInt64(seed), lineEnding: seed % 3 == 0 ? "\r\n" : "\n")
        let text = generator.document(bytes: 2_000)
        let ending = seed % 3 == 0 ? "\r\n" : "\n"
        var lines = text.components(separatedBy: ending)
        var explicit = lines
        var index = 0
        while index + 1 < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            guard let colon = rest.range(of: ": "), rest[colon.upperBound...].first.map({ "|>".contains($0) }) == true,
                  !rest[colon.upperBound...].contains(where: \.isNumber), !rest.hasPrefix("- "),
                  let next = lines[(index + 1)...].firstIndex(where: { !$0.allSatisfy { $0 == " " } }),
                  next == index + 1
            else {
                index += 1
                continue
            }
            let spaces = lines[next].prefix { $0 == " " }.count
            guard spaces > indent else {
                index += 1
                continue
            }
            lines[next].insert("\t", at: lines[next].index(lines[next].startIndex, offsetBy: spaces))
            explicit[next] = lines[next]
            explicit[index] = line.replacingOccurrences(of: ": |", with: ": |\(spaces - indent)").replacingOccurrences(of: ": >", with: ": >\(spaces - indent)")
            index = next + 1
        }
        let withTabs = YAMLParser.parse(lines.joined(separator: ending))
        let withIndicators = YAMLParser.parse(explicit.joined(separator: ending))
        #expect(withIndicators.error == nil)
        #expect(withTabs.error == nil)
        #expect(Self.scalars(withTabs) == Self.scalars(withIndicators))
        // The fix of each warning gives text libyaml reads as it is, with the same values.
        var fixed = Array(lines.joined(separator: ending).utf8)
        for edit in withTabs.readPast.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            fixed.replaceSubrange(edit.range, with: edit.replacement)
        }
        let afterFix = YAMLParser.parse(fixed)
        #expect(afterFix.error == nil && afterFix.readPast.isEmpty)
        #expect(Self.scalars(afterFix) == Self.scalars(withIndicators))
    }

    /// Mutated YAML (tabs inserted anywhere): a reported tab indentation
    /// is a tab among its line's leading white space, never after a block
    /// scalar's detected indentation on its first line.
    @Test(arguments: 0..<60)
    func mutatedYAMLReportsOnlyLeadingTabs(seed: Int) {
        var generator = YAMLGenerator(seed: UInt64(seed))
        var mutator = YAMLMutator(seed: UInt64(seed))
        let text = mutator.mutate(generator.document(bytes: 800), count: 12)
        let bytes = Array(text.utf8)
        guard let error = YAMLParser.parse(bytes).error, error.code == .yamlTabIndentation else { return }
        #expect(error.offset < bytes.count && bytes[error.offset] == 0x09)
        var start = error.offset
        while start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D { start -= 1 }
        #expect(bytes[start..<error.offset].allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }
}
