import Foundation
import Testing
import TileditFixtures
@testable import TileditModel

/// Moving a node in place (`YAMLNode.shift(by:)`): a collection that alone
/// holds its properties has its pending move changed in them, one shared
/// with another copy gets new ones, and either way every copy reads as a
/// whole read of its own bytes. The incremental read moves the top-level
/// entries after the edited one this way.
@Suite("YAML in-place shift")
struct YAMLInPlaceShiftTests {
    @Test("a collection that alone holds its properties keeps them when moved again, and a copy taken before reads as before")
    func aLoneCollectionIsMovedInPlace() {
        let file = YAMLFileDocument("a: 1\nb:\n  c: [x, &y y]\n  d: *y\n")
        guard let b = file.root?.pair(at: 1)?.value else {
            Issue.record("no value at b")
            return
        }
        var moved = b
        moved.shift(by: 10)
        // The identity alone: holding the object would share it.
        guard let first = moved.properties.map(ObjectIdentifier.init) else {
            Issue.record("no pending move noted")
            return
        }
        moved.shift(by: 5)
        #expect(moved.properties.map(ObjectIdentifier.init) == first, "moved in place")
        #expect(moved.childShift == 15)
        #expect(moved == b.shifted(by: 15))
        #expect(moved.pair(at: 0)?.value.item(at: 1)?.range == 35..<36)

        let kept = moved
        moved.shift(by: -15)
        #expect(moved.properties.map(ObjectIdentifier.init) != first, "a shared one is not changed")
        #expect(kept.childShift == 15 && kept == b.shifted(by: 15), "the copy still reads moved")
        #expect(moved == b, "moved back")
    }

    @Test("an anchored or tagged scalar moves without new properties, a scalar with its own range moves it")
    func scalarsMove() {
        let file = YAMLFileDocument("a: &x 1\nb: !t 2\n")
        guard var anchored = file.root?.pair(at: 0)?.value, var tagged = file.root?.pair(at: 1)?.value else {
            Issue.record("no values")
            return
        }
        let identity = anchored.properties.map(ObjectIdentifier.init)
        anchored.shift(by: 3)
        tagged.shift(by: -2)
        #expect(anchored.properties.map(ObjectIdentifier.init) == identity)
        #expect(anchored.range == 9..<10 && anchored.anchor == "x" && anchored.scalar?.range == 9..<10)
        #expect(tagged.range == 12..<13 && tagged.tag == "!t" && tagged.scalar?.range == 12..<13)

        var own = YAMLNode(content: .scalar(YAMLScalar(value: "v", style: .plain, range: 2..<3)), range: 0..<3)
        own.shift(by: 4)
        #expect(own.range == 4..<7 && own.scalar?.range == 6..<7)
    }

    @Test("an incremental read moves a later entry's collection in place when no other version holds the tree")
    func anIncrementalReadMovesLaterEntriesInPlace() {
        var file = YAMLFileDocument("a: 1\nb:\n  c: 1\nd:\n  e: [2, 3]\n")
        file.apply([TextEdit(range: 4..<4, replacement: Array("0".utf8))])
        #expect(file.readWasIncremental)
        // The identity alone: holding the object would share it.
        let first = file.root?.pair(at: 2)?.value.properties.map(ObjectIdentifier.init)
        #expect(first != nil, "the first move noted the children's move")
        file.apply([TextEdit(range: 4..<4, replacement: Array("00".utf8))])
        #expect(file.readWasIncremental)
        #expect(file.root?.pair(at: 2)?.value.properties.map(ObjectIdentifier.init) == first, "moved in place")
        #expect(file.root?.pair(at: 2)?.value.childShift == 3)
        #expect(file.node(at: YAMLPath([.key("d"), .key("e")]))?.item(at: 1)?.range == 30..<31)
        #expect(file.documents == YAMLFileDocument(bytes: file.bytes).documents)
    }

    /// Value edits at random entries of generated files, each read
    /// incrementally where it can be; at random steps the version before
    /// the edit is kept (as a history holding an old tree would), so that
    /// both the in-place moves and the shared ones are taken. After every
    /// edit the file reads, node by node, as a whole read of its bytes,
    /// and every kept version as a whole read of the bytes it had.
    @Test("edits at random entries, old versions kept at random, read node by node as a whole read of the bytes")
    func randomEditsReadAsAWholeRead() {
        var incremental = 0
        var reads = 0
        for seed in UInt64(0)..<24 {
            var random = SeededGenerator(seed: seed &+ 1_000)
            var generator = YAMLGenerator(seed: seed, lineEnding: seed % 4 == 0 ? "\r\n" : "\n")
            var file = YAMLFileDocument(generator.document(bytes: 8_000))
            var kept: [(bytes: [UInt8], documents: [YAMLDocumentNode])] = []
            for step in 0..<24 {
                let values = YAMLIncrementalChainTests.editableValues(file)
                guard !values.isEmpty else { break }
                if Int.random(in: 0..<3, using: &random) == 0 { kept.append((file.bytes, file.documents)) }
                let value = values[Int.random(in: 0..<values.count, using: &random)]
                let end = value.range.upperBound
                let edit = Int.random(in: 0..<3, using: &random) == 0 && value.range.count > 1
                    ? TextEdit(range: (end - 1)..<end, replacement: [])
                    : TextEdit(range: end..<end, replacement: Array(["x", "yz", "é", " more", "12345678"][Int.random(in: 0..<5, using: &random)].utf8))
                file.apply([edit])
                reads += 1
                if file.readWasIncremental { incremental += 1 }
                let fresh = YAMLFileDocument(bytes: file.bytes)
                #expect(
                    YAMLIncrementalChainTests.everyNode(file.documents) == YAMLIncrementalChainTests.everyNode(fresh.documents),
                    "seed \(seed) step \(step): every node's range")
                #expect(file.documents == fresh.documents, "seed \(seed) step \(step): tree")
            }
            for (index, version) in kept.enumerated() {
                let fresh = YAMLFileDocument(bytes: version.bytes)
                #expect(
                    YAMLIncrementalChainTests.everyNode(version.documents) == YAMLIncrementalChainTests.everyNode(fresh.documents),
                    "seed \(seed): kept version \(index) reads as its bytes")
            }
        }
        #expect(incremental * 2 > reads, "\(incremental) of \(reads) reads were incremental")
    }
}
