import Testing
import TileditFixtures
import TileditModel

/// Deleting, duplicating and moving blocks never joins or splits the blocks
/// the operation did not name: such an operation is refused with its
/// reason and leaves every byte.
@Suite("Structural operations")
struct StructuralOperationTests {
    static let joined = "the blocks before and after it would join into one; edit its text instead, or delete one of them too"

    @Test func deletingTheBlockBetweenTwoListsIsRefusedAndLeavesTheBytes() throws {
        for (source, index) in [
            ("- a\n\nBetween.\n\n- b\n", 1), ("1. a\n\n<!-- -->\n\n2. b\n", 1), ("    one\n\nText.\n\n    two\n", 1),
            ("- a\r\n\r\nBetween.\r\n\r\n- b\r\n", 1), ("- a\r\rBetween.\r\r- b\r", 1),
        ] {
            var document = MarkdownDocument(source, dialect: .yaml)
            let id = document.id(at: index)
            #expect(throws: EditError.wouldChangeStructure(message: Self.joined), "\(source.debugDescription)") {
                try document.perform(.deleteBlock(id))
            }
            #expect(document.bytes == Array(source.utf8))
            #expect(document.blockCount == 3)
        }
    }

    @Test func deletingABlockBetweenBlocksThatStayApartRemovesItAndItsGap() throws {
        for (source, index, expected) in [
            ("- a\n\nBetween.\n\n* b\n", 1, "- a\n\n* b\n"),
            ("First.\n\nSecond.\n\nThird.\n", 1, "First.\n\nThird.\n"),
            ("First.\n\nSecond.\n", 1, "First.\n"),
            ("- a\n\n# Title\n", 0, "# Title\n"),
        ] {
            var document = MarkdownDocument(source, dialect: .yaml)
            let outcome = EditingLaws.perform(.deleteBlock(document.id(at: index)), on: &document)
            #expect(outcome.performed && outcome.violations.isEmpty, "\(source.debugDescription): \(outcome.violations)")
            #expect(String(decoding: document.bytes, as: UTF8.self) == expected)
        }
    }

    /// Generated documents: every deletion, duplication and move either
    /// keeps the promised block count or is refused without a change.
    @Test func generatedStructuralOperationsKeepTheirPromisedBlockCount() {
        let kinds = ["- item\n", "1. item\n", "    code\n", "Para.\n", "> quote\n", "# Head\n", "***\n", "<div>\n</div>\n", "[r]: /u\n"]
        var performed = 0
        var refused = 0
        for first in kinds {
            for middle in kinds {
                for last in kinds {
                    let source = [first, middle, last].joined(separator: "\n")
                    let base = MarkdownDocument(source, dialect: .yaml)
                    for index in 0..<base.blockCount {
                        let id = base.id(at: index)
                        for operation in [DocumentOperation.deleteBlock(id), .duplicateBlock(id), .moveBlock(id, to: 0), .moveBlock(id, to: base.blockCount - 1)] {
                            var document = base
                            let outcome = EditingLaws.perform(operation, on: &document)
                            #expect(outcome.violations.isEmpty, "\(source.debugDescription): \(outcome.violations)")
                            if outcome.performed { performed += 1 } else { refused += 1 }
                        }
                    }
                }
            }
        }
        // Most operations go through; joins (lists, indented code) are refused.
        #expect(performed > refused * 3, "\(performed) performed, \(refused) refused")
        #expect(refused > 0)
    }
}
