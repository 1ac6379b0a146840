import Foundation
import Testing
import TileditFixtures
@testable import TileditModel

/// Chains of value edits and undos in different top-level entries, as a
/// user makes them, each read incrementally (nodes after the entry moved
/// lazily, `YAMLNode+Shifting`): the file after the chain reads as a whole
/// read of its final bytes, every node's range included; and moving a
/// tree lazily reads as moving every range.
@Suite("YAML incremental read chains")
struct YAMLIncrementalChainTests {
    /// Every node of `documents` as handed out to readers, in file order:
    /// its range, its scalar's range, and how it is reached (keys and
    /// values alike), so two reads compare node by node.
    static func everyNode(_ documents: [YAMLDocumentNode]) -> [String] {
        var found: [String] = []
        var stack: [(YAMLNode, String)] = documents.enumerated().reversed().compactMap { index, document in
            document.root.map { ($0, "\(index)") }
        }
        while let (node, path) = stack.popLast() {
            found.append("\(path) \(node.range) \(node.scalar.map { "\($0.range)" } ?? "-") \(node.anchor ?? "") \(node.childCount ?? -1)")
            if let pairs = node.pairs {
                for (position, pair) in pairs.enumerated().reversed() {
                    stack.append((pair.value, "\(path).\(position)"))
                    stack.append((pair.key, "\(path).\(position)k"))
                }
            } else if let items = node.items {
                for (position, item) in items.enumerated().reversed() { stack.append((item, "\(path).\(position)")) }
            }
        }
        return found
    }

