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
    /// Bracketed paste, and mouse reports unless `--no-mouse`.
    private let inputModes: String
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
    /// The frame `stage` prepared, which `present` writes.
    private var staged = ""
    /// The preview's images: sent after the cells, only when they change.
    private var graphicsOnScreen = GraphicsOnScreen()
    /// The region's first row on the screen, 0-based, from the terminal's cursor report
    /// (mouse reports count rows from the screen's top); 0 if the terminal did not answer.
    private(set) var originRow = 0
    /// Keys that arrived while waiting for that report, handed out by the next read.
    private var earlyInput: [UInt8] = []

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
        inputModes = Terminal.bracketedPasteOn + (options.mouse ? Terminal.mouseOn : "")
        var environment: [String: String] = [:]
        for name in ["TERM", "NO_COLOR", "COLORTERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        styles = AnsiStyles(colors: options.colors, environment: environment)

        SignalGuard.saveOriginalActions()
        enterRawMode()
        SignalGuard.arm(ttyFD: output, savedModes: modes, restore: Array(Self.restore.utf8), wakeFD: wakeFD)
        readSize()
        emit(inputModes)
        reserveRows()
    }

    deinit { close() }

    var size: (width: Int, height: Int) { (columns, rows) }

    func readInput(limit: Int) -> [RawInput] {
        var batch = earlyInput.isEmpty ? [] : reader.decode(earlyInput[...])
        earlyInput = []
        batch += reader.read(from: inputFD, limit: limit)
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

    /// Builds the bytes of the frame: for each row, only the columns that differ from
    /// `previous` (nil: every row whole). `present` writes them in one go.
    func stage(_ canvas: Canvas, previous: Canvas?, cursor: CursorPosition?) {
        var out = "\u{1B}[?25l"
        let sameShape = previous.map { $0.width == canvas.width && $0.height == canvas.height } ?? false
        // Rows an image left are sent whole; the images go after the cells (see below).
        let graphics = graphicsOnScreen.plan(for: canvas, repaintsAll: !sameShape)
        let uncovered = Set(graphics?.rows ?? [])
        for y in 0..<min(canvas.height, rows) {
            guard let columns = uncovered.contains(y) ? 0..<canvas.width : canvas.changedColumns(inLine: y, since: sameShape ? previous : nil)
            else { continue }
            out += move(to: y) + "\r" + (columns.lowerBound > 0 ? "\u{1B}[\(columns.lowerBound)C" : "")
            for run in canvas.runs(inLine: y, columns: columns) { out += styles.sequence(run.style) + run.text }
            out += "\u{1B}[0m"
            // Writing the last column leaves the cursor on it (the terminal's pending wrap).
            cursorColumn = min(columns.upperBound, canvas.width - 1)
        }
        if let graphics {
            let row = cursorRow
            let sequence = graphics.sequence { x, y in
                let down = y - row
                return (down > 0 ? "\u{1B}[\(down)B" : down < 0 ? "\u{1B}[\(-down)A" : "") + "\r" + (x > 0 ? "\u{1B}[\(x)C" : "")
            }
            out += String(decoding: sequence, as: UTF8.self)
        }
        if let cursor, cursor.x >= 0, cursor.x < canvas.width, cursor.y >= 0, cursor.y < min(canvas.height, rows) {
            out += move(to: cursor.y) + "\r" + (cursor.x > 0 ? "\u{1B}[\(cursor.x)C" : "") + "\u{1B}[?25h"
            cursorColumn = cursor.x
        }
        staged += out
    }

    @discardableResult
    func present() -> Int {
        defer { staged = "" }
        emit(staged)
        return staged.utf8.count
    }

    func fit(neededRows: Int?) -> Bool {
        let wanted = height.rows(terminalRows: terminalRows, needed: neededRows)
        guard wanted != rows, !isClosed else { return false }
        clearRows()
        rows = wanted
        reserveRows()
        return true
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
        emit(inputModes)
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

    /// Bracketed paste and mouse reports off, attributes reset, cursor shown: also what a
    /// crash writes.
    private static let restore = Terminal.bracketedPasteOff + Terminal.mouseOff + "\u{1B}[0m\u{1B}[?25h"

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
        // Adaptive (`~N`), the region starts as small as the interface works in and grows as
        // the content comes (`fit`).
        rows =
            self.height.isAdaptive ? min(InlineHeight.minimumRows, self.height.rows(terminalRows: terminalRows)) : self.height.rows(terminalRows: terminalRows)
    }

    /// Room for the region from the cursor's line down: newlines scroll the screen when
    /// there are too few lines below; then back up to the region's first row.
    private func reserveRows() {
        emit("\r" + String(repeating: "\n", count: rows - 1) + (rows > 1 ? "\u{1B}[\(rows - 1)A" : ""))
        cursorRow = 0
        cursorColumn = 0
        locateOrigin()
    }

    /// Asks the terminal where the cursor is (DSR, `ESC [ 6 n`; it answers `ESC [ row ; col R`)
    /// and waits briefly for the answer; keys typed meanwhile are kept for `readInput`. A
    /// late answer is harmless: the decoder drops it as an unknown sequence.
    private func locateOrigin() {
        emit("\u{1B}[6n")
        var received: [UInt8] = []
        var waited = 0
        while waited < Self.reportWait {
            var ready = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            let started = Self.milliseconds()
            guard poll(&ready, 1, Int32(Self.reportWait - waited)) > 0 else { break }
            waited += max(1, Self.milliseconds() - started)
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(inputFD, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            received += buffer[..<count]
            if let (row, range) = Self.cursorReport(in: received) {
                originRow = row - 1
                received.removeSubrange(range)
                break
            }
        }
        earlyInput += received
    }

    /// Milliseconds to wait for the cursor report.
    private static let reportWait = 300

    /// The row of the first `ESC [ row ; col R` in `bytes`, and where it is.
    static func cursorReport(in bytes: [UInt8]) -> (row: Int, range: Range<Int>)? {
        var start = 0
        while let escape = bytes[start...].firstIndex(of: 27) {
            start = escape + 1
            guard escape + 1 < bytes.count, bytes[escape + 1] == UInt8(ascii: "[") else { continue }
            var i = escape + 2
            var fields = [0]
            while i < bytes.count, fields.count <= 2 {
                let byte = bytes[i]
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), fields[fields.count - 1] < 100_000 {
                    fields[fields.count - 1] = fields[fields.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
                } else if byte == UInt8(ascii: ";") {
                    fields.append(0)
                } else {
                    if byte == UInt8(ascii: "R"), fields.count == 2, fields[0] > 0 { return (fields[0], escape..<(i + 1)) }
                    break
                }
                i += 1
            }
        }
        return nil
    }

    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
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
}
