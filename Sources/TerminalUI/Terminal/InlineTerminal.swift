import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// fzf's `--height`: the session in a few rows below the cursor, on the normal screen.
///
/// curses cannot do this (it takes the whole screen, and `newterm` enters the alternate
/// screen and `endwin` moves the cursor to the last line), so this writes the frames itself,
/// as fzf's light renderer does: it makes room by printing newlines (the terminal scrolls
/// the shell's lines up if the cursor was near the bottom), moves back up, and from then on
/// only moves the cursor up and down inside its rows, relative to where it is. On the way
/// out it clears its rows and leaves the cursor where they began, so the shell's lines above
/// are untouched and what the program prints comes right under them. Keys are read raw from
/// /dev/tty and decoded by the same `InputDecoder` (which reads CSI / SS3 sequences itself).
final class InlineTerminal: TerminalScreen {
    let inputFD: Int32
    private let outputFD: Int32
    let suspendKey: Key?
    private let savedModes: termios
    private let height: InlineHeight
    private let escapeDelay: Int32
    private let styles: AnsiStyles
    private var reader = PasteInput()
    private var columns = 80
    private var terminalRows = 24
    /// The rows of the region.
    private var rows = 1
    /// Where the terminal's cursor is, in rows from the region's top.
    private var cursorRow = 0
    /// The column the cursor was left in (the search box's caret), 0 when hidden.
    private var cursorColumn = 0
    private var isClosed = false

    init(options: TerminalOptions, height: InlineHeight, wakeFD: Int32) throws(TerminalError) {
        _ = setlocale(LC_ALL, "")
        TextWidth.ensureUTF8CharacterType()
        let input = open("/dev/tty", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw .noTerminal(errno: errno) }
        let output = open("/dev/tty", O_WRONLY | O_CLOEXEC)
        guard output >= 0 else {
            let e = errno
            Glibc.close(input)
            throw .noTerminal(errno: e)
        }
        var modes = termios()
        guard tcgetattr(output, &modes) == 0 else {
            let e = errno
            Glibc.close(input)
            Glibc.close(output)
            throw .system("tcgetattr", e)
        }
        (inputFD, outputFD, savedModes) = (input, output, modes)
        suspendKey = Terminal.suspendKey(in: modes)
        self.height = height
        escapeDelay = options.escapeDelay
        var environment: [String: String] = [:]
        for name in ["TERM", "NO_COLOR", "COLORTERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        styles = AnsiStyles(colors: options.colors, environment: environment)

        SignalGuard.saveOriginalActions()
        enterRawMode()
        SignalGuard.arm(ttyFD: output, savedModes: modes, restore: Array(Self.restore.utf8), wakeFD: wakeFD)
        readSize()
        emit(Terminal.bracketedPasteOn)
        reserveRows()
    }

    deinit { close() }

    var size: (width: Int, height: Int) { (columns, rows) }

    func readInput(limit: Int) -> [RawInput] {
        var batch = reader.read(from: inputFD, limit: limit)
        // An escape sequence cut between reads, or a lone ESC: wait a moment for the rest,
        // as curses does with its escape delay, so Esc is a key and arrows are not "[A".
        var waits = 0
        while !batch.isEmpty, waits < 4, Self.endsInsideSequence(batch) {
            var ready = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, escapeDelay) > 0 else { break }
            let more = reader.read(from: inputFD, limit: limit)
            if more.isEmpty { break }
            batch += more
            waits += 1
        }
        return batch
    }

    /// Whether `batch` ends in ESC, ESC O or ESC [ with parameters but no final byte yet.
    static func endsInsideSequence(_ batch: [RawInput]) -> Bool {
        guard let escape = batch.suffix(16).lastIndex(where: { $0.code == 27 }) else { return false }
        let rest = batch[(escape + 1)...].map(\.code)
        guard let introducer = rest.first else { return true }
        if introducer == 0x4F { return rest.count == 1 }
        guard introducer == 0x5B else { return false }
        return rest.dropFirst().allSatisfy { (0x20...0x3F).contains($0) }
    }

