import Testing
@testable import TileditTerminalToolkit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What of `Terminal` can run without a tty: the refusal to start, the
/// restore bytes, the attribute bits and the glyph stand-ins.
@Suite struct TerminalTests {
    static let hasNoTTY = isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1

    @Test(.enabled(if: hasNoTTY))
    func startRefusesWithoutATerminal() {
        let terminal = Terminal(environment: ["TERM": "xterm-256color"])
        #expect(throws: TerminalError.notATerminal) {
            try terminal.start()
        }
        #expect(!terminal.isStarted)
    }

    @Test func unstartedTerminalIsInertAndMonochrome() {
        let terminal = Terminal(environment: [:])
        #expect(terminal.palette.mode == .monochrome)
        #expect(terminal.readKey(timeout: .zero) == nil)
        terminal.present(ScreenBuffer(rows: 2, columns: 2))
        terminal.stop()
        #expect(!terminal.isStarted)
    }

    @Test func errorsSayWhatToDo() {
        #expect(TerminalError.unknownTerminalType("").message
            == "The TERM variable is not set; set it to your terminal's type (for example xterm-256color).")
        #expect(TerminalError.unknownTerminalType("vt999").message
            == "The terminal type \"vt999\" is unknown; set TERM to a type with a terminfo entry (for example xterm-256color).")
    }

    @Test func restoreSequenceLeavesPasteModeThenAppliesCapabilities() {
        let bytes = TerminalRestoration.restoreSequence(capabilities: ["\u{1B}(B\u{1B}[m", nil, "\u{1B}[?25h", "\u{1B}[?1049l$<5>"])
        #expect(bytes == Array("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}(B\u{1B}[m\u{1B}[?25h\u{1B}[?1049l".utf8))
    }

    @Test(arguments: [
        ("\u{1B}[H$<2>", "\u{1B}[H"),
        ("a$<5*/>b$<1>c", "abc"),
        ("plain", "plain"),
        ("open$<3", "open$<3"),
    ])
    func paddingIsRemovedFromCapabilities(capability: String, expected: String) {
        #expect(TerminalRestoration.removingPadding(capability) == expected)
    }

    @Test func attributesMapToNcursesBits() {
        #expect(Terminal.attributes([]) == 0)
        #expect(Terminal.attributes(.bold) == 0x20_0000)
        #expect(Terminal.attributes(.underline) == 0x2_0000)
        #expect(Terminal.attributes(.reverse) == 0x4_0000)
        #expect(Terminal.attributes(.dim) == 0x10_0000)
        #expect(Terminal.attributes([.bold, .reverse]) == 0x24_0000)
    }

    /// ncurses as glibc 2.36 sizes things: one spacing scalar per cell.
    private static func fakeMeasure(_ text: String) -> Int? {
        let scalars = Array(text.unicodeScalars)
        let spacing = scalars.filter { $0.properties.generalCategory != .nonspacingMark && $0.properties.generalCategory != .enclosingMark && $0 != "\u{200D}" }
        guard spacing.count == 1 else { return nil }
        switch spacing[0].value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0x1F300...0x1F64F, 0x1F900...0x1F9FF:
            return 2
        case 0x1FAE8:
            return nil  // newer than the C library's tables
        default:
            return 1
        }
    }

    @Test(arguments: [
        ("a", 1, TerminalGlyphs.Plan.ncurses("a")),
        ("日", 2, .ncurses("日")),
        ("e\u{301}", 1, .ncurses("e\u{301}")),
        ("👨‍👩‍👧", 2, .direct(placeholders: ["\u{3000}"])),
        ("👍🏽", 2, .direct(placeholders: ["\u{3000}"])),
        ("🇳🇴", 2, .direct(placeholders: ["\u{3000}"])),
        ("🇳", 2, .direct(placeholders: ["\u{3000}"])),
        ("❤️", 2, .direct(placeholders: ["\u{3000}"])),
        ("1️⃣", 2, .direct(placeholders: ["\u{3000}"])),
        ("\u{1FAE8}", 2, .direct(placeholders: ["\u{3000}"])),
        ("a\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}", 1, .direct(placeholders: ["\u{00A0}"])),
    ] as [(String, Int, TerminalGlyphs.Plan)])
    func clustersNcursesCannotHoldWholeAreWrittenDirectlyOverAPlaceholder(grapheme: String, width: Int, expected: TerminalGlyphs.Plan) {
        let measure: (String) -> Int? = { text in
            // ncurses holds one spacing scalar and at most four marks.
            text.unicodeScalars.count > 5 ? nil : Self.fakeMeasure(text)
        }
        #expect(TerminalGlyphs.plan(for: grapheme, width: width, measure: measure) == expected)
    }

    /// The bytes of a direct write: each cluster whole, at its place, in its
    /// colors, then its tail from the column after it, then the normal
    /// attributes and the cursor where ncurses left it.
    @Test func directOutputWritesEveryScalarOfTheClusterAtItsPlaceThenTheRestOfItsRow() {
        let family = "👨‍👩‍👧"
        let plain = ResolvedStyle(foreground: .terminalDefault, background: .terminalDefault, attributes: [])
        let dim = ResolvedStyle(foreground: .terminalDefault, background: .terminalDefault, attributes: .dim)
        let cells = [
            TerminalGlyphs.DirectCell(
                row: 2, column: 10, width: 2, grapheme: family, style: ResolvedStyle(foreground: .indexed(203), background: .ansi(4), attributes: .bold),
                tail: [TerminalGlyphs.TailCell(grapheme: " ", style: plain), TerminalGlyphs.TailCell(grapheme: "B", style: plain), TerminalGlyphs.TailCell(grapheme: "日", style: dim)]),
            TerminalGlyphs.DirectCell(row: 2, column: 15, width: 2, grapheme: "👍🏽", style: ResolvedStyle(foreground: .terminalDefault, background: .ansi(9), attributes: [])),
        ]
        let bytes = TerminalGlyphs.directOutput(cells, cursor: (row: 5, column: 0), cursorVisible: true)
        let expected = "\u{1B}[?25l\u{1B}[3;11H\u{1B}[0;1;38;5;203;44m\(family)\u{1B}[3;13H\u{1B}[0m B\u{1B}[0;2m日"
            + "\u{1B}[3;16H\u{1B}[0;101m👍🏽\u{1B}[0m\u{1B}[6;1H\u{1B}[?25h"
        #expect(bytes == Array(expected.utf8))
        #expect(TerminalGlyphs.directOutput([], cursor: (row: 0, column: 0), cursorVisible: false) == [])
    }
}
