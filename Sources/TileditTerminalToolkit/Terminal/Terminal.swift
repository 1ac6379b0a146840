import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal, through ncursesw: the only type that talks to it.
///
/// Lifecycle: `start()` takes over the terminal (alternate screen, raw
/// mode, no echo, keypad mode, colors on the default background, bracketed
/// paste, signal handlers); `stop()` gives it back, and is also called from
/// `deinit`. Between them, `present` draws frames and `readKey` reads
/// input. Not thread-safe: use it from one task.
///
/// Input is read as raw bytes from standard input with `read(2)` and
/// decoded by `KeyDecoder`, not by ncurses' `wget_wch`, so the decoding is
/// the tested one; SIGWINCH arrives through a self-pipe polled beside
/// standard input and becomes `.resize`.
public final class Terminal {
    /// The palette in use: from the environment and the terminal's color
    /// count once started (monochrome before).
    public private(set) var palette: Palette
    /// Whether standard input reached end of file (the terminal went away).
    public private(set) var isInputClosed = false

    private let environment: [String: String]
    private let escapeDelay: Duration
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var outputFile: UnsafeMutablePointer<FILE>?
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    private var decoder = KeyDecoder()
    private var queuedEvents: [KeyEvent] = []
    private var previousFrame: ScreenBuffer?
    private var colorPairs: [ColorKey: Int16] = [:]
    private var isCursorVisible: Bool?
    /// A scratch pad where a glyph is drawn to learn how many columns
    /// ncurses gives it, and those widths (`nil`: cannot be stored whole).
    private var measuringPad: UnsafeMutablePointer<WINDOW>?
    private var measuredWidths: [String: Int?] = [:]

    private struct ColorKey: Hashable {
        var foreground: Int
        var background: Int
    }

    /// A terminal not yet started.
    /// - Parameters:
    ///   - environment: the process environment (`TERM`, `NO_COLOR`,
    ///     `COLORFGBG`, `TILEDIT_BACKGROUND`), passed in, never read globally.
    ///   - escapeDelay: how long a lone ESC waits for the rest of a sequence
    ///     before it counts as the Escape key.
    public init(environment: [String: String], escapeDelay: Duration = .milliseconds(25)) {
        self.environment = environment
        self.escapeDelay = escapeDelay
        palette = Palette(environment: environment, colorCount: 0)
    }

    deinit {
        stop()
    }

    /// Whether `start()` has run and `stop()` has not.
    public var isStarted: Bool { screen != nil }

    /// What a `KeyReader` polls to read keys on its own thread instead of
    /// `readKey`; `nil` when not started. Valid until `stop()`.
    public var inputSource: TerminalInputSource? {
        guard screen != nil else { return nil }
        return TerminalInputSource(inputDescriptor: STDIN_FILENO, signalDescriptor: signalPipe.read, escapeDelay: escapeDelay)
    }

    /// Whether `suspend()` gave the terminal away and `resume()` has not
    /// taken it back.
    public private(set) var isSuspended = false

    /// Whether the terminal is asked to report the mouse (xterm's button
    /// tracking, mode 1000, in SGR form, mode 1006): clicks and the wheel
    /// come as `.mouse` events, and the terminal's own selection needs
    /// Shift. Off: the terminal keeps the mouse to itself.
    public private(set) var reportsMouse = false

    /// The bytes that turn mouse reports on (SGR form) and off.
    static let mouseReportingOn = Array("\u{1B}[?1000h\u{1B}[?1006h".utf8)
    static let mouseReportingOff = Array("\u{1B}[?1006l\u{1B}[?1000l".utf8)

    /// Asks the terminal to report the mouse, or to stop (see
    /// `reportsMouse`); kept across `suspend()` and `resume()`, and always
    /// turned off by `stop()` and on a crash.
    public func setMouseReporting(_ on: Bool) {
        guard on != reportsMouse else { return }
        reportsMouse = on
        guard screen != nil, !isSuspended else { return }
        writeToOutput(on ? Self.mouseReportingOn : Self.mouseReportingOff)
    }

