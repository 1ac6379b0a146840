import Testing
import TileditFixtures
@testable import TileditModel

/// A YAML edit costs what the edit costs, not what the file weighs
/// (ARCHITECTURE.md, "Scale"): the bytes are spliced in place, the line
/// starts are kept in chunks moved by a pending shift, and a refused edit
/// gives back the file it started from through the inverse of its edits.
/// Generated inputs (fixed seeds) compare each against the plain way.
@Suite("YAML in-place edits")
struct YAMLInPlaceEditTests {
    /// The address of `bytes`' buffer, to see whether an edit copied it.
    static func address(_ bytes: [UInt8]) -> UInt {
        bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func lineStartsAfterRandomReplacementsReadAsTheArrayTheSameReplacementsMake() {
        for seed in UInt64(0)..<60 {
            var random = SeededGenerator(seed: seed)
            // Small chunks are exercised by many lines: some tables span many chunks.
            let count = Int.random(in: 1..<(seed % 3 == 0 ? 9_000 : 300), using: &random)
            var expected = [0]
            for _ in 1..<count { expected.append(expected[expected.count - 1] + Int.random(in: 1..<40, using: &random)) }
            var table = YAMLLineStarts(expected)
            #expect(table.array == expected, "seed \(seed)")
            for step in 0..<40 {
                let lower = Int.random(in: 1...expected.count, using: &random)
                let upper = Swift.min(expected.count, lower + Int.random(in: 0..<6, using: &random))
                let delta = Int.random(in: -3..<8, using: &random)
                // New starts between the start before the slots and the moved one after them.
                var starts: [Int] = []
                var at = expected[lower - 1]
                for _ in 0..<Int.random(in: 0..<5, using: &random) {
                    at += 1
                    starts.append(at)
                }
                let floor = (starts.last ?? expected[lower - 1]) + 1 - (upper < expected.count ? expected[upper] : Int.max / 2)
                let move = Swift.max(delta, floor)
                expected = Array(expected[..<lower]) + starts + expected[upper...].map { $0 + move }
                table.replace(lower..<upper, with: starts, movingLaterBy: move)
                let label = "seed \(seed) step \(step)"
                #expect(table.count == expected.count, "\(label)")
                #expect(table.array == expected, "\(label)")
                for probe in [0, 1, expected.count / 2, expected.count - 1, expected.count + 3, -2] {
                    #expect(table[probe] == expected[Swift.min(Swift.max(probe, 0), expected.count - 1)], "\(label) slot \(probe)")
                }
                let offset = Int.random(in: -2...(expected[expected.count - 1] + 5), using: &random)
                #expect(table.slot(of: offset) == Swift.max(0, (expected.lastIndex { $0 <= offset } ?? 0)), "\(label) offset \(offset)")
            }
        }
    }

    @Test func spliceGivesTheBytesApplyGives() {
        for seed in UInt64(0)..<200 {
            var random = SeededGenerator(seed: seed)
            let bytes = (0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0x20..<0x7F, using: &random) }
            // Non-overlapping edits in any order.
            var edits: [TextEdit] = []
            var position = 0
            while position <= bytes.count && edits.count < 5 {
                let start = Int.random(in: position...bytes.count, using: &random)
                let end = Int.random(in: start...Swift.min(bytes.count, start + 6), using: &random)
                edits.append(TextEdit(range: start..<end, replacement: Array("e\(edits.count)".utf8).prefix(Int.random(in: 0..<3, using: &random)).map { $0 }))
                position = end + 1
            }
            edits.shuffle(using: &random)
            var spliced = bytes
            TextEdit.splice(edits, into: &spliced)
            #expect(spliced == TextEdit.apply(edits, to: bytes), "seed \(seed)")
        }
    }

