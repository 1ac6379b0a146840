import Testing
@testable import TileditLanguageServer

@Suite("JSON")
struct JSONTests {
    @Test func parsesAndWritesBackEveryKindOfValue() throws {
        let text = #"{"a":[1,-2.5,true,false,null],"b":"x\"\\\n\u00e9\ud83d\ude00","c":{}}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value["b"]?.string == "x\"\\\né😀")
        #expect(value["a"]?.array?.count == 5)
        #expect(String(decoding: value.serialized, as: UTF8.self) == #"{"a":[1,-2.5,true,false,null],"b":"x\"\\\né😀","c":{}}"#)
    }

    @Test func malformedTextIsAnErrorNeverATrap() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "\"\\x\"", "01", "1.", "tru", "\"\u{01}\"", "{} x", String(repeating: "[", count: 10_000)] {
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
        }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }
}