    /// Takes over the terminal. Does nothing when already started.
    /// - Throws: `TerminalError.notATerminal` when standard input or output
    ///   is not a tty; `.unknownTerminalType` when ncurses has no entry for
    ///   `TERM`; `.systemCall` when the resize pipe cannot be made.
    public func start() throws(TerminalError) {
        guard screen == nil else { return }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw .notATerminal
        }
        setlocale(LC_ALL, "")
        _ = TerminalRestoration.saveShellModes(of: STDIN_FILENO)

        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw .systemCall("pipe", errno: errno)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        signalPipe = (descriptors[0], descriptors[1])

        // ncurses gets its own FILE streams over duplicates of 0 and 1, so
        // closing them at stop leaves the process's descriptors open.
        outputFile = fdopen(dup(STDOUT_FILENO), "w")
        inputFile = fdopen(dup(STDIN_FILENO), "r")
        guard let outputFile, let inputFile, let newScreen = newterm(nil, outputFile, inputFile) else {
            closeStreamsAndPipe()
            throw .unknownTerminalType(environment["TERM"] ?? "")
        }
        screen = newScreen
        _ = set_term(newScreen)
        raw()
        noecho()
        nonl()
        let newWindow = newwin(0, 0, 0, 0)
        window = newWindow
        keypad(newWindow, true)
        leaveok(newWindow, false)
        // Cells are only ever written where they changed: shifting a row
        // with insert and delete character would move clusters written
        // directly (see `TerminalGlyphs`) behind ncurses' back.
        idcok(newWindow, false)
        measuringPad = newpad(1, 32)

        var colorCount = 0
        if has_colors() {
            let reported = Int(tigetnum("colors"))
            colorCount = min(256, max(8, reported))
        }
        palette = Palette(environment: environment, colorCount: colorCount)
        if palette.mode != .monochrome {
            start_color()
            use_default_colors()
        }

        setCursorVisible(false)
        wnoutrefresh(newWindow)
        doupdate()
        writeToOutput(Array("\u{1B}[?2004h".utf8))
        if reportsMouse { writeToOutput(Self.mouseReportingOn) }