    @Test func aValueEditAndItsUndoSpliceTheFileBytesInPlace() throws {
        var file = YAMLFileDocument(BenchmarkDocuments.yaml(bytes: 200_000))
        let pairs = try #require(file.root?.pairs)
        let key = try #require(pairs[pairs.count / 2].key.scalar?.value)
        let scalarPath = try #require(Self.firstScalar(below: YAMLPath([.key(key)]), in: file))
        let original = try #require(file.node(at: scalarPath)?.scalar?.value)
        // The first edit may grow the buffer; the ones after it fit in it.
        let first = try file.setValue(at: scalarPath, to: original + "x")
        let address = Self.address(file.bytes)
        for round in 0..<6 {
            file.apply(first.inverse)
            #expect(Self.address(file.bytes) == address, "undo \(round)")
            let again = try file.setValue(at: scalarPath, to: original + "x")
            #expect(Self.address(file.bytes) == address, "edit \(round)")
            #expect(again == first, "edit \(round)")
        }
        file.apply(first.inverse)
        #expect(file.bytes == Array(BenchmarkDocuments.yaml(bytes: 200_000).utf8))
    }

    @Test func aRefusedEditLeavesTheWholeFileAsItWasAndItsBytesInPlace() {
        var refused = 0
        for seed in UInt64(0)..<40 {
            var random = SeededGenerator(seed: seed)
            var generator = YAMLGenerator(seed: seed, lineEnding: seed % 5 == 0 ? "\r\n" : "\n")
            var file = YAMLFileDocument(generator.document(bytes: 3_000))
            // Edited once and back, so the bytes have room for the edits below
            // (growing past that moves them, not a copy) and the tree moved lazily.
            let values = YAMLIncrementalChainTests.editableValues(file)
            guard let first = values.first, let last = values.last else { continue }
            let grow = TextEdit(range: first.range.upperBound..<first.range.upperBound, replacement: Array(String(repeating: "xyz", count: 20).utf8))
            let original = file.bytes
            file.apply([grow])
            file.apply(TextEdit.inverses(of: [grow], original: { Array(original[$0]) }))
            // The test keeps the bytes apart: a copy sharing them would make the edit copy them.
            var before = file
            before.bytes = []
            let beforeBytes = file.bytes.map { $0 }
            let address = Self.address(file.bytes)
            for value in [first, last, values[Int.random(in: 0..<values.count, using: &random)]] {
                let end = value.range.upperBound
                let edit = TextEdit(range: (end - 1)..<end, replacement: Array("é, more".utf8))
                // Any refusal after the edit was applied and read: the check's.
                #expect(throws: EditError.self, "seed \(seed)") {
                    try file.keepFirst([[edit]], notes: [], refusingNewErrors: true) { _ in .invalidValue(message: "refused") }
                }
                refused += 1
                let label = "seed \(seed) at \(end)"
                #expect(file.bytes == beforeBytes, "\(label)")
                #expect(Self.address(file.bytes) == address, "\(label)")
                #expect(YAMLIncrementalChainTests.everyNode(file.documents) == YAMLIncrementalChainTests.everyNode(before.documents), "\(label)")
                #expect(file.diagnostics == before.diagnostics, "\(label)")
                #expect(file.lineStartTable == before.lineStartTable, "\(label)")
                #expect(file.lastEntryRead?.index == before.lastEntryRead?.index, "\(label)")
            }
        }
        #expect(refused > 60)
    }

    @Test func anEditRefusedForTheErrorItWouldLeaveLeavesTheFlatFileAsItWas() {
        var file = YAMLFileDocument("title: Site\ntheme.dark.accent: #63b3ed\n", dialect: .flat)
        let before = file
        #expect(throws: EditError.self) { try file.perform(.addKey(to: YAMLPath([]), key: "titel", value: "x")) }
        #expect(file.bytes == before.bytes)
        #expect(file.documents == before.documents)
        #expect(file.diagnostics == before.diagnostics)
        #expect(file.lineStartTable == before.lineStartTable)
    }

    /// The first scalar at or below `path`, found by keys and indexes.
    static func firstScalar(below path: YAMLPath, in file: YAMLFileDocument) -> YAMLPath? {
        var current = path
        for _ in 0..<64 {
            guard let node = file.node(at: current) else { return nil }
            if let scalar = node.scalar { return scalar.value.isEmpty ? nil : current }
            if let key = node.pairs?.first?.key.scalar?.value {
                current = YAMLPath(current.components + [.key(key)])
            } else if node.items?.isEmpty == false {
                current = YAMLPath(current.components + [.index(0)])
            } else {
                return nil
            }
        }
        return nil
    }
}
