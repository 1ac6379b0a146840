import Testing
import TileditModel

@Suite("YAML empty scalar ranges")
struct YAMLEmptyScalarRangeTests {
    /// An empty value carrying an anchor or a tag: libyaml marks it before
    /// the anchor; its range starts after the anchor and never ends before it starts.
    @Test(arguments: ["a: &anchor\nb: *anchor\n", "- !!str\n-\n  !!null : a\n  b: !!str\n- !!str : !!null\n", "---\n!\n"])
    func anEmptyValueWithAnAnchorOrTagHasAnOrderedRange(_ text: String) throws {
        let result = YAMLParser.parse(text)
        #expect(result.error == nil)
        var stack = result.documents.compactMap(\.root)
        var scalars = 0
        while let node = stack.popLast() {
            #expect(node.range.lowerBound <= node.range.upperBound)
            if let scalar = node.scalar {
                scalars += 1
                #expect(scalar.range.lowerBound <= scalar.range.upperBound)
            }
            stack += node.pairs?.flatMap { [$0.key, $0.value] } ?? node.items ?? []
        }
        #expect(scalars > 0)
    }
}
