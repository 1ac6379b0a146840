import Testing
import TileditFixtures
@testable import TileditModel

/// The structural YAML operations (move, duplicate, remove an item; remove
/// a key) leave every value they did not mean to change as it read: a
/// keep-chomped block scalar (`|+`, `>+`) owns the blank lines after its
/// text, so they go with its item; and any plan that would change another
/// value is refused, not written.
@Suite("YAML structural edits keep other values")
struct YAMLStructuralValueTests {
    static let keep = "steps:\n  - name: a\n    run: |+\n      kept\n\n\n  - name: b\n    run: x\n"

    func performed(_ operation: YAMLOperation, on text: String) throws -> String {
        var file = YAMLFileDocument(text, dialect: .yaml)
        let change = try file.perform(operation)
        var undone = file
        undone.apply(change.inverse)
        #expect(undone.text == text, "the inverse of \(operation) does not give the bytes back")
        return file.text
    }

    func value(_ path: String, in text: String) -> String? {
        YAMLFileDocument(text, dialect: .yaml).node(at: YAMLPath(parsing: path), document: 0)?.scalar?.value
    }

    @Test func movingAnItemEndingInAKeepScalarTakesItsBlankLinesWithIt() throws {
        let down = try performed(.moveItem(YAMLPath(parsing: "steps.0"), by: 1), on: Self.keep)
        #expect(down == "steps:\n  - name: b\n    run: x\n  - name: a\n    run: |+\n      kept\n\n\n")
        #expect(value("steps.1.run", in: down) == "kept\n\n\n")
        let up = try performed(.moveItem(YAMLPath(parsing: "steps.1"), by: -1), on: Self.keep)
        #expect(up == down)
    }

    @Test func duplicatingAnItemEndingInAKeepScalarCopiesItsBlankLines() throws {
        let copied = try performed(.duplicateItem(YAMLPath(parsing: "steps.0")), on: Self.keep)
        #expect(copied == "steps:\n  - name: a\n    run: |+\n      kept\n\n\n  - name: a\n    run: |+\n      kept\n\n\n  - name: b\n    run: x\n")
        #expect(value("steps.0.run", in: copied) == "kept\n\n\n")
        #expect(value("steps.1.run", in: copied) == "kept\n\n\n")
    }

    @Test func removingAnItemAfterAKeepScalarLeavesTheKeptLinesAlone() throws {
        let text = "- |+\n  one\n\n- |+\n  two\n\n\n- three\n"
        let removed = try performed(.removeItem(YAMLPath(parsing: "1")), on: text)
        #expect(removed == "- |+\n  one\n\n- three\n")
        #expect(value("0", in: removed) == "one\n\n")
    }

    @Test func aKeyOrItemAddedAfterAKeepScalarGoesAfterItsBlankLines() throws {
        let mapping = "m:\n  a: |+\n    x\n\nnext: 1\n"
        let added = try performed(.addKey(to: YAMLPath(parsing: "m"), key: "b", value: "2"), on: mapping)
        #expect(added == "m:\n  a: |+\n    x\n\n  b: 2\nnext: 1\n")
        #expect(value("m.a", in: added) == "x\n\n")
        let list = "list:\n  - |+\n    x\n\nnext: 1\n"
        let appended = try performed(.appendItem(to: YAMLPath(parsing: "list"), item: "new"), on: list)
        #expect(appended == "list:\n  - |+\n    x\n\n  - new\nnext: 1\n")
        #expect(value("list.0", in: appended) == "x\n\n")
    }

    @Test func removingAKeyAfterAKeepScalarTakesTheBlankLinesAfterIt() throws {
        let text = "z: |+\n  p\n\na: 1\n\nb: 2\n"
        let removed = try performed(.removeKey(YAMLPath(parsing: "a")), on: text)
        #expect(removed == "z: |+\n  p\n\nb: 2\n")
        #expect(value("z", in: removed) == "p\n\n")
    }

    @Test func keepScalarsInCRLFFilesMoveWithTheirBlankLines() throws {
        let text = "- >+\r\n  folded\r\n\r\n- x\r\n"
        let moved = try performed(.moveItem(YAMLPath(parsing: "0"), by: 1), on: text)
        #expect(moved == "- x\r\n- >+\r\n  folded\r\n\r\n")
        #expect(value("1", in: moved) == "folded\n\n")
    }

