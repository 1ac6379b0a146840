import Testing
import TileditFixtures
import TileditModel

/// Block operations on a file without a final line break: the file's end
/// keeps its form, so moving a block away and back, or inserting and
/// deleting, gives back the exact bytes.
@Suite("Block operations without a final line break")
struct FinalLineBreakBlockOperationTests {
    @Test func movingTheLastBlockUpAndDownAgainGivesBackTheExactBytes() throws {
        let original = "# Title\n\nFirst.\n\nLast."
        var document = MarkdownDocument(original, dialect: .yaml)
        try document.perform(.moveBlock(document.id(at: 2), to: 1))
        #expect(document.text == "# Title\n\nLast.\n\nFirst.")
        try document.perform(.moveBlock(document.id(at: 1), to: 2))
        #expect(document.text == original)
    }

    @Test func insertingAtTheEndAndDeletingGivesBackTheExactBytes() throws {
        let original = "First.\n\nLast."
        var document = MarkdownDocument(original, dialect: .yaml)
        try document.perform(.insertText("Added.", at: 2))
        #expect(document.text == "First.\n\nLast.\n\nAdded.")
        try document.perform(.deleteBlock(document.id(at: 2)))
        #expect(document.text == original)
    }

    @Test func duplicatingTheLastBlockAndDeletingTheCopyGivesBackTheExactBytes() throws {
        let original = "First.\r\n\r\nLast."
        var document = MarkdownDocument(original, dialect: .yaml)
        try document.perform(.duplicateBlock(document.id(at: 1)))
        #expect(document.text == "First.\r\n\r\nLast.\r\n\r\nLast.")
        try document.perform(.deleteBlock(document.id(at: 2)))
        #expect(document.text == original)
    }

    @Test func aFileWithAFinalLineBreakKeepsIt() throws {
        var document = MarkdownDocument("First.\n\nLast.\n", dialect: .yaml)
        try document.perform(.moveBlock(document.id(at: 1), to: 0))
        #expect(document.text == "Last.\n\nFirst.\n")
        try document.perform(.deleteBlock(document.id(at: 1)))
        #expect(document.text == "Last.\n")
    }

    private static let paragraphs = ["Alpha.", "# Heading", "Beta *b*.", "> Quote.", "```\ncode\n```", ":::tile callout\nid: c\ntitle: T\n:::"]

    /// Law: any sequence of moves that restores the order restores the
    /// exact bytes; an insertion or a copy deleted again leaves none behind.
    @Test func generatedMovesThatRestoreTheOrderRestoreTheBytes() throws {
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<150 {
            let count = Int.random(in: 2...5, using: &random)
            let eol = Bool.random(using: &random) ? "\n" : "\r\n"
            let blocks = Self.paragraphs.shuffled(using: &random).prefix(count).map { $0.replacingOccurrences(of: "\n", with: eol) }
            let finalBreak = Bool.random(using: &random)
            let original = blocks.joined(separator: eol + eol) + (finalBreak ? eol : "")
            var document = MarkdownDocument(original, dialect: .yaml)
            #expect(document.blockCount == count, "\(original)")
            // Random moves, then moves putting every block back in place.
            var order = Array(0..<count)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let from = Int.random(in: 0..<count, using: &random)
                let to = Int.random(in: 0..<count, using: &random)
                do { try document.perform(.moveBlock(document.id(at: from), to: to)) } catch {
                    Issue.record("\(error) moving \(from) to \(to) in \(document.text.debugDescription)")
                    throw error
                }
                order.insert(order.remove(at: from), at: to)
            }
            for block in 0..<count {
                guard let at = order.firstIndex(of: block), at != block else { continue }
                try document.perform(.moveBlock(document.id(at: at), to: block))
                order.insert(order.remove(at: at), at: block)
            }
            #expect(document.text == original, "\(original.debugDescription)")
            // An insertion anywhere, deleted again.
            let boundary = Int.random(in: 0...count, using: &random)
            try document.perform(.insertText("Inserted.", at: boundary))
            try document.perform(.deleteBlock(document.id(at: boundary)))
            #expect(document.text == original, "\(original.debugDescription) insert at \(boundary)")
            // A copy of any block, deleted again.
            let copied = Int.random(in: 0..<count, using: &random)
            var copy = document
            if (try? copy.perform(.duplicateBlock(copy.id(at: copied)))) != nil {
                try copy.perform(.deleteBlock(copy.id(at: copied + 1)))
                #expect(copy.text == original, "\(original.debugDescription) copy of \(copied)")
            }
        }
    }
}
