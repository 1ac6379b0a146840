import Testing
@testable import TileditModel

/// The compact node keeps the whole public shape: content, anchor, tag,
/// ranges and collection style read back as set, and equal trees compare
/// equal however they were made.
@Suite("YAMLNode")
struct YAMLNodeTests {
    private static func plain(_ value: String, _ range: Range<Int>) -> YAMLNode {
        YAMLNode(content: .scalar(YAMLScalar(value: value, style: .plain, range: range)), range: range)
    }

    @Test func aNodeTakes32BytesAndAPair64() {
        #expect(MemoryLayout<YAMLNode>.stride == 32)
        #expect(MemoryLayout<YAMLPair>.stride == 64)
    }

    @Test(arguments: [YAMLScalar.Style.plain, .singleQuoted, .doubleQuoted, .literal, .folded])
    func aScalarReadsBackItsValueStyleAndRange(style: YAMLScalar.Style) {
        let node = YAMLNode(content: .scalar(YAMLScalar(value: "é 1", style: style, range: 4..<9)), range: 4..<9)

        #expect(node.content == .scalar(YAMLScalar(value: "é 1", style: style, range: 4..<9)))
        #expect(node.scalar == YAMLScalar(value: "é 1", style: style, range: 4..<9))
        #expect(node.range == 4..<9)
        #expect(node.anchor == nil)
        #expect(node.tag == nil)
        #expect(node.collectionStyle == .block)
        #expect(node.pairs == nil)
        #expect(node.items == nil)
        #expect(node.kindDescription == "a scalar")
    }

    @Test func anchorAndTagReadBackOnEveryKind() {
        let scalar = YAMLNode(content: .scalar(YAMLScalar(value: "x", style: .plain, range: 9..<10)), anchor: "a", tag: "!!str", range: 9..<10)
        let alias = YAMLNode(content: .alias("a"), anchor: "b", range: 0..<2)
        let mapping = YAMLNode(content: .mapping([]), tag: "!!map", range: 0..<2, collectionStyle: .flow)

        #expect(scalar.anchor == "a")
        #expect(scalar.tag == "!!str")
        #expect(scalar.scalar == YAMLScalar(value: "x", style: .plain, range: 9..<10))
        #expect(alias.content == .alias("a"))
        #expect(alias.anchor == "b")
        #expect(alias.tag == nil)
        #expect(alias.kindDescription == "an alias of `&a`")
        #expect(mapping.pairs == [])
        #expect(mapping.anchor == nil)
        #expect(mapping.tag == "!!map")
        #expect(mapping.collectionStyle == .flow)
    }

    @Test func removingAnchorAndTagGivesANodeEqualToOneMadeWithout() {
        var node = YAMLNode(content: .sequence([Self.plain("a", 1..<2)]), anchor: "x", tag: "!t", range: 0..<3, collectionStyle: .flow)
        node.anchor = nil
        node.tag = nil

        let bare = YAMLNode(content: .sequence([Self.plain("a", 1..<2)]), range: 0..<3, collectionStyle: .flow)
        #expect(node == bare)
        #expect(node.hashValue == bare.hashValue)
    }

    @Test func aScalarRangeDifferentFromTheNodeRangeIsKept() {
        let node = YAMLNode(content: .scalar(YAMLScalar(value: "v", style: .doubleQuoted, range: 2..<5)), range: 0..<5)

        #expect(node.range == 0..<5)
        #expect(node.scalar?.range == 2..<5)
        #expect(node.shifted(by: 10).range == 10..<15)
        #expect(node.shifted(by: 10).scalar?.range == 12..<15)
        #expect(node != Self.plain("v", 0..<5))
    }

    @Test func settingTheRangeLeavesTheScalarRangeWhereItWas() {
        var node = Self.plain("v", 3..<4)
        node.range = 0..<4

        #expect(node.range == 0..<4)
        #expect(node.scalar?.range == 3..<4)

        node.range = 3..<4
        #expect(node == Self.plain("v", 3..<4))
    }

    @Test func settingContentKeepsAnchorTagAndCollectionStyle() {
        var node = YAMLNode(content: .mapping([]), anchor: "m", tag: "!t", range: 0..<2, collectionStyle: .flow)
        node.content = .sequence([Self.plain("a", 1..<2)])

        #expect(node.items == [Self.plain("a", 1..<2)])
        #expect(node.anchor == "m")
        #expect(node.tag == "!t")
        #expect(node.collectionStyle == .flow)

        node.collectionStyle = .block
        #expect(node == YAMLNode(content: .sequence([Self.plain("a", 1..<2)]), anchor: "m", tag: "!t", range: 0..<2))
    }

    @Test func aScalarHasNoCollectionStyle() {
        var node = Self.plain("v", 0..<1)
        node.collectionStyle = .flow

        #expect(node.collectionStyle == .block)
        #expect(node == Self.plain("v", 0..<1))
    }

    @Test func shiftedMovesEveryRangeInTheTree() {
        let pair = YAMLPair(key: Self.plain("k", 0..<1), value: YAMLNode(content: .sequence([Self.plain("a", 5..<6)]), anchor: "s", range: 3..<6))
        let tree = YAMLNode(content: .mapping([pair]), range: 0..<6)

        let shifted = tree.shifted(by: 100)

        let expectedPair = YAMLPair(
            key: Self.plain("k", 100..<101),
            value: YAMLNode(content: .sequence([Self.plain("a", 105..<106)]), anchor: "s", range: 103..<106))
        #expect(shifted == YAMLNode(content: .mapping([expectedPair]), range: 100..<106))
    }

    @Test func subscriptFindsTheFirstPairWithAScalarKey() {
        let pairs = [
            YAMLPair(key: YAMLNode(content: .alias("k"), range: 0..<2), value: Self.plain("alias", 4..<9)),
            YAMLPair(key: Self.plain("k", 10..<11), value: Self.plain("first", 13..<18)),
            YAMLPair(key: Self.plain("k", 19..<20), value: Self.plain("second", 22..<28)),
        ]
        let mapping = YAMLNode(content: .mapping(pairs), range: 0..<28)

        #expect(mapping["k"] == Self.plain("first", 13..<18))
        #expect(mapping["missing"] == nil)
        #expect(Self.plain("k", 0..<1)["k"] == nil)
    }
}
