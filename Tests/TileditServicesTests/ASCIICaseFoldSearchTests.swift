import Testing
import TileditModel

@Suite struct ASCIICaseFoldSearchTests {
    @Test(arguments: [("release", "The RELEASE notes"), ("release", "release"), ("a", "xyzA"), ("", "anything"), ("café", "Un café noir"), ("tile", "::: TiLe")])
    func findsTheNeedleWhateverTheASCIICase(_ needle: String, _ text: String) {
        #expect(ASCIICaseFoldSearch.contains(Array(needle.utf8), in: text))
        #expect(ASCIICaseFoldSearch.contains(Array(needle.utf8), in: Array(text.utf8)))
    }

    @Test(arguments: [("release", "releas"), ("release", "re-lease"), ("café", "CAFÉ"), ("ab", ""), ("abc", "ab")])
    func missesTextWithoutIt(_ needle: String, _ text: String) {
        #expect(!ASCIICaseFoldSearch.contains(Array(needle.utf8), in: text))
    }
}
