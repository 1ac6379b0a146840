import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The editing laws over real YAML: every file in `../shared/samples/yaml-real`
/// and every input the YAML test suite accepts (`../shared/peer-suites/yaml-test-suite`,
/// folders without an `error` file) that the parser reads without errors.
/// Skipped, saying so, when `../shared` is absent.
@MainActor
@Suite("YAML editing laws", .enabled(if: TestSupport.sharedFolder != nil, "../shared is absent: the YAML samples and the YAML test suite are not here"))
struct YAMLEditingLawTests {
    /// Values written by the laws, in turn: plain, needing quotes, looking like
    /// a number, multi-line, non-ASCII, empty, then values of several lines a
    /// block scalar must hold exactly: paragraphs, a first line starting
    /// with spaces (an indentation indicator), final empty lines (keep
    /// chomping), tabs and spaces at the ends of lines, a more indented line
    /// among folded ones.
    static let values = [
        "edited", "edited: with # signs", "42", "line one\nline two", "ünïcödé ✓ “quoted”", "",
        "para one\n\npara two\n", "  indented first line\nsecond", "ends with empty lines\n\n\n",
        "tab\tin the middle  \n  more  ", "folded text\n  more indented\nback # not a comment",
    ]

    /// Scalars edited per file, spread over the file.
    static let scalarsPerFile = 24

    struct Input {
        var name: String
        var bytes: [UInt8]
    }

