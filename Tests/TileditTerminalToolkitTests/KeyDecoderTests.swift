import Testing
@testable import TileditTerminalToolkit

@Suite struct KeyDecoderTests {
    /// Decodes `bytes` in one chunk, then flushes.
    private func decodeWhole(_ bytes: [UInt8]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    /// Decodes `bytes` one byte at a time, then flushes.
    private func decodeByteByByte(_ bytes: [UInt8]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        var events: [KeyEvent] = []
        for byte in bytes {
            events += decoder.decode([byte])
        }
        return events + decoder.flush()
    }

    private static func esc(_ text: String) -> [UInt8] {
        [0x1B] + Array(text.utf8)
    }

    static let table: [(String, [UInt8], [KeyEvent])] = [
        ("ascii", Array("aZ 9~".utf8), [.character("a"), .character("Z"), .character(" "), .character("9"), .character("~")]),
        ("two-byte UTF-8", Array("é".utf8), [.character("é")]),
        ("three-byte UTF-8", Array("日".utf8), [.character("日")]),
        ("four-byte UTF-8", Array("😀".utf8), [.character("😀")]),
        ("ZWJ sequence arrives as scalars", Array("👨‍👧".utf8), [.character("👨"), .character("\u{200D}"), .character("👧")]),
        ("invalid lead byte", [0xFF, 0x61], [.character("\u{FFFD}"), .character("a")]),
        ("stray continuation byte", [0x80], [.character("\u{FFFD}")]),
        ("truncated then ASCII", [0xE6, 0x97, 0x61], [.character("\u{FFFD}"), .character("a")]),
        ("overlong encoding", [0xC0, 0xAF], [.character("\u{FFFD}"), .character("\u{FFFD}")]),
        ("encoded surrogate", [0xED, 0xA0, 0x80], [.character("\u{FFFD}")]),
        ("truncated at end", [0xF0, 0x9F], [.character("\u{FFFD}")]),
        ("CR is enter", [0x0D], [.enter]),
        ("LF is enter", [0x0A], [.enter]),
        ("tab", [0x09], [.tab]),
        ("DEL is backspace", [0x7F], [.backspace]),
        ("BS is backspace", [0x08], [.backspace]),
        ("ctrl+space", [0x00], [.ctrl(" ")]),
        ("ctrl+a", [0x01], [.ctrl("a")]),
        ("ctrl+c", [0x03], [.ctrl("c")]),
        ("ctrl+k", [0x0B], [.ctrl("k")]),
        ("ctrl+z", [0x1A], [.ctrl("z")]),
        ("ctrl+backslash", [0x1C], [.ctrl("\\")]),
        ("ctrl+underscore", [0x1F], [.ctrl("_")]),
        ("lone escape", [0x1B], [.escape]),
        ("escape escape", [0x1B, 0x1B], [.escape, .escape]),
        ("alt+b", esc("b"), [.alt("b")]),
        ("alt+f", esc("f"), [.alt("f")]),
        ("alt+é", esc("é"), [.alt("é")]),
        ("alt+backspace", [0x1B, 0x7F], [.modified(.backspace, .alt)]),
        ("alt+enter", [0x1B, 0x0D], [.modified(.enter, .alt)]),
        ("alt+ctrl+a", [0x1B, 0x01], [.modified(.ctrl("a"), .alt)]),
        ("alt+[ alone", esc("["), [.alt("[")]),
        ("alt+O alone", esc("O"), [.alt("O")]),
        ("CSI up", esc("[A"), [.up]),
        ("CSI down", esc("[B"), [.down]),
        ("CSI right", esc("[C"), [.right]),
        ("CSI left", esc("[D"), [.left]),
        ("CSI home", esc("[H"), [.home]),
        ("CSI end", esc("[F"), [.end]),
        ("CSI back tab", esc("[Z"), [.backTab]),
        ("SS3 up", esc("OA"), [.up]),
        ("SS3 down", esc("OB"), [.down]),
        ("SS3 right", esc("OC"), [.right]),
        ("SS3 left", esc("OD"), [.left]),
        ("SS3 home", esc("OH"), [.home]),
        ("SS3 end", esc("OF"), [.end]),
        ("SS3 keypad enter", esc("OM"), [.enter]),
        ("SS3 F1", esc("OP"), [.function(1)]),
        ("SS3 F2", esc("OQ"), [.function(2)]),
        ("SS3 F3", esc("OR"), [.function(3)]),
        ("SS3 F4", esc("OS"), [.function(4)]),
        ("SS3 ctrl+up", esc("O5A"), [.modified(.up, .ctrl)]),
        ("CSI 1~ home", esc("[1~"), [.home]),
        ("CSI 2~ insert", esc("[2~"), [.insert]),
        ("CSI 3~ delete", esc("[3~"), [.delete]),
        ("CSI 4~ end", esc("[4~"), [.end]),
        ("CSI 5~ page up", esc("[5~"), [.pageUp]),
        ("CSI 6~ page down", esc("[6~"), [.pageDown]),
        ("CSI 7~ home", esc("[7~"), [.home]),
        ("CSI 8~ end", esc("[8~"), [.end]),
        ("CSI 11~ F1", esc("[11~"), [.function(1)]),
        ("CSI 12~ F2", esc("[12~"), [.function(2)]),
        ("CSI 13~ F3", esc("[13~"), [.function(3)]),
        ("CSI 14~ F4", esc("[14~"), [.function(4)]),
        ("CSI 15~ F5", esc("[15~"), [.function(5)]),
        ("CSI 17~ F6", esc("[17~"), [.function(6)]),
        ("CSI 18~ F7", esc("[18~"), [.function(7)]),
        ("CSI 19~ F8", esc("[19~"), [.function(8)]),
        ("CSI 20~ F9", esc("[20~"), [.function(9)]),
        ("CSI 21~ F10", esc("[21~"), [.function(10)]),
        ("CSI 23~ F11", esc("[23~"), [.function(11)]),
        ("CSI 24~ F12", esc("[24~"), [.function(12)]),
        ("CSI 1;2P shift+F1", esc("[1;2P"), [.modified(.function(1), .shift)]),
        ("Linux console F1", esc("[[A"), [.function(1)]),
        ("Linux console F5", esc("[[E"), [.function(5)]),
        ("ctrl+left", esc("[1;5D"), [.modified(.left, .ctrl)]),
        ("ctrl+right", esc("[1;5C"), [.modified(.right, .ctrl)]),
        ("alt+left", esc("[1;3D"), [.modified(.left, .alt)]),
        ("shift+up", esc("[1;2A"), [.modified(.up, .shift)]),
        ("ctrl+shift+end", esc("[1;6F"), [.modified(.end, [.ctrl, .shift])]),
        ("meta counts as alt", esc("[1;9C"), [.modified(.right, .alt)]),
        ("ctrl+delete", esc("[3;5~"), [.modified(.delete, .ctrl)]),
        ("modifier 1 is none", esc("[1;1A"), [.up]),
        ("unknown tilde number dropped", esc("[99~x"), [.character("x")]),
        // SGR mouse reports (mode 1006), as xterm and tmux send them.
        ("SGR left press", esc("[<0;10;5M") + [0x61], [.mouse(MouseEvent(kind: .press(.left), row: 4, column: 9)), .character("a")]),
        ("SGR left release", esc("[<0;10;5m"), [.mouse(MouseEvent(kind: .release(.left), row: 4, column: 9))]),
        ("SGR middle and right", esc("[<1;1;1M") + esc("[<2;240;60M"), [.mouse(MouseEvent(kind: .press(.middle), row: 0, column: 0)), .mouse(MouseEvent(kind: .press(.right), row: 59, column: 239))]),
        ("SGR wheel up and down", esc("[<64;3;7M") + esc("[<65;3;7M"), [.mouse(MouseEvent(kind: .scrollUp, row: 6, column: 2)), .mouse(MouseEvent(kind: .scrollDown, row: 6, column: 2))]),
        ("SGR wheel left and right", esc("[<66;3;7M") + esc("[<67;3;7M"), [.mouse(MouseEvent(kind: .scrollLeft, row: 6, column: 2)), .mouse(MouseEvent(kind: .scrollRight, row: 6, column: 2))]),
        ("SGR drag with the left button", esc("[<32;11;5M"), [.mouse(MouseEvent(kind: .drag(.left), row: 4, column: 10))]),
        ("SGR motion with no button", esc("[<35;11;5M"), [.mouse(MouseEvent(kind: .drag(nil), row: 4, column: 10))]),
        ("SGR shift and ctrl click", esc("[<20;2;3M"), [.mouse(MouseEvent(kind: .press(.left), row: 2, column: 1, modifiers: [.shift, .ctrl]))]),
        ("SGR meta wheel", esc("[<72;2;3M"), [.mouse(MouseEvent(kind: .scrollUp, row: 2, column: 1, modifiers: .alt))]),
        ("SGR back button", esc("[<128;2;3M"), [.mouse(MouseEvent(kind: .press(.other(8)), row: 2, column: 1))]),
        ("SGR large coordinates", esc("[<0;1000;500M"), [.mouse(MouseEvent(kind: .press(.left), row: 499, column: 999))]),
        ("SGR report missing a field dropped", esc("[<0;10M") + [0x62], [.character("b")]),
        ("SGR report at 0 dropped", esc("[<0;0;5M") + [0x62], [.character("b")]),
        ("SGR unknown button dropped", esc("[<200;1;1M") + [0x62], [.character("b")]),
        ("SGR report with another final dropped", esc("[<0;1;1x") + [0x62], [.character("b")]),
        ("X10 left press", esc("[M") + [32, 33 + 9, 33 + 4], [.mouse(MouseEvent(kind: .press(.left), row: 4, column: 9))]),
        ("X10 release", esc("[M") + [35, 33, 33] + [0x63], [.mouse(MouseEvent(kind: .release(nil), row: 0, column: 0)), .character("c")]),
        ("X10 wheel down", esc("[M") + [96 + 1, 40, 40], [.mouse(MouseEvent(kind: .scrollDown, row: 7, column: 7))]),
        ("focus in dropped", esc("[I"), []),
        ("malformed CSI dropped up to stray byte", esc("[1") + [0x07], [.ctrl("g")]),
        ("keys back to back", esc("[A") + esc("[B") + Array("x".utf8) + [0x7F], [.up, .down, .character("x"), .backspace]),
        ("bracketed paste", esc("[200~") + Array("hello\nworld".utf8) + esc("[201~"), [.paste("hello\nworld")]),
        ("paste normalizes CRLF and CR", esc("[200~") + Array("a\r\nb\rc".utf8) + esc("[201~"), [.paste("a\nb\nc")]),
        ("paste keeps escapes and UTF-8", esc("[200~") + esc("[A") + Array("👨‍👩‍👧".utf8) + esc("[201~"), [.paste("\u{1B}[A👨‍👩‍👧")]),
        ("empty paste", esc("[200~") + esc("[201~"), [.paste("")]),
        ("keys around a paste", Array("a".utf8) + esc("[200~") + Array("b".utf8) + esc("[201~") + esc("[C"), [.character("a"), .paste("b"), .right]),
        ("paste with invalid UTF-8", esc("[200~") + [0x61, 0xFF] + esc("[201~"), [.paste("a\u{FFFD}")]),
        ("stray paste end dropped", esc("[201~"), []),
    ]

    @Test(arguments: table)
    func decodesWhole(name: String, bytes: [UInt8], expected: [KeyEvent]) {
        #expect(decodeWhole(bytes) == expected, "\(name)")
    }

    @Test(arguments: table)
    func decodesByteByByte(name: String, bytes: [UInt8], expected: [KeyEvent]) {
        #expect(decodeByteByByte(bytes) == expected, "\(name)")
    }

    @Test func incompleteSequenceWaitsWithoutFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.decode(Array("[".utf8)) == [])
        #expect(decoder.decode(Array("1;5".utf8)) == [])
        #expect(decoder.decode(Array("C".utf8)) == [.modified(.right, .ctrl)])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush() == [])
    }

    @Test func flushTurnsPendingEscapeIntoEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x61, 0x1B]) == [.character("a")])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.decode(Array("b".utf8)) == [.character("b")])
    }

    @Test func flushOfPartialCSIGivesAltBracketAndTheRest() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Self.esc("[1;")) == [])
        #expect(decoder.flush() == [.alt("["), .character("1"), .character(";")])
    }

    @Test func pasteWaitsForItsEndAcrossChunksAndFlushes() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Self.esc("[200~") + Array("line one\r".utf8)) == [])
        #expect(decoder.isInPaste)
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("\nline two".utf8) + [0x1B, 0x5B, 0x32]) == [])
        #expect(decoder.decode(Array("01~".utf8) + [0x71]) == [.paste("line one\nline two"), .character("q")])
        #expect(!decoder.isInPaste)
    }

    @Test func longPasteArrivesWhole() {
        let body = String(repeating: "0123456789\n", count: 2_000)
        let bytes = Self.esc("[200~") + Array(body.utf8) + Self.esc("[201~")
        var decoder = KeyDecoder()
        var events: [KeyEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 97)
            events += decoder.decode(bytes[start..<end])
            start = end
        }
        #expect(events == [.paste(body)])
    }

    @Test func overlongControlSequenceIsDropped() {
        let bytes = Self.esc("[" + String(repeating: "1;", count: 30) + "A") + Array("z".utf8)
        #expect(decodeWhole(bytes).last == .character("z"))
        #expect(!decodeWhole(bytes).contains(.up))
    }
}