    /// Plain scalar values of `file` that an incremental read may take
    /// alone: values of the root's pairs' subtrees, with no anchor.
    static func editableValues(_ file: YAMLFileDocument) -> [YAMLNode] {
        guard let root = file.root, let pairs = root.pairs else { return [] }
        var found: [YAMLNode] = []
        var stack = pairs.map(\.value)
        while let node = stack.popLast() {
            if let scalar = node.scalar, scalar.style == .plain, node.anchor == nil, !scalar.value.isEmpty { found.append(node) }
            stack += node.pairs?.map(\.value) ?? node.items ?? []
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Edits values all over `text` (a word added at a value's end, or its
    /// last letter taken away) and undoes some of them on the way (the last
    /// one kept, as an undo history does), then checks the file against a
    /// whole read of its final bytes, then undoes the rest and checks the
    /// original read comes back.
    ///
    /// - Returns: how many reads were incremental, and how many there were.
    static func checkValueChain(_ text: String, seed: UInt64, steps: Int, label: String) -> (incremental: Int, reads: Int) {
        var random = SeededGenerator(seed: seed)
        let original = YAMLFileDocument(text)
        var file = original
        var undo: [[TextEdit]] = []
        var incremental = 0
        var reads = 0
        for _ in 0..<steps {
            if !undo.isEmpty && Int.random(in: 0..<3, using: &random) == 0, let inverse = undo.popLast() {
                file.apply(inverse)
            } else {
                let values = editableValues(file)
                guard !values.isEmpty else { break }
                let value = values[Int.random(in: 0..<values.count, using: &random)]
                let end = value.range.upperBound
                let edit = Int.random(in: 0..<4, using: &random) == 0 && value.range.count > 1
                    ? TextEdit(range: (end - 1)..<end, replacement: [])
                    : TextEdit(range: end..<end, replacement: Array(["x", "yz", "é", " more"][Int.random(in: 0..<4, using: &random)].utf8))
                let before = file.bytes
                undo.append(TextEdit.inverses(of: [edit], original: { Array(before[$0]) }))
                file.apply([edit])
            }
            reads += 1
            if file.readWasIncremental { incremental += 1 }
        }
        let fresh = YAMLFileDocument(bytes: file.bytes)
        #expect(everyNode(file.documents) == everyNode(fresh.documents), "\(label): every node's range")
        YAMLIncrementalReadTests.expectFullRead(file, "\(label) after \(steps) steps")
        while let inverse = undo.popLast() {
            file.apply(inverse)
            reads += 1
            if file.readWasIncremental { incremental += 1 }
        }
        #expect(file.bytes == original.bytes, "\(label): undone")
        #expect(everyNode(file.documents) == everyNode(original.documents), "\(label): every node's range after undoing")
        YAMLIncrementalReadTests.expectFullRead(file, "\(label) undone")
        return (incremental, reads)
    }

    @Test func valueEditsAndUndosInDifferentEntriesReadAsAWholeReadOfTheFinalBytes() {
        var incremental = 0
        var reads = 0
        for seed in UInt64(0)..<40 {
            var generator = YAMLGenerator(seed: seed, lineEnding: seed % 5 == 0 ? "\r\n" : "\n")
            let counted = Self.checkValueChain(generator.document(bytes: 12_000), seed: seed, steps: 30, label: "seed \(seed)")
            incremental += counted.incremental
            reads += counted.reads
        }
        // Values whose entry shares an anchor elsewhere read the whole file;
        // most do not, so the lazy moves are what is tested.
        #expect(incremental * 2 > reads, "\(incremental) of \(reads) reads were incremental")
    }

    @Test func aStreamsLaterDocumentsMoveWithAnEditBeforeThem() {
        let text = "a: 1\nb:\n  c: [x, y]\n---\nd:\n  e: 2\n---\n- f\n- {g: 3}\n"
        var file = YAMLFileDocument(text)
        file.apply([TextEdit(range: 3..<4, replacement: "12345")])
        #expect(file.readWasIncremental)
        #expect(Self.everyNode(file.documents) == Self.everyNode(YAMLFileDocument(bytes: file.bytes).documents))
        #expect(file.node(at: YAMLPath([.key("d"), .key("e")]), document: 1)?.range == 36..<37)
        #expect(file.node(at: YAMLPath([.index(1), .key("g")]), document: 2)?.range == 52..<53)
        file.apply([TextEdit(range: 3..<8, replacement: "1")])
        #expect(file.documents == YAMLFileDocument(text).documents)
        YAMLIncrementalReadTests.expectFullRead(file, "stream")
    }

    @Test func movingATreeLazilyReadsAsMovingEveryRange() {
        for seed in UInt64(0)..<20 {
            var generator = YAMLGenerator(seed: seed)
            let documents = YAMLFileDocument(generator.document(bytes: 4_000)).documents
            guard let root = documents.first?.root else { continue }
            let moved = root.shifted(by: 1_000).shifted(by: -7)
            let expected = Self.everyNode([YAMLDocumentNode(root: root, range: 0..<0)]).map { line in
                // Every range of the line moved by 993 bytes.
                line.replacing(/(\d+)\.\.<(\d+)/) { match in "\((Int(match.1) ?? 0) + 993)..<\((Int(match.2) ?? 0) + 993)" }
            }
            #expect(Self.everyNode([YAMLDocumentNode(root: moved, range: 0..<0)]) == expected, "seed \(seed)")
            #expect(moved.shifted(by: -993) == root, "seed \(seed): moved back")
            #expect(moved.shifted(by: -993).hashValue == root.hashValue, "seed \(seed): hash")
            #expect(moved != root, "seed \(seed): moved")
        }
    }

    @Test func aMovedNodeReadsItsChildrenOneAtATimeAsAllAtOnce() {
        let file = YAMLFileDocument("a: 1\nb:\n  c: [x, &y y]\n  d: *y\n")
        guard let root = file.root?.shifted(by: 10) else {
            Issue.record("no root")
            return
        }
        #expect(root.pair(at: 1) == root.pairs?[1])
        #expect(root.pair(at: 2) == nil && root.item(at: 0) == nil)
        let c = root.pair(at: 1)?.value.pair(at: 0)?.value
        #expect(c?.item(at: 1) == c?.items?[1])
        #expect(c?.item(at: 1)?.range == 30..<31)
        #expect(c?.item(at: 1)?.anchor == "y")
        #expect(root["b"]?["d"]?.range == 38..<40)
        #expect(root.childCount == 2 && c?.childCount == 2 && root["a"]?.childCount == nil)
    }
}
