import Testing
@testable import TileditModel

/// Values of several lines written into block scalars: the style, the
/// indicators, the header's comment and the indentation are kept where
/// they can hold the text; the chomping follows the final line breaks;
/// what a block scalar cannot hold is refused with the reason; every edit
/// reads back as the text and its inverse gives the bytes back.
@Suite("YAML block scalars edited")
struct YAMLBlockScalarEditTests {
    /// `text` with the string at `path` set to `value`, read back and undone.
    func written(_ value: String, at path: YAMLPath = YAMLPath([.key("a")]), in text: String) throws -> String {
        var file = YAMLFileDocument(text)
        let yamlPath = path
        let change = try file.perform(.setScalar(yamlPath, value: value, type: .string))
        #expect(file.node(at: yamlPath)?.scalar?.value == value, "\(file.text.debugDescription) does not read back as \(value.debugDescription)")
        var undone = file
        undone.apply(change.inverse)
        #expect(undone.text == text)
        return file.text
    }

    @Test(arguments: [
        // Literal: clip, strip, keep, from the final line breaks.
        ("a: |\n  one\n  two\nb: 1\n", "one\nthree\n", "a: |\n  one\n  three\nb: 1\n"),
        ("a: |\n  one\nb: 1\n", "one\ntwo", "a: |-\n  one\n  two\nb: 1\n"),
        ("a: |\n  one\nb: 1\n", "one\n\n\n", "a: |+\n  one\n\n\nb: 1\n"),
        // Keep stays while a final line break remains; the empty lines below it are its own.
        ("a: |+\n  x\n\nb: 1\n", "y\n\n", "a: |+\n  y\n\nb: 1\n"),
        ("a: |+\n  x\n\n\nb: 1\n", "y\n", "a: |\n  y\n\n\nb: 1\n"),
        // The header's comment and the indentation indicator stay.
        ("a: | # note\n  x\n", "y\nz\n", "a: | # note\n  y\n  z\n"),
        ("a: |2\n    x\n", "  y\nz\n", "a: |2\n    y\n  z\n"),
        // A first line starting with a space gets an indentation indicator.
        ("a: |\n  x\n", "  code\nafter\n", "a: |2\n    code\n  after\n"),
        // Folded: a line break between lines of text is an empty line; more indented lines keep theirs.
        // (The untouched line keeps its line break: only the changed line is written, with the new text's.)
        ("a: >\n  one\n  two\n", "one two\nthree\n", "a: >\n  one\n  two\n\n  three\n"),
        ("a: >-\n  x\n", "text\n  code\nback", "a: >-\n  text\n    code\n  back\n"),
        ("a: >\n  x\n", "para\n\nnext\n", "a: >\n  para\n\n\n  next\n"),
        // An empty value keeps its lines below from being read as its content.
        ("a: |\n  x\n # a comment\nb: 1\n", "", "a: |2-\n # a comment\nb: 1\n"),
        // Each line break in the file's own convention.
        ("a: |\r\n  x\r\nb: 1\r\n", "y\nz\n", "a: |\r\n  y\r\n  z\r\nb: 1\r\n"),
        // At the end of a file without a final line break.
        ("a: |\n  x", "y\n", "a: |\n  y\n"),
    ])
    func aBlockScalarKeepsItsStyleAndIndicators(original: String, value: String, expected: String) throws {
        #expect(try written(value, in: original) == expected)
    }

    @Test func anItemsIndentationIndicatorCountsFromItsDash() throws {
        #expect(try written("  indented\n", at: YAMLPath(parsing: "list.0"), in: "list:\n  - |\n    x\n") == "list:\n  - |2\n      indented\n")
    }

    @Test func aRootBlockScalarCountsItsIndentationFromTheFirstColumn() throws {
        #expect(try written("  two\nlines\n", at: YAMLPath([]), in: "--- |\n  one\n") == "--- |2\n    two\n  lines\n")
    }

    @Test(arguments: [
        ("one\u{7}two", "the text holds U+0007, which a block scalar cannot hold; remove it"),
        ("one\rtwo", "the text holds a carriage return, which a block scalar reads as a line break; remove it"),
        ("a\u{2028}b", "the text holds U+2028, which a block scalar cannot hold; remove it"),
    ])
    func textABlockScalarCannotHoldIsRefusedWithTheReason(value: String, reason: String) {
        var file = YAMLFileDocument("a: |\n  x\n")
        #expect(throws: EditError.invalidValue(message: reason)) { try file.perform(.setScalar(YAMLPath(parsing: "a"), value: value, type: .string)) }
        #expect(file.text == "a: |\n  x\n")
    }

    @Test func aBlockScalarIsTypedWithoutTheFinalLineBreakItsChompingOwns() throws {
        let file = YAMLFileDocument("clip: |\n  a\n  b\nstrip: |-\n  c\nkeep: |+\n  d\n\nq: \"one\n  two\"\np: x\n")
        func editable(_ key: String) throws -> YAMLEditableText { file.editableText(of: try #require(file.node(at: YAMLPath([.key(key)]))?.scalar)) }
        #expect(try editable("clip") == YAMLEditableText(text: "a\nb", keepsFinalLineBreak: true, isMultiline: true))
        #expect(try editable("strip") == YAMLEditableText(text: "c", keepsFinalLineBreak: false, isMultiline: true))
        #expect(try editable("keep") == YAMLEditableText(text: "d\n", keepsFinalLineBreak: true, isMultiline: true))
        #expect(try editable("q") == YAMLEditableText(text: "one two", keepsFinalLineBreak: false, isMultiline: true))
        #expect(try editable("p") == YAMLEditableText(text: "x"))
        #expect(try editable("clip").value(of: "a\nc") == "a\nc\n")
    }

    @Test func aValueOfSeveralLinesInAQuotedScalarStaysQuoted() throws {
        // Over several lines when it was: escaped line breaks, a leading space escaped.
        #expect(try written("one\n three\n", in: "a: \"one\n  two\"\nb: 1\n") == "a: \"one\\n\\\n  \\ three\\n\\\n  \"\nb: 1\n")
        #expect(try written("one\nthree", in: "a: \"x\"\n") == "a: \"one\\nthree\"\n")
        // Single quotes write a line break as an empty line.
        #expect(try written("it's\n\nhere", in: "a: 'x'\n") == "a: 'it''s\n\n\n  here'\n")
        #expect(try written("end\n", in: "a: 'x'\n") == "a: 'end\n\n  '\n")
        // What single quotes cannot hold goes in double quotes.
        #expect(try written("space \nafter", in: "a: 'x'\n") == "a: \"space \\nafter\"\n")
    }
}
