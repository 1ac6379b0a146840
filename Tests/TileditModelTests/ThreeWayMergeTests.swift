import Testing
import TileditFixtures
import TileditModel

/// The three-way merge: laws over generated texts (a side equal to the
/// base gives the other exactly, edits that do not touch both land,
/// swapping the sides swaps the result's choices) and the exact bytes of
/// conflicts, line endings and byte order marks.
@Suite("Three-way merge")
struct ThreeWayMergeTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `count` distinct lines `line N`, ended by `ending`.
    private func lines(_ count: Int, ending: String = "\n") -> [String] {
        (1...max(1, count)).map { "line \($0)" + ending }
    }

    // MARK: Laws

    @Test func aSideEqualToTheBaseGivesTheOtherSideExactly() {
        var random = SeededGenerator(seed: 11)
        for round in 0..<300 {
            let ending = ["\n", "\r\n", "\r"][round % 3]
            let base = lines(Int(random.next() % 12) + 1, ending: ending)
            var edited = base
            for _ in 0..<Int(random.next() % 4) {
                let position = Int(random.next() % UInt64(edited.count + 1))
                switch random.next() % 3 {
                case 0: edited.insert("new \(round)-\(position)\n", at: position)
                case 1: if position < edited.count { edited.remove(at: position) }
                default: if position < edited.count { edited[position] = "changed \(round)\r\n" }
                }
            }
            let mark = round % 5 == 0 ? "\u{FEFF}" : ""
            let baseBytes = bytes(mark + base.joined())
            let editedBytes = bytes((round % 7 == 0 ? "" : mark) + edited.joined() + (round % 4 == 0 ? "tail" : ""))
            #expect(ThreeWayMerge(base: baseBytes, ours: baseBytes, theirs: editedBytes).result(choosing: []) == editedBytes)
            #expect(ThreeWayMerge(base: baseBytes, ours: editedBytes, theirs: baseBytes).result(choosing: []) == editedBytes)
            #expect(ThreeWayMerge(base: baseBytes, ours: editedBytes, theirs: baseBytes).conflicts.isEmpty)
        }
    }

    /// Edits of regions with at least one untouched line between them, each
    /// made by one side, all land, with no conflict.
    @Test func editsThatDoNotTouchFromBothSidesAllLand() {
        var random = SeededGenerator(seed: 23)
        for round in 0..<300 {
            let ending = round % 2 == 0 ? "\n" : "\r\n"
            let base = lines(Int(random.next() % 20) + 6, ending: ending)
            var ours = base.map { [$0] }
            var theirs = ours
            var expected = ours
            // Regions of one line, every other line, each edited by one side or none;
            // with an insertion at the very start, the first line stays as it is.
            let insertsAtStart = round % 3 == 0
            var index = insertsAtStart ? 1 : 0
            let extraBefore = insertsAtStart ? ["inserted \(round)" + ending] : []
            while index < base.count {
                let side = random.next() % 3
                let edit: [String]
                switch random.next() % 3 {
                case 0: edit = []
                case 1: edit = ["ours-or-theirs \(round)-\(index)" + ending]
                default: edit = ["first \(round)-\(index)" + ending, "second \(round)-\(index)" + ending]
                }
                if side == 0 {
                    ours[index] = edit
                    expected[index] = edit
                } else if side == 1 {
                    theirs[index] = edit
                    expected[index] = edit
                }
                index += 2
            }
            let oursBytes = bytes((round % 2 == 0 ? extraBefore.joined() : "") + ours.flatMap { $0 }.joined())
            let theirsBytes = bytes((round % 2 == 1 ? extraBefore.joined() : "") + theirs.flatMap { $0 }.joined())
            let expectedBytes = bytes(extraBefore.joined() + expected.flatMap { $0 }.joined())
            let merge = ThreeWayMerge(base: bytes(base.joined()), ours: oursBytes, theirs: theirsBytes)
            #expect(merge.conflicts.isEmpty, "round \(round)")
            #expect(text(merge.result(choosing: [])) == text(expectedBytes), "round \(round)")
        }
    }

    @Test func swappingTheSidesSwapsTheChoices() {
        var random = SeededGenerator(seed: 5)
        for round in 0..<300 {
            let base = lines(Int(random.next() % 8) + 1)
            func edited() -> [UInt8] {
                var copy = base
                for _ in 0..<Int(random.next() % 4 + 1) {
                    let position = Int(random.next() % UInt64(copy.count + 1))
                    switch random.next() % 3 {
                    case 0: copy.insert("x\(random.next() % 3)\n", at: position)
                    case 1: if position < copy.count { copy.remove(at: position) }
                    default: if position < copy.count { copy[position] = "y\(random.next() % 3)\n" }
                    }
                }
                return Array(copy.joined().utf8)
            }
            let a = edited()
            let b = edited()
            let forward = ThreeWayMerge(base: bytes(base.joined()), ours: a, theirs: b)
            let backward = ThreeWayMerge(base: bytes(base.joined()), ours: b, theirs: a)
            #expect(forward.conflicts.count == backward.conflicts.count, "round \(round)")
            #expect(forward.conflicts.map(\.oursLines) == backward.conflicts.map(\.theirsLines), "round \(round)")
            let choices = forward.conflicts.map { _ in random.next() % 2 == 0 ? MergeChoice.ours : .theirs }
            let mirrored = choices.map { $0 == .ours ? MergeChoice.theirs : .ours }
            #expect(forward.result(choosing: choices) == backward.result(choosing: mirrored), "round \(round)")
        }
    }

    // MARK: Conflicts

    @Test func anOverlappingEditIsAConflictSettledByEachChoice() throws {
        let base = "title\nold line\nmiddle\nend\n"
        let ours = "title\nmy line\nmiddle\nend\nmine at the end\n"
        let theirs = "title changed\ntheir line\nmiddle\nend\n"
        // The title and "old line" touch, so both are one conflict; the
        // end's addition is ours alone and lands.
        let merge = ThreeWayMerge(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs))
        let conflict = try #require(merge.conflicts.first)
        #expect(merge.conflicts.count == 1)
        #expect(conflict.baseLines.map(\.text) == ["title", "old line"])
        #expect(conflict.oursLines.map(\.text) == ["title", "my line"])
        #expect(conflict.theirsLines.map(\.text) == ["title changed", "their line"])
        #expect((conflict.baseStart, conflict.oursStart, conflict.theirsStart) == (1, 1, 1))
        #expect(text(merge.result(choosing: [.ours])) == "title\nmy line\nmiddle\nend\nmine at the end\n")
        #expect(text(merge.result(choosing: [.theirs])) == "title changed\ntheir line\nmiddle\nend\nmine at the end\n")
        #expect(text(merge.result(choosing: [.both])) == "title\nmy line\ntitle changed\ntheir line\nmiddle\nend\nmine at the end\n")
        #expect(merge.resultWithoutConflicts == nil)
        #expect(merge.appliedChanges == (ours: 1, theirs: 0))
    }

    @Test func theSameChangeOnBothSidesIsTakenOnce() {
        let merge = ThreeWayMerge(base: bytes("a\nb\nc\nd\n"), ours: bytes("a\nB\nc\nd\nours\n"), theirs: bytes("a\nB\nc\nd\n"))
        #expect(merge.conflicts.isEmpty)
        #expect(merge.resultWithoutConflicts.map(text) == "a\nB\nc\nd\nours\n")
    }

    @Test func insertionsAtTheSamePlaceConflict() {
        let merge = ThreeWayMerge(base: bytes("a\nb\n"), ours: bytes("a\nmine\nb\n"), theirs: bytes("a\ntheirs\nb\n"))
        #expect(merge.conflicts.map { $0.baseLines.count } == [0])
        #expect(merge.conflicts.map(\.baseStart) == [2])
        #expect(text(merge.result(choosing: [.both])) == "a\nmine\ntheirs\nb\n")
    }

    // MARK: Line endings and the byte order mark

    @Test func aLineEndingOnlyOneSideChangedIsTheResultsAsAChangedLineWouldBe() {
        // Another program rewrote the file with LF line endings and changed
        // a line; the editor kept the file's CRLF and changed another line.
        let base = "\u{FEFF}one\r\ntwo\r\nthree\r\nfour\r\n"
        let ours = "\u{FEFF}one\r\ntwo\r\nthree\r\nFOUR\r\n"
        let theirs = "\u{FEFF}ONE\r\ntwo\r\nthree\r\nfour\r\n".replacingOccurrences(of: "\r\n", with: "\n")
        let merge = ThreeWayMerge(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs))
        #expect(merge.conflicts.isEmpty)
        #expect(merge.resultWithoutConflicts == bytes("\u{FEFF}ONE\ntwo\nthree\nFOUR\n"))
    }

    @Test func theFilesLineEndingAndMarkStayWhenNeitherSideChangesThem() {
        let base = "\u{FEFF}a\r\nb\r\nc\r\nd\r\n"
        let merge = ThreeWayMerge(base: bytes(base), ours: bytes("\u{FEFF}A\r\nb\r\nc\r\nd\r\n"), theirs: bytes("\u{FEFF}a\r\nb\r\nc\r\nD\r\n"))
        #expect(merge.resultWithoutConflicts == bytes("\u{FEFF}A\r\nb\r\nc\r\nD\r\n"))
    }

    @Test func aLastLineWithoutLineBreakStaysSo() {
        let merge = ThreeWayMerge(base: bytes("a\nb\nc"), ours: bytes("A\nb\nc"), theirs: bytes("a\nb\nC"))
        #expect(merge.resultWithoutConflicts.map(text) == "A\nb\nC")
    }

    @Test func addingTheFinalLineBreakIsAChange() {
        let merge = ThreeWayMerge(base: bytes("a\nb\nc"), ours: bytes("A\nb\nc"), theirs: bytes("a\nb\nc\n"))
        #expect(merge.resultWithoutConflicts.map(text) == "A\nb\nc\n")
    }
}