        let sequence = TerminalRestoration.restoreSequence(
            capabilities: ["sgr0", "cnorm", "rmkx", "rmcup"].map(Self.terminfoString)
        )
        TerminalRestoration.install(sequence: sequence, signalDescriptor: signalPipe.write)
    }

    /// Gives the terminal back: bracketed paste off, cursor shown, `endwin`
    /// (attributes reset, alternate screen left, modes restored), signal
    /// handlers removed. Does nothing when not started.
    public func stop() {
        guard let screen else { return }
        writeToOutput(Array("\u{1B}[?2004l".utf8))
        if reportsMouse { writeToOutput(Self.mouseReportingOff) }
        curs_set(1)
        endwin()
        TerminalRestoration.uninstall()
        delscreen(screen)
        self.screen = nil
        window = nil
        measuringPad = nil
        measuredWidths = [:]
        closeStreamsAndPipe()
        previousFrame = nil
        colorPairs = [:]
        isCursorVisible = nil
    }

    /// The terminal's size in cells, from the tty on standard output
    /// (`TIOCGWINSZ`); ncurses' idea of it when the tty does not say; 0 × 0
    /// when neither knows (no tty and not started).
    public var size: TerminalSize {
        var windowSize = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &windowSize) == 0, windowSize.ws_row > 0, windowSize.ws_col > 0 {
            return TerminalSize(rows: Int(windowSize.ws_row), columns: Int(windowSize.ws_col))
        }
        guard let window else { return TerminalSize(rows: 0, columns: 0) }
        return TerminalSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window)))
    }

    /// Draws `frame`, sending only the cells that differ from the last frame
    /// presented (everything after a start or a resize), then places the
    /// cursor at `frame.cursor` or hides it. Cells outside the screen are
    /// skipped. Does nothing when not started.
    public func present(_ frame: ScreenBuffer) {
        guard let window, !isSuspended else { return }
        let changes: [CellChange]
        if let previousFrame, previousFrame.rows == frame.rows, previousFrame.columns == frame.columns {
            changes = frame.diff(from: previousFrame)
        } else {
            werase(window)
            clearok(window, true)
            changes = frame.diff(from: ScreenBuffer(rows: 0, columns: 0))
        }
        let rows = Int(getmaxy(window))
        let columns = Int(getmaxx(window))
        var changedRows = Set<Int>()
        for change in changes where change.row < rows && change.column < columns {
            draw(change.cell, row: change.row, column: change.column, in: window)
            changedRows.insert(change.row)
        }
        if let cursor = frame.cursor, cursor.row >= 0, cursor.row < rows, cursor.column >= 0, cursor.column < columns {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            setCursorVisible(true)
        } else {
            setCursorVisible(false)
        }
        wnoutrefresh(window)
        doupdate()
        // Every direct cell of a row ncurses updated, changed or not: to
        // save cursor moves, ncurses may have written a placeholder again.
        var direct: [TerminalGlyphs.DirectCell] = []
        for row in changedRows.sorted() { direct += directCells(row: row, of: frame, columns: min(columns, frame.columns)) }
        if !direct.isEmpty {
            let cursor = (row: Int(getcury(window)), column: Int(getcurx(window)))
            writeToOutput(TerminalGlyphs.directOutput(direct, cursor: cursor, cursorVisible: isCursorVisible == true))
        }
        previousFrame = frame
    }

    /// The next input event, waiting at most `timeout` (`nil`: until one
    /// comes). Returns `nil` when the time ran out or input is closed.
    ///
    /// A lone ESC waits `escapeDelay` for the rest of a sequence, then
    /// counts as Escape. A bracketed paste comes whole as one `.paste`.
    /// A terminal resize comes as `.resize`, after ncurses has been told the
    /// new size.
    public func readKey(timeout: Duration?) -> KeyEvent? {
        if !queuedEvents.isEmpty {
            return queuedEvents.removeFirst()
        }
        guard screen != nil, !isInputClosed else { return nil }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        while true {
            var waitMilliseconds: Int32 = -1
            if let deadline {
                let remaining = clock.now.duration(to: deadline)
                if remaining <= .zero {
                    return nil
                }
                waitMilliseconds = Self.milliseconds(remaining)
            }
            let ready = waitForInput(milliseconds: waitMilliseconds)
            if ready.resize {
                queuedEvents += TerminalRestoration.events(forSignalBytes: readSignalPipe())
                if queuedEvents.contains(.resize) { applyResize() }
                if !queuedEvents.isEmpty { return queuedEvents.removeFirst() }
            }
            if ready.input {
                guard readAvailableInput() else { return nil }
                if decoder.hasPendingInput, !decoder.isInPaste {
                    let more = waitForInput(milliseconds: Self.milliseconds(escapeDelay))
                    if more.input {
                        guard readAvailableInput() else { return nil }
                    }
                    if decoder.hasPendingInput, !decoder.isInPaste {
                        queuedEvents += decoder.flush()
                    }
                    if more.resize {
                        let events = TerminalRestoration.events(forSignalBytes: readSignalPipe())
                        if events.contains(.resize) { applyResize() }
                        queuedEvents += events
                    }
                }
                if !queuedEvents.isEmpty {
                    return queuedEvents.removeFirst()
                }
            }
        }
    }

    /// Gives the terminal to another program for a while (`$EDITOR`):
    /// bracketed paste off, cursor shown, `endwin` (shell modes, the normal
    /// screen). Signal handlers stay installed. Does nothing when not
    /// started or already suspended.
    public func suspend() {
        guard screen != nil, !isSuspended else { return }
        writeToOutput(Array("\u{1B}[?2004l".utf8))
        if reportsMouse { writeToOutput(Self.mouseReportingOff) }
        curs_set(1)
        isCursorVisible = nil
        endwin()
        isSuspended = true
    }

    /// Takes the terminal back after `suspend()`: program modes, the
    /// alternate screen, bracketed paste; the next `present` redraws every
    /// cell.
    public func resume() {
        guard let window, isSuspended else { return }
        isSuspended = false
        reset_prog_mode()
        applyResize()
        clearok(window, true)
        wnoutrefresh(window)
        doupdate()
        setCursorVisible(false)
        writeToOutput(Array("\u{1B}[?2004h".utf8))
        if reportsMouse { writeToOutput(Self.mouseReportingOn) }
        previousFrame = nil
    }

    /// Uses colors for `tone` (a user's theme setting) instead of the
    /// detected tone; `nil` goes back to detection. A monochrome palette
    /// (`NO_COLOR`, few colors) stays monochrome. The next `present`
    /// redraws every cell when the palette changed.
    public func setBackgroundTone(_ tone: BackgroundTone?) {
        guard palette.mode != .monochrome else { return }
        let chosen = tone ?? BackgroundTone.detect(in: environment)
        guard palette.mode != .color(chosen) else { return }
        palette = Palette(mode: .color(chosen), colorCount: palette.colorCount)
        previousFrame = nil
    }

    /// Tells ncurses the terminal's current size (after a `.resize` read by
    /// a `KeyReader`; `readKey` does this itself); the next `present`
    /// redraws every cell.
    public func applyResize() {
        guard screen != nil else { return }
        let newSize = size
        guard newSize.rows > 0, newSize.columns > 0 else { return }
        resize_term(Int32(newSize.rows), Int32(newSize.columns))
        if let window {
            wresize(window, Int32(newSize.rows), Int32(newSize.columns))
            clearok(window, true)
        }
        previousFrame = nil
    }

    // MARK: - Drawing

    /// Draws `cell` through ncurses, or its placeholder when ncurses cannot
    /// hold it whole (see `TerminalGlyphs`).
    private func draw(_ cell: Cell, row: Int, column: Int, in window: UnsafeMutablePointer<WINDOW>) {
        let resolved = palette.resolve(cell.style)
        let attributes = Self.attributes(resolved.attributes)
        let pair = colorPair(foreground: resolved.foreground.colorNumber, background: resolved.background.colorNumber)
        let glyphs: [String]
        switch TerminalGlyphs.plan(for: cell.grapheme, width: cell.width, measure: ncursesWidth) {
        case .ncurses(let grapheme): glyphs = [grapheme]
        case .direct(let placeholders): glyphs = placeholders
        }
        for (offset, glyph) in glyphs.enumerated() {
            guard var character = Self.complexCharacter(glyph, attributes: attributes, pair: pair) else { continue }
            _ = mvwadd_wch(window, Int32(row), Int32(column + offset), &character)
        }
    }

    /// The cells of `row` of `frame` (its first `columns`) that are written
    /// directly, each with its tail: the cells after it up to the next one.
    private func directCells(row: Int, of frame: ScreenBuffer, columns: Int) -> [TerminalGlyphs.DirectCell] {
        var cells: [TerminalGlyphs.DirectCell] = []
        for column in 0..<max(0, columns) {
            let cell = frame[row, column]
            guard !cell.isContinuation else { continue }
            if case .direct = TerminalGlyphs.plan(for: cell.grapheme, width: cell.width, measure: ncursesWidth) {
                cells.append(TerminalGlyphs.DirectCell(row: row, column: column, width: cell.width, grapheme: cell.grapheme, style: palette.resolve(cell.style)))
            } else if !cells.isEmpty {
                cells[cells.count - 1].tail.append(TerminalGlyphs.TailCell(grapheme: cell.grapheme, style: palette.resolve(cell.style)))
            }
        }
        return cells
    }

    /// `text` as one ncurses cell, or `nil` when ncurses would not keep all
    /// of its scalars (more than `CCHARW_MAX`, or several spacing ones).
    private static func complexCharacter(_ text: String, attributes: attr_t, pair: Int16) -> cchar_t? {
        let scalars = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        guard !scalars.isEmpty, scalars.count <= Int(CCHARW_MAX) else { return nil }
        var character = cchar_t()
        guard setcchar(&character, scalars + [0], attributes, pair, nil) != ERR else { return nil }
        var stored = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        var storedAttributes: attr_t = 0
        var storedPair: Int16 = 0
        guard getcchar(&character, &stored, &storedAttributes, &storedPair, nil) != ERR,
            Array(stored.prefix { $0 != 0 }) == scalars
        else { return nil }
        return character
    }

    /// Columns ncurses gives `text` drawn as one cell (measured once on the
    /// scratch pad), or `nil` when it cannot store `text` whole.
    private func ncursesWidth(of text: String) -> Int? {
        if let known = measuredWidths[text] {
            return known
        }
        var width: Int?
        if let measuringPad, var character = Self.complexCharacter(text, attributes: 0, pair: 0) {
            wmove(measuringPad, 0, 0)
            if wadd_wch(measuringPad, &character) != ERR {
                width = Int(getcurx(measuringPad))
            }
        }
        measuredWidths[text] = width
        return width
    }

    private func colorPair(foreground: Int, background: Int) -> Int16 {
        guard palette.mode != .monochrome, foreground != -1 || background != -1 else { return 0 }
        let key = ColorKey(foreground: foreground, background: background)
        if let pair = colorPairs[key] {
            return pair
        }
        let allocated = alloc_pair(Int32(foreground), Int32(background))
        let pair = allocated > 0 && allocated <= Int32(Int16.max) ? Int16(allocated) : 0
        colorPairs[key] = pair
        return pair
    }

    /// ncurses attribute bits (`A_BOLD` etc. are C macros Swift cannot
    /// import): `NCURSES_BITS(1, n)` is `1 << (n + 8)`.
    static func attributes(_ attributes: TextAttributes) -> attr_t {
        var value: attr_t = 0
        if attributes.contains(.underline) { value |= 1 << 17 }  // A_UNDERLINE
        if attributes.contains(.reverse) { value |= 1 << 18 }  // A_REVERSE
        if attributes.contains(.dim) { value |= 1 << 20 }  // A_DIM
        if attributes.contains(.bold) { value |= 1 << 21 }  // A_BOLD
        return value
    }

    private func setCursorVisible(_ visible: Bool) {
        guard isCursorVisible != visible else { return }
        curs_set(visible ? 1 : 0)
        isCursorVisible = visible
    }

    // MARK: - Input

    private func waitForInput(milliseconds: Int32) -> (input: Bool, resize: Bool) {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard result > 0 else { return (false, false) }
        let inputReady = descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
        return (inputReady, descriptors[1].revents & Int16(POLLIN) != 0)
    }

    /// Reads what standard input has and decodes it into the queue;
    /// `false` at end of input.
    private func readAvailableInput() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
            isInputClosed = true
            return false
        }
        if count > 0 {
            queuedEvents += decoder.decode(bytes[..<count])
        }
        return true
    }

    /// Everything the (non-blocking) signal pipe holds.
    private func readSignalPipe() -> [UInt8] {
        var all: [UInt8] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(signalPipe.read, $0.baseAddress, $0.count) }
            guard count > 0 else { return all }
            all += bytes[..<count]
        }
    }

    // MARK: - Helpers

    private func writeToOutput(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    private func closeStreamsAndPipe() {
        if let outputFile { fclose(outputFile) }
        if let inputFile { fclose(inputFile) }
        outputFile = nil
        inputFile = nil
        if signalPipe.read >= 0 { close(signalPipe.read) }
        if signalPipe.write >= 0 { close(signalPipe.write) }
        signalPipe = (-1, -1)
    }

    /// A terminfo string capability of the current terminal, `nil` when it
    /// has none.
    private static func terminfoString(_ name: String) -> String? {
        guard let pointer = tigetstr(name) else { return nil }
        // tigetstr returns (char *)-1 for a name that is not a string capability.
        guard Int(bitPattern: pointer) != -1 else { return nil }
        return String(cString: pointer)
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
    }
}
