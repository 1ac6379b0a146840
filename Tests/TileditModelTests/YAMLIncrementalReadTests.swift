import Foundation
import Testing
import TileditFixtures
import TileditTestSupport
@testable import TileditModel

/// The incremental read of a YAML file (ARCHITECTURE.md, "Scale") gives
/// exactly what reading the whole file gives: the same tree with the same
/// ranges, the same diagnostics in the same order with the same lines,
/// messages and fixes, the same line starts and read error, after every
/// edit of a chain of random edits and after undoing them, over generated
/// YAML (mutated or not), the YAML test suite's inputs and the samples.
@Suite("YAML incremental read")
struct YAMLIncrementalReadTests {
    /// Texts typed into the files: values, YAML's indicators, line breaks.
    static let pieces = ["x", "1", "yes", "1.10", " ", "  ", "\n", "\n  ", "\r\n", "abc: def", "\nkey: value\n", "- item", "é", "🚀"]
        + YAMLMutator.fragments

    /// Whether `file` is what reading its bytes from scratch gives; records an issue naming `label` when not.
    @discardableResult
    static func expectFullRead(_ file: YAMLFileDocument, _ label: String) -> Bool {
        let fresh = YAMLFileDocument(bytes: file.bytes, dialect: file.dialect)
        let same = file.documents == fresh.documents && file.diagnostics == fresh.diagnostics
            && file.diagnosticSources.map(\.rank) == fresh.diagnosticSources.map(\.rank) && file.lineStarts == fresh.lineStarts
            && file.readFailure == fresh.readFailure && file.diagnosticTotals == fresh.diagnosticTotals
        #expect(file.documents == fresh.documents, "\(label): tree\n\(file.text)")
        #expect(file.diagnostics == fresh.diagnostics, "\(label): diagnostics\n\(file.text)")
        #expect(file.diagnosticSources.map(\.rank) == fresh.diagnosticSources.map(\.rank), "\(label): ranks")
        #expect(file.lineStarts == fresh.lineStarts, "\(label): lines")
        #expect(file.readFailure == fresh.readFailure, "\(label): error")
        return same
    }

    /// Words typed into values.
    static let words = ["x", "1", "abc", "yes", "1.10", "é", "🚀", " more", "0"]

    /// A random edit of `bytes` at a character boundary: most often a word
    /// typed into a line or a letter deleted (as a user edits values),
    /// else a piece typed, up to 8 bytes deleted, or some replaced.
    static func edit(of bytes: [UInt8], random: inout SeededGenerator) -> TextEdit {
        func boundary(_ offset: Int) -> Int {
            var position = Swift.min(Swift.max(0, offset), bytes.count)
            while position < bytes.count && bytes[position] & 0xC0 == 0x80 { position += 1 }
            return position
        }
        var start = boundary(Int.random(in: 0...bytes.count, using: &random))
        let kind = Int.random(in: 0..<10, using: &random)
        if kind < 6 {
            // Inside a line, after its first character.
            if start < bytes.count && (start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D) { start = boundary(start + 1) }
            if kind < 2, start < bytes.count, bytes[start] < 0x80, (bytes[start] | 0x20) >= 0x61 && (bytes[start] | 0x20) <= 0x7A {
                return TextEdit(range: start..<(start + 1), replacement: [])
            }
            return TextEdit(range: start..<start, replacement: Array(words[Int.random(in: 0..<words.count, using: &random)].utf8))
        }
        let piece = Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
        let length = boundary(start + Int.random(in: 1...8, using: &random)) - start
        switch kind {
        case 6, 7: return TextEdit(range: start..<start, replacement: piece)
        case 8: return TextEdit(range: start..<(start + length), replacement: [])
        default: return TextEdit(range: start..<(start + length), replacement: piece)
        }
    }

    /// Applies `count` random edits to `bytes` one after another, each
    /// checked against a whole read, then undoes them, each checked again,
    /// back to the original bytes.
    ///
    /// - Returns: how many of the reads were incremental.
    @discardableResult
    static func checkChain(_ bytes: [UInt8], seed: UInt64, count: Int, label: String) -> Int {
        var random = SeededGenerator(seed: seed)
        let original = YAMLFileDocument(bytes: bytes)
        var file = original
        var inverses: [[TextEdit]] = []
        var incremental = 0
        for step in 0..<count {
            let edit = Self.edit(of: file.bytes, random: &random)
            let before = file.bytes
            inverses.append(TextEdit.inverses(of: [edit], original: { Array(before[$0]) }))
            file.apply([edit])
            if file.readWasIncremental { incremental += 1 }
            guard expectFullRead(file, "\(label) step \(step) \(edit)") else { return incremental }
        }
        for (step, inverse) in inverses.enumerated().reversed() {
            file.apply(inverse)
            if file.readWasIncremental { incremental += 1 }
            guard expectFullRead(file, "\(label) undo \(step)") else { return incremental }
        }
        #expect(file.bytes == original.bytes, "\(label): undo gives the original bytes")
        #expect(file.documents == original.documents && file.diagnostics == original.diagnostics, "\(label): undo gives the original read")
        return incremental
    }

