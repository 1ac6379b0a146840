import Testing
@testable import TileditModel

/// The document's table of where each identity's block is: identities
/// handed out in order live in an array, any other in a dictionary, and
/// both read back what was set.
@Suite("Block position table")
struct BlockPositionTableTests {
    @Test func positionsSetReadBackAndForgottenOnesAreNil() {
        var table = BlockPositionTable(expectedCount: 3)
        for raw in 1...3 { table[BlockID(rawValue: raw)] = raw - 1 }
        table[BlockID(rawValue: 2)] = nil
        #expect([1, 2, 3, 4].map { table[BlockID(rawValue: $0)] } == [0, nil, 2, nil])
    }

    @Test func identitiesFarPastThoseHandedOutAndBelowOneAreKept() {
        var table = BlockPositionTable()
        table[BlockID(rawValue: Int.max)] = 7
        table[BlockID(rawValue: 0)] = 8
        table[BlockID(rawValue: -5)] = 9
        table[BlockID(rawValue: 1)] = 0
        #expect(table[BlockID(rawValue: Int.max)] == 7)
        #expect(table[BlockID(rawValue: 0)] == 8)
        #expect(table[BlockID(rawValue: -5)] == 9)
        #expect(table[BlockID(rawValue: 1)] == 0)
        table[BlockID(rawValue: Int.max)] = nil
        #expect(table[BlockID(rawValue: Int.max)] == nil)
    }

    /// An identity kept in the dictionary (far past the array) stays found
    /// once the array grows over it.
    @Test func anIdentityTheArrayGrowsOverMovesIntoIt() {
        var table = BlockPositionTable()
        table[BlockID(rawValue: 2000)] = 5
        for raw in 1...1999 { table[BlockID(rawValue: raw)] = raw }
        #expect(table[BlockID(rawValue: 2000)] == 5)
        table[BlockID(rawValue: 3000)] = 6
        #expect(table[BlockID(rawValue: 2000)] == 5)
        #expect(table[BlockID(rawValue: 3000)] == 6)
        #expect(table[BlockID(rawValue: 2500)] == nil)
        #expect(table[BlockID(rawValue: 1500)] == 1500)
    }
}