    static func realFiles() throws -> [Input] {
        let folder = try #require(TestSupport.samplesFolder).appendingPathComponent("yaml-real")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .map { Input(name: "yaml-real/\($0)", bytes: Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    static func acceptedSuiteInputs() throws -> [Input] {
        let folder = try #require(TestSupport.sharedFolder).appendingPathComponent("peer-suites/yaml-test-suite")
        var inputs: [Input] = []
        let manager = FileManager.default
        for test in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
            let testFolder = folder.appendingPathComponent(test)
            var candidates = [testFolder]
            if !manager.fileExists(atPath: testFolder.appendingPathComponent("in.yaml").path) {
                candidates = (try? manager.contentsOfDirectory(atPath: testFolder.path).sorted().map { testFolder.appendingPathComponent($0) }) ?? []
            }
            for candidate in candidates {
                let input = candidate.appendingPathComponent("in.yaml")
                guard manager.fileExists(atPath: input.path), !manager.fileExists(atPath: candidate.appendingPathComponent("error").path) else { continue }
                let name = candidate.path.dropFirst(folder.path.count + 1)
                inputs.append(Input(name: "yaml-test-suite/\(name)", bytes: Array(try Data(contentsOf: input))))
            }
        }
        return inputs
    }

    /// The scalars of every document (aliases and keys excluded), in file order.
    static func scalars(of model: YAMLDocumentModel) -> [YAMLNodeID] {
        guard let file = model.file.value else { return [] }
        var found: [YAMLNodeID] = []
        for (index, document) in file.documents.enumerated() {
            guard let root = document.root else { continue }
            var stack: [(YAMLNode, YAMLNodeID)] = [(root, YAMLNodeID(document: index))]
            while let entry = stack.popLast() {
                let (node, id) = entry
                if node.scalar != nil { found.append(id) }
                let children: [YAMLNode] = node.pairs?.map(\.value) ?? node.items ?? []
                for (position, child) in children.enumerated().reversed() { stack.append((child, id.child(position))) }
            }
        }
        return found
    }

    struct Tally {
        var files = 0
        var edits = 0
        var refused: [String] = []
    }

    func makeModel(_ input: Input, journal: URL) -> YAMLDocumentModel {
        YAMLDocumentModel(
            url: journal.appendingPathComponent("unsaved.yml"), displayPath: input.name, bytes: input.bytes,
            dependencies: .init(store: .testing(journalFolder: journal), clock: ManualClock()))
    }

    /// The bytes of `original` that differ from `edited`: the span between
    /// their common prefix and common suffix, the prefix measured first when
    /// `prefixFirst`, else the suffix.
    static func changedSpan(_ original: [UInt8], _ edited: [UInt8], prefixFirst: Bool) -> Range<Int> {
        let shorter = Swift.min(original.count, edited.count)
        func prefix(upTo limit: Int) -> Int {
            var length = 0
            while length < limit && original[length] == edited[length] { length += 1 }
            return length
        }
        func suffix(upTo limit: Int) -> Int {
            var length = 0
            while length < limit && original[original.count - 1 - length] == edited[edited.count - 1 - length] { length += 1 }
            return length
        }
        if prefixFirst {
            let head = prefix(upTo: shorter)
            return head..<(original.count - suffix(upTo: shorter - head))
        }
        let tail = suffix(upTo: shorter)
        let head = prefix(upTo: shorter - tail)
        return head..<(original.count - tail)
    }

    /// Edits scalars of `input` through the field, checking the three laws after each.
    func checkLaws(_ input: Input, journal: URL, tally: inout Tally) {
        let model = makeModel(input, journal: journal)
        guard model.file.value?.isReadable == true else { return }
        tally.files += 1
        let all = Self.scalars(of: model)
        let stride = Swift.max(1, all.count / Self.scalarsPerFile)
        for (turn, id) in Swift.stride(from: 0, to: all.count, by: stride).map({ all[$0] }).prefix(Self.scalarsPerFile).enumerated() {
            let value = Self.values[turn % Self.values.count]
            guard let before = model.node(id)?.scalar else { continue }
            let original = model.bytes
            model.onSelected(id)
            model.onChoseFieldType(.string)
            model.onEditedField(value)
            // The value the field stands for: a block scalar's own final line break added back.
            let expected = model.field?.value ?? value
            guard expected != before.value || YAMLValueType(before) != .string else { continue }
            guard model.onCommittedField() else {
                #expect(model.bytes == original, "\(input.name): a refused edit changed the file")
                tally.refused.append("\(input.name) \(model.path(of: id)?.description ?? id.description): \(model.notes.first ?? "?")")
                continue
            }
            tally.edits += 1
            let edited = model.bytes
            // An edit reads back as the value given.
            #expect(model.node(id)?.scalar?.value == expected, "\(input.name) \(id): reads back as \(String(describing: model.node(id)?.scalar?.value)), not \(expected)")
            // Untouched bytes are unchanged: the change lies inside the scalar (or, for an empty one, its line).
            // The smallest changed span is ambiguous when bytes repeat around it
            // (an inserted line can sit before or after the line break next to it):
            // both alignments are taken, and the edit passes when either does.
            let alignments = [Self.changedSpan(original, edited, prefixFirst: true), Self.changedSpan(original, edited, prefixFirst: false)]
            var allowed = before.range
            if before.style == .literal || before.style == .folded {
                // The blank lines below a block scalar become its own when it keeps its final line breaks.
                var end = allowed.upperBound
                while end < original.count && (original[end] == 0x20 || original[end] == 0x09 || original[end] == 0x0A || original[end] == 0x0D) { end += 1 }
                allowed = allowed.lowerBound..<end
            }
            if before.isEmptyPlain || allowed.isEmpty {
                // An empty value is written after its `:` or `-`, on the line of the last
                // non-blank byte before it; only blanks may go.
                var start = Swift.min(allowed.lowerBound, original.count)
                while start > 0 && (original[start - 1] == 0x20 || original[start - 1] == 0x09 || original[start - 1] == 0x0A || original[start - 1] == 0x0D) { start -= 1 }
                while start > 0 && original[start - 1] != 0x0A { start -= 1 }
                var end = start
                while end < original.count && original[end] != 0x0A && original[end] != 0x0D { end += 1 }
                allowed = start..<Swift.max(allowed.upperBound, end)
                #expect(original[alignments[0]].allSatisfy { $0 == 0x20 || $0 == 0x09 }, "\(input.name) \(id): an empty value's edit removed more than blanks")
            }
            #expect(alignments.contains { $0.lowerBound >= allowed.lowerBound && $0.upperBound <= allowed.upperBound },
                    "\(input.name) \(id): bytes \(alignments[0]) changed outside the scalar's \(allowed)")
            // An edit followed by undo gives the bytes back.
            model.onTappedUndo()
            #expect(model.bytes == original, "\(input.name) \(id): undo did not give the bytes back")
            #expect(model.saveState == .clean)
            model.onTappedRedo()
            #expect(model.bytes == edited, "\(input.name) \(id): redo did not give the edit back")
            model.onTappedUndo()
        }
    }

    @Test func untouchedFilesKeepEveryByte() throws {
        let journal = try TestSupport.makeTemporaryFolder()
        for input in try Self.realFiles() + Self.acceptedSuiteInputs() {
            let model = makeModel(input, journal: journal)
            #expect(model.bytes == input.bytes, "\(input.name)")
            #expect(model.saveState == .clean)
            // Walking and folding the whole tree reads without changing anything.
            var steps = 0
            while steps < 400, let index = model.selectedRow, index + 1 < model.rowCount || model.row(at: index)?.isExpanded == false {
                model.onExpandedSelection()
                if model.selectedRow == index { model.onMovedSelection(by: 1) }
                steps += 1
            }
            #expect(model.bytes == input.bytes, "\(input.name)")
        }
    }

    @Test func everyRealYAMLFileObeysTheEditingLaws() throws {
        let journal = try TestSupport.makeTemporaryFolder()
        var tally = Tally()
        for input in try Self.realFiles() { checkLaws(input, journal: journal, tally: &tally) }
        #expect(tally.files == 78)
        #expect(tally.refused == [])
        #expect(tally.edits > 1000, "\(tally.edits) edits")
    }

    @Test func everyAcceptedTestSuiteInputObeysTheEditingLaws() throws {
        let journal = try TestSupport.makeTemporaryFolder()
        var tally = Tally()
        for input in try Self.acceptedSuiteInputs() { checkLaws(input, journal: journal, tally: &tally) }
        #expect(tally.files > 250)
        // Refused, leaving the file as it was: values under complex or repeated
        // keys, empty values with no `:` or `-` to write after (explicit `?`
        // keys, empty documents), empty values with an anchor or a tag, and
        // one value whose anchor holds a `:`.
        // A value a tag does not allow (`!!binary`), and a value a flow
        // collection's plain multi-line key cannot take, are refused with their reason.
        let reasons = Set(tally.refused.map { $0.components(separatedBy: ": ").last ?? $0 }.filter {
            !$0.contains("remove the tag in the file to store other text") && !$0.contains("did not find expected")
        })
        #expect(reasons.isSubset(of: [
            "a key on the way to this value is not a plain key or appears twice; edit it in the source",
            "the value cannot be written here", "the value would not read back as the text given",
            "an empty value with an anchor or a tag is edited in the source",
        ]), "\(tally.refused)")
        // Refusals stay rare, whatever the suite's release: at most one edit in ten.
        #expect(tally.refused.count * 10 <= tally.edits, "\(tally.refused.count) refused, \(tally.edits) edits")
        #expect(tally.edits > 500, "\(tally.edits) edits in \(tally.files) files")
    }
}