    @Test func randomEditsOfGeneratedYAMLReadAsTheWholeFile() {
        var incremental = 0
        var reads = 0
        for seed in UInt64(0)..<160 {
            var generator = YAMLGenerator(seed: seed, lineEnding: seed % 7 == 0 ? "\r\n" : "\n")
            var mutator = YAMLMutator(seed: seed &* 31 &+ 7)
            let text = mutator.mutate(generator.document(bytes: 3_000), count: Int(seed % 3))
            incremental += Self.checkChain(Array(text.utf8), seed: seed, count: 8, label: "seed \(seed)")
            reads += 16
        }
        // Many edits break the file or cross entries, and a third of the
        // records share an anchor with another; enough reads are incremental
        // that they are what is tested.
        #expect(incremental * 10 > reads, "\(incremental) of \(reads) reads were incremental")
    }

    /// Files with hundreds of diagnostics keep them in several chunks
    /// (`YAMLDiagnosticTable`): the edited entry's chunk is written again,
    /// the later ones owe a shift; what a row asks for is what the whole
    /// list holds there.
    @Test func randomEditsOfYAMLWithManyDiagnosticsReadAsTheWholeFile() {
        var incremental = 0
        for seed in UInt64(0)..<12 {
            let bytes = Array(Self.manyDiagnostics(seed: seed).utf8)
            #expect(YAMLFileDocument(bytes: bytes).diagnostics.count > 3 * YAMLDiagnosticTable.chunkSize, "seed \(seed): enough diagnostics")
            incremental += Self.checkChain(bytes, seed: seed, count: 12, label: "large seed \(seed)")
        }
        // Random edits often break the file (it is then read whole until
        // they are undone); enough reads are incremental to be what is tested.
        #expect(incremental > 50, "\(incremental) of 288 reads were incremental")
    }

    /// A generated file (front part) followed by hundreds of short
    /// top-level entries whose values YAML 1.1 reads otherwise (each a note).
    static func manyDiagnostics(seed: UInt64) -> String {
        var generator = YAMLGenerator(seed: seed &+ 500)
        var random = SeededGenerator(seed: seed)
        let values = ["y", "1.10", "1:30", "012", "NO", "plain", "[y, n]", "\n  a: y\n  b: 1.20"]
        var text = generator.document(bytes: 3_000)
        if !text.hasSuffix("\n") { text += "\n" }
        if text.contains("\n---") || text.hasPrefix("---") || text.contains("\n- ") { text = "" }
        for index in 0..<600 { text += "k\(seed)_\(index): \(values[Int.random(in: 0..<values.count, using: &random)])\n" }
        return text
    }

    @Test func diagnosticsInARangeAreThoseOfTheWholeListStartingThere() {
        var file = YAMLFileDocument(Self.manyDiagnostics(seed: 77))
        var random = SeededGenerator(seed: 77)
        for step in 0..<20 {
            file.apply([Self.edit(of: file.bytes, random: &random)])
            let all = file.diagnostics
            for _ in 0..<10 {
                let a = Int.random(in: 0...file.bytes.count, using: &random)
                let b = Int.random(in: 0...file.bytes.count, using: &random)
                let range = Swift.min(a, b)..<Swift.max(a, b)
                #expect(file.diagnostics(in: range) == all.filter { range.contains($0.range.lowerBound) }, "step \(step) \(range)")
            }
            #expect(file.firstError == all.first { $0.severity == .error }, "step \(step)")
        }
    }

    /// An entry that gains more diagnostics than two chunks hold is split
    /// into chunks again, and loses them again on undo.
    @Test func anEntryGainingHundredsOfDiagnosticsReadsAsTheWholeFile() {
        let text = (0..<300).map { "k\($0):\n  a: 1\n" }.joined()
        var file = YAMLFileDocument(text)
        let insertion = Array(text.utf8).count / 2
        let lineStart = file.lineStarts.last { $0 <= insertion && Array(file.bytes[$0...]).starts(with: Array("  a".utf8)) } ?? 0
        let pasted = Array((0..<400).map { "  y\($0): y\n" }.joined().utf8)
        file.apply([TextEdit(range: lineStart..<lineStart, replacement: pasted)])
        #expect(file.readWasIncremental)
        #expect(file.diagnostics.count >= 400)
        Self.expectFullRead(file, "pasted")
        file.apply([TextEdit(range: lineStart..<(lineStart + pasted.count), replacement: [])])
        #expect(file.text == text)
        Self.expectFullRead(file, "undone")
    }

