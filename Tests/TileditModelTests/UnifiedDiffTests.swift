import Testing
import TileditFixtures
import TileditModel

@Suite("UnifiedDiff")
struct UnifiedDiffTests {
    private func lines(_ text: String) -> [ArraySlice<UInt8>] { LineDiff.lines(of: Array(text.utf8)) }

    @Test func equalTextsGiveNoDiff() {
        #expect(UnifiedDiff.render(old: Array("a\nb\n".utf8), new: Array("a\nb\n".utf8), path: "x") == "")
    }

    @Test func anAbsolutePathGetsOneSlashAfterThePrefix() {
        let diff = UnifiedDiff.render(old: Array("a\n".utf8), new: Array("b\n".utf8), path: "/srv/site/f.md")
        #expect(diff.hasPrefix("--- a/srv/site/f.md\n+++ b/srv/site/f.md\n"))
    }

    @Test func distantChangesGetSeparateHunksAndCloseOnesJoin() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        var new = old.replacingOccurrences(of: "line 2\n", with: "line two\n")
        new = new.replacingOccurrences(of: "line 18\n", with: "")
        #expect(UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), path: "f.md") == """
            --- a/f.md
            +++ b/f.md
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -15,6 +15,5 @@
             line 15
             line 16
             line 17
            -line 18
             line 19
             line 20

            """)
        let joined = old.replacingOccurrences(of: "line 3\n", with: "3\n").replacingOccurrences(of: "line 9\n", with: "9\n")
        #expect(UnifiedDiff.render(old: Array(old.utf8), new: Array(joined.utf8), path: "f.md").components(separatedBy: "@@ -").count == 2)
    }

    @Test func anEmptyOldTextStartsAtLineZero() {
        #expect(UnifiedDiff.render(old: [], new: Array("a\n".utf8), path: "n") == "--- a/n\n+++ b/n\n@@ -0,0 +1,1 @@\n+a\n")
    }

    @Test func carriageReturnsAreKeptInTheLines() {
        #expect(UnifiedDiff.render(old: Array("a\r\nb\r\n".utf8), new: Array("a\r\nc\r\n".utf8), path: "w")
            == "--- a/w\n+++ b/w\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }

    /// Length of a longest common subsequence, by dynamic programming.
    private func commonLength(_ a: [Int], _ b: [Int]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    @Test func scriptsRebuildBothTextsAndAreShortest() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let a = (0..<Int(generator.next() % 12)).map { _ in Int(generator.next() % 4) }
            let b = (0..<Int(generator.next() % 12)).map { _ in Int(generator.next() % 4) }
            let oldLines = lines(a.map { "\($0)\n" }.joined())
            let newLines = lines(b.map { "\($0)\n" }.joined())
            let script = LineDiff.operations(old: oldLines, new: newLines)
            var rebuiltOld: [Int] = []
            var rebuiltNew: [Int] = []
            var equal = 0
            for operation in script {
                switch operation {
                case .equal(let old, let new):
                    #expect(a[old] == b[new])
                    rebuiltOld.append(old)
                    rebuiltNew.append(new)
                    equal += 1
                case .delete(let old): rebuiltOld.append(old)
                case .insert(let new): rebuiltNew.append(new)
                }
            }
            #expect(rebuiltOld == Array(a.indices))
            #expect(rebuiltNew == Array(b.indices))
            #expect(equal == commonLength(a, b))
        }
    }

    @Test func pastTheDistanceLimitTheMiddleIsReplacedWhole() {
        let script = LineDiff.operations(old: lines("same\na\nb\nsame\n"), new: lines("same\nc\nd\nsame\n"), maximumDistance: 1)
        #expect(script == [.equal(old: 0, new: 0), .delete(old: 1), .delete(old: 2), .insert(new: 1), .insert(new: 2), .equal(old: 3, new: 3)])
    }

    @Test func hunksGiveEachLineItsKindAndNumbers() {
        let hunks = UnifiedDiff.hunks(old: Array("a\nb\nc".utf8), new: Array("a\nB\nc".utf8), context: 1)
        #expect(hunks == [DiffHunk(oldStart: 1, oldCount: 3, newStart: 1, newCount: 3, lines: [
            DiffLine(.context, Array("a\n".utf8)[...], oldLine: 1, newLine: 1),
            DiffLine(.removed, Array("b\n".utf8)[...], oldLine: 2, newLine: nil),
            DiffLine(.added, Array("B\n".utf8)[...], oldLine: nil, newLine: 2),
            DiffLine(.context, Array("c".utf8)[...], oldLine: 3, newLine: 3),
        ])])
        #expect(hunks.first?.header == "@@ -1,3 +1,3 @@")
        #expect(hunks.first?.lines.map(\.text) == ["a", "b", "B", "c"])
        #expect(hunks.first?.lines.last?.endsWithoutLineBreak == true)
    }
}