    /// Sequences of items of every ending (plain, quoted, block scalars of
    /// each chomping with blank lines after them, nested mappings ending in
    /// one), each operation at each place: it is done and every value reads
    /// as the operation means, or it is refused and the file unchanged.
    @Test(arguments: 0..<40)
    func everyStructuralEditOfGeneratedItemsKeepsTheOtherValues(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 11)
        let endings = ["plain", "'quoted'", "|\n    clip", "|-\n    strip", "|+\n    keep", ">+\n    folded keep", "|2+\n     indented keep"]
        let count = Int.random(in: 2...5, using: &random)
        let lineBreak = Bool.random(using: &random) ? "\n" : "\r\n"
        var lines: [String] = ["list:"]
        for index in 0..<count {
            let ending = endings[Int.random(in: 0..<endings.count, using: &random)]
            let nested = Bool.random(using: &random)
            let body = nested ? "name: n\(index)\n    v: \(ending.replacingOccurrences(of: "\n    ", with: "\n      "))" : ending
            lines.append("  - " + body)
            for _ in 0..<Int.random(in: 0...2, using: &random) { lines.append("") }
        }
        lines.append("after: 1")
        let text = lines.joined(separator: "\n").replacingOccurrences(of: "\n", with: lineBreak) + lineBreak
        let original = YAMLFileDocument(text, dialect: .yaml)
        let items = try #require(original.node(at: YAMLPath(parsing: "list"), document: 0)?.items)
        let after = try #require(original.node(at: YAMLPath(parsing: "after"), document: 0))
        // An item appended after the last one leaves every earlier item as it read.
        var appended = original
        _ = try appended.perform(.appendItem(to: YAMLPath(parsing: "list"), item: "new"))
        let appendedItems = try #require(YAMLFileDocument(appended.text, dialect: .yaml).node(at: YAMLPath(parsing: "list"), document: 0)?.items)
        #expect(Array(appendedItems.dropLast()).readAsSameValues(as: items), "appending changed \(text.debugDescription)")
        for index in 0..<count {
            var cases: [(YAMLOperation, [YAMLNode])] = []
            var removed = items
            removed.remove(at: index)
            cases.append((.removeItem(YAMLPath(parsing: "list.\(index)")), removed))
            var copied = items
            copied.insert(items[index], at: index + 1)
            cases.append((.duplicateItem(YAMLPath(parsing: "list.\(index)")), copied))
            if index + 1 < count {
                var swapped = items
                swapped.swapAt(index, index + 1)
                cases.append((.moveItem(YAMLPath(parsing: "list.\(index)"), by: 1), swapped))
            }
            for (operation, expected) in cases {
                var file = original
                let change: YAMLFileDocument.Change
                do {
                    change = try file.perform(operation)
                } catch {
                    Issue.record("\(operation) refused on \(text.debugDescription): \(error.message)")
                    continue
                }
                let read = YAMLFileDocument(file.text, dialect: .yaml)
                let list = try #require(read.node(at: YAMLPath(parsing: "list"), document: 0)?.items, "\(operation) on \(text.debugDescription)")
                #expect(list.readAsSameValues(as: expected), "\(operation) changed other values of \(text.debugDescription): \(file.text.debugDescription)")
                #expect(read.node(at: YAMLPath(parsing: "after"), document: 0)?.readsAsSameValue(as: after) == true)
                file.apply(change.inverse)
                #expect(file.text == text)
            }
        }
    }

    @Test func sameValueComparesTextAndPlainnessNotRangesOrQuoting() {
        let first = YAMLFileDocument("a: 'x'\nb: [1, 2]\n", dialect: .yaml).node(at: YAMLPath([]), document: 0)
        let second = YAMLFileDocument("a: \"x\"\nb:\n  - 1\n  - 2\n", dialect: .yaml).node(at: YAMLPath([]), document: 0)
        let typed = YAMLFileDocument("a: 'x'\nb: [1, '2']\n", dialect: .yaml).node(at: YAMLPath([]), document: 0)
        #expect(first.map { second.map($0.readsAsSameValue) } == true)
        #expect(first.map { typed.map($0.readsAsSameValue) } == false)
    }
}