    @Test func randomEditsOfTheYAMLTestSuiteReadAsTheWholeFile() {
        for (index, test) in YAMLTestSuite.tests.enumerated() {
            Self.checkChain(test.input, seed: UInt64(index), count: 6, label: test.description)
        }
    }

    @Test(.enabled(if: TestSupport.samplesFolder != nil, "needs ../shared/samples"))
    func randomEditsOfTheSamplesReadAsTheWholeFile() throws {
        for (index, sample) in try SampleTests.samples(withSuffixes: [".yml", ".yaml"]).enumerated() where !sample.path.hasSuffix("tiledown.yml") {
            Self.checkChain(sample.bytes, seed: UInt64(index), count: 10, label: sample.path)
        }
    }

    @Test func aValueEditReadsOnlyItsEntry() {
        var file = YAMLFileDocument("a: 1\nb: [x, y]\nc:\n  d: 3 # note\n")
        file.apply([TextEdit(range: 13..<13, replacement: ", z")])
        #expect(file.readWasIncremental)
        #expect(file.text == "a: 1\nb: [x, y, z]\nc:\n  d: 3 # note\n")
        Self.expectFullRead(file, "b")
        #expect(file.node(at: YAMLPath([.key("c"), .key("d")]))?.range == 26..<27)
        #expect(file.lineStarts == [0, 5, 18, 21, 35])
    }

    /// Edits the incremental read cannot prove equivalent read the whole file.
    @Test(arguments: [
        ("a: 1\nb: 2\n", TextEdit(range: 3..<6, replacement: "9\nc"), "across two entries"),
        ("a: 1\nb: *x\n", TextEdit(range: 3..<4, replacement: "&x 2"), "an anchor added that an alias elsewhere names"),
        ("%TAG !e! tag:example.com,2000:\n---\na: 1\nb: 2\n", TextEdit(range: 38..<39, replacement: "3"), "a tag directive"),
        ("a: &x 1\nb: [*x]\n", TextEdit(range: 6..<7, replacement: "2"), "an anchor used elsewhere"),
        ("a: &x 1\nb: *x\n", TextEdit(range: 11..<13, replacement: "[*x]"), "an alias of an anchor elsewhere"),
        ("{a: 1, b: 2}\n", TextEdit(range: 4..<5, replacement: "3"), "a flow root"),
        ("a: 1\nb: 2\n", TextEdit(range: 3..<4, replacement: "1\n---"), "a document marker"),
        ("a: 1\nb: 2\n", TextEdit(range: 3..<4, replacement: "1\n..."), "a document end"),
        ("  a: 1\n  b: 2\n", TextEdit(range: 5..<6, replacement: "3"), "an indented root"),
        ("a: 1\nb: 2\n", TextEdit(range: 3..<4, replacement: "[1"), "an error"),
        ("a: 1\nb: 2\n", TextEdit(range: 3..<4, replacement: "1\nc: 3"), "a new entry"),
    ])
    func editsThatReadTheWholeFile(text: String, edit: TextEdit, reason: String) {
        var file = YAMLFileDocument(text)
        file.apply([edit])
        #expect(!file.readWasIncremental, "\(reason)")
        Self.expectFullRead(file, reason)
    }

    @Test func anAnchorAndItsAliasesInsideTheEntryReadOnlyIt() {
        var file = YAMLFileDocument("a: 1\nb:\n  c: &x 2\n  d: *x\n")
        file.apply([TextEdit(range: 16..<17, replacement: "3")])
        #expect(file.readWasIncremental)
        #expect(file.text == "a: 1\nb:\n  c: &x 3\n  d: *x\n")
        Self.expectFullRead(file, "anchored")
    }

    @Test func aDuplicateTopLevelKeyMadeOrRemovedInOneEntry() {
        var file = YAMLFileDocument("a: 1\nb: 2\nc: 3\n")
        file.apply([TextEdit(range: 10..<11, replacement: "a")])
        #expect(file.readWasIncremental)
        #expect(file.diagnostics.map(\.message) == [
            "key `a` is written twice in this mapping, on line 1 and line 3; YAML readers keep only one of them, so Tiledit does not edit it until one is removed",
        ])
        Self.expectFullRead(file, "made")
        file.apply([TextEdit(range: 3..<4, replacement: "[1,\n  2]")])
        #expect(file.readWasIncremental)
        #expect(file.diagnostics.map(\.message).first?.contains("on line 1 and line 4") == true)
        Self.expectFullRead(file, "moved")
        file.apply([TextEdit(range: 17..<18, replacement: "c")])
        #expect(file.readWasIncremental)
        #expect(file.diagnostics.isEmpty)
        Self.expectFullRead(file, "removed")
    }
}