    func applyResize() {
        let (oldColumns, oldRows) = (columns, terminalRows)
        readSize()
        guard (oldColumns, oldRows) != (columns, terminalRows) else { return }
        // A narrower terminal re-wraps its lines (tmux, VTE, kitty, iTerm do): each of our
        // full-width rows above the cursor now takes several lines, and so may the cursor's
        // own row up to it. Go up over all of them to the region's first line before clearing.
        var up = cursorRow
        if columns < oldColumns {
            up = cursorRow * ((oldColumns + columns - 1) / columns) + cursorColumn / columns
        }
        emit("\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J")
        cursorRow = 0
        reserveRows()
    }

    func draw(_ canvas: Canvas, previous: Canvas?, cursor: CursorPosition?) {
        var out = "\u{1B}[?25l"
        let sameShape = previous.map { $0.width == canvas.width && $0.height == canvas.height } ?? false
        for y in 0..<min(canvas.height, rows) {
            if sameShape, let previous, Self.row(y, of: previous) == Self.row(y, of: canvas) { continue }
            out += move(to: y) + "\r"
            for run in canvas.runs(inLine: y) { out += styles.sequence(run.style) + run.text }
            out += "\u{1B}[0m"
            cursorColumn = canvas.width - 1  // a full row leaves the cursor at its end
        }
        if let cursor, cursor.x >= 0, cursor.x < canvas.width, cursor.y >= 0, cursor.y < min(canvas.height, rows) {
            out += move(to: cursor.y) + "\r" + (cursor.x > 0 ? "\u{1B}[\(cursor.x)C" : "") + "\u{1B}[?25h"
            cursorColumn = cursor.x
        }
        emit(out)
    }

    /// Nothing to forget: the loop's next frame is drawn whole (it passes no previous frame).
    func invalidate() {}

    func suspend() {
        clearRows()
        emit(Self.restore)
        _ = tcsetattr(outputFD, TCSADRAIN, [savedModes])
        _ = SignalGuard.armed.exchange(false, ordering: .sequentiallyConsistent)
    }

    func resume() {
        enterRawMode()
        SignalGuard.armed.store(true, ordering: .sequentiallyConsistent)
        emit(Terminal.bracketedPasteOn)
        readSize()
        reserveRows()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        clearRows()
        emit(Self.restore)
        _ = tcsetattr(outputFD, TCSADRAIN, [savedModes])
        SignalGuard.disarm()
        Glibc.close(inputFD)
        Glibc.close(outputFD)
    }

    // MARK: Internals

    /// Bracketed paste off, attributes reset, cursor shown: also what a crash writes.
    private static let restore = Terminal.bracketedPasteOff + "\u{1B}[0m\u{1B}[?25h"

    /// Keys as they are typed (no line editing, no echo, no signals from Ctrl-C / Ctrl-Z,
    /// CR not turned into LF), as curses' raw + noecho + nonl; output processing is kept.
    private func enterRawMode() {
        var raw = savedModes
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(outputFD, TCSADRAIN, &raw)
    }

    private func readSize() {
        var height: Int32 = 0, width: Int32 = 0
        if cn_tty_size(outputFD, &height, &width) == 0, height > 0, width > 0 {
            (columns, terminalRows) = (Int(width), Int(height))
        }
        rows = self.height.rows(terminalRows: terminalRows)
    }

    /// Room for the region from the cursor's line down: newlines scroll the screen when
    /// there are too few lines below; then back up to the region's first row.
    private func reserveRows() {
        emit("\r" + String(repeating: "\n", count: rows - 1) + (rows > 1 ? "\u{1B}[\(rows - 1)A" : ""))
        cursorRow = 0
    }

    /// The region erased, the cursor at its first row, first column.
    private func clearRows() {
        emit(move(to: 0) + "\r\u{1B}[J")
    }

    /// Moves the cursor up or down to row `y` of the region (never scrolling).
    private func move(to y: Int) -> String {
        defer { cursorRow = y; cursorColumn = 0 }
        let delta = y - cursorRow
        if delta > 0 { return "\u{1B}[\(delta)B" }
        if delta < 0 { return "\u{1B}[\(-delta)A" }
        return ""
    }

    private func emit(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(outputFD, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }

    private static func row(_ y: Int, of canvas: Canvas) -> ArraySlice<Cell> {
        canvas.cells[(y * canvas.width)..<((y + 1) * canvas.width)]
    }
}
