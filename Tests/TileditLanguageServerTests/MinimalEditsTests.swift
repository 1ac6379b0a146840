import Testing
import TileditModel
import TileditLanguageServer

@Suite("Minimal edits (line diff)")
struct MinimalEditsTests {
    private func edits(_ old: String, _ new: String, base: Int = 0) -> [String] {
        MinimalEdits.lineEdits(old: Array(old.utf8), new: Array(new.utf8), base: base).map {
            "\($0.range) \(String(decoding: $0.replacement, as: UTF8.self).debugDescription)"
        }
    }

    @Test func onlyChangedLinesAreReplaced() {
        #expect(edits("a\nb\nc\n", "a\nB\nc\n", base: 10) == [#"12..<14 "B\n""#])
        #expect(edits("a\nb\nc\n", "a\nb\nc\n") == [])
        #expect(edits("a\nc\n", "a\nb\nc\n") == [#"2..<2 "b\n""#])
        #expect(edits("a\nb\nc\n", "a\nc\n") == [#"2..<4 """#])
        #expect(edits("a\nb", "a\nb\n") == [#"2..<3 "b\n""#])
    }

    @Test func movedLinesCostOneRemovalAndOneInsertion() {
        #expect(edits(":::tile callout\ntitle: T\nid: x\n:::\n", ":::tile callout\nid: x\ntitle: T\n:::\n") == [
            #"16..<25 """#, #"31..<31 "title: T\n""#,
        ])
    }

    @Test func applyingTheEditsGivesTheNewText() {
        var generator = SplitMix(seed: 3)
        let words = ["a\n", "b\n", "c\r\n", "\n", "dd\n"]
        for _ in 0..<300 {
            let old = (0..<Int(generator.next() % 8)).map { _ in words[Int(generator.next() % 5)] }.joined()
            let new = (0..<Int(generator.next() % 8)).map { _ in words[Int(generator.next() % 5)] }.joined()
            let result = TextEdit.apply(MinimalEdits.lineEdits(old: Array(old.utf8), new: Array(new.utf8)), to: Array(old.utf8))
            #expect(String(decoding: result, as: UTF8.self) == new)
        }
    }
}
