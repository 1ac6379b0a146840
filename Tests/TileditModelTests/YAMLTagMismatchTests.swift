import Testing
@testable import TileditModel

/// A value its standard tag cannot hold is an error at the value, as YAML
/// readers refuse the file there (`yaml.tag-mismatch`); local and unknown
/// tags, and values that fit their tag, are left alone.
@Suite("YAML tags their values cannot satisfy")
struct YAMLTagMismatchTests {
    func errors(_ text: String) -> [String] {
        YAMLFileDocument(text, dialect: .yaml).diagnostics.filter { $0.code == .yamlTagMismatch }.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func scalarsAndCollectionsThatBreakTheirTagAreErrorsAtTheValue() {
        #expect(errors("a: !!int abc\nb: !!bool maybe\nf: !!map [1]\ng: !!seq {a: 1}\n") == [
            "1:10 `a` is tagged `!!int`, so its value must be a whole number such as `42`, `-7` or `0x1F`; `abc` is not (remove the tag in the file to store other text)",
            "2:11 `b` is tagged `!!bool`, so its value must be `true` or `false`; `maybe` is not (remove the tag in the file to store other text)",
            "3:10 `f` is tagged `!!map` but is a list; YAML readers refuse it (remove the tag or write the value it names)",
            "4:10 `g` is tagged `!!seq` but is a mapping; YAML readers refuse it (remove the tag or write the value it names)",
        ])
        #expect(errors("- !!null x\n") == [
            "1:10 this value is tagged `!!null`, so its value must be empty, `~` or `null`; `x` is not (remove the tag in the file to store other text)",
        ])
    }

    @Test func valuesThatFitTheirTagAndLocalTagsAreNotErrors() {
        let text = """
            c: !!int 0x1F
            d: !Ref x
            e: !!str 12
            h: !!set {a, b}
            i: !!omap [{a: 1}]
            j: !!binary aGk=
            k: !!float .inf
            l: !!timestamp 2024-01-05
            m: !<tag:example.com,2024:x> y
            n: !!map {a: 1}

            """
        #expect(errors(text) == [])
    }
}
