import CNcurses

#if canImport(Glibc)
import Glibc
#endif

/// How the terminal session starts.
public struct TerminalOptions: Sendable {
    /// Milliseconds curses waits after ESC for the rest of an escape sequence. Short, so a
    /// lone Esc feels instant; still long enough for sequences over ssh.
    public var escapeDelay: Int32 = 25
    /// nil: use colours when the terminal has them and NO_COLOR is unset or empty.
    public var colors: Bool? = nil
    /// Ask the terminal for mouse reports (clicks and the wheel, SGR encoding); false for
    /// `--no-mouse`, which leaves the mouse to the terminal (selecting text, say).
    public var mouse = true
    /// fzf's `--height`: draw in this many rows below the cursor, without the alternate
    /// screen (`InlineTerminal`); nil: the whole screen, through curses.
    public var height: InlineHeight? = nil

    public init(escapeDelay: Int32 = 25, colors: Bool? = nil, mouse: Bool = true, height: InlineHeight? = nil) {
        self.escapeDelay = escapeDelay
        self.colors = colors
        self.mouse = mouse
        self.height = height
    }
}

/// Where the app wants the text cursor (the search box's caret), in canvas coordinates.
public struct CursorPosition: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A curses session on the controlling terminal.
///
/// It talks to /dev/tty, not stdin/stdout: stdin may be a pipe carrying the records to
/// search, and stdout must stay clean for printing the chosen record on exit. It uses the
/// alternate screen, so the shell's screen comes back untouched. Every method must be called
/// from the thread that opened it; `EventLoop` owns one for the duration of `run`.
public final class Terminal {
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    /// The terminal's file descriptor, which the event loop polls for key presses.
    let inputFD: Int32
    private var styles: CursesStyles
    private var cursorVisible: Bool?
    private var isClosed = false
    private let mouse: Bool
    /// Gathers each frame curses writes into one write to the terminal; nil: curses writes
    /// to it directly (the descriptors could not be had).
    private var frameCapture: FrameCapture?
    /// The preview's images: sent after the cells, only when they change.
    private var graphicsOnScreen = GraphicsOnScreen()
    private var stagedGraphics: [UInt8]?

    /// The key that suspends the program (the tty's `susp` character, normally Ctrl-Z):
    /// raw mode turns the tty's own handling off, so the event loop does what it would have
    /// done. nil when the user's tty has no suspend character or no job-control signals.
    let suspendKey: Key?

    /// Whether styles are drawn in colour (false under NO_COLOR or on a monochrome terminal).
    public var colorsEnabled: Bool { styles.colorsEnabled }

    /// Starts curses. `wakeFD` is where termination and resize signals write a byte so
    /// the event loop wakes up; -1 when no loop is waiting.
    init(options: TerminalOptions, wakeFD: Int32) throws(TerminalError) {
        // The user's locale for curses' multibyte output; if it is not UTF-8 (LANG unset in
        // a bare tmux, say), UTF-8 character handling anyway, or wide text breaks.
        _ = setlocale(LC_ALL, "")
        TextWidth.ensureUTF8CharacterType()

        guard let input = fopen("/dev/tty", "r") else { throw .noTerminal(errno: errno) }
        guard let output = fopen("/dev/tty", "w") else {
            let e = errno
            fclose(input)
            throw .noTerminal(errno: e)
        }
        // The tty modes as the shell left them, for the crash path (curses keeps its own
        // copy for endwin, but that is out of reach from a signal handler).
        var savedModes = termios()
        _ = tcgetattr(fileno(output), &savedModes)
        suspendKey = Self.suspendKey(in: savedModes)
        SignalGuard.saveOriginalActions()

        guard let screen = newterm(nil, output, input) else {
            fclose(input)
            fclose(output)
            throw .cursesFailed(term: getenv("TERM").map { String(cString: $0) } ?? "(unset)")
        }
        self.input = input
        self.output = output
        self.screen = screen
        self.inputFD = fileno(input)
        self.mouse = options.mouse
        _ = set_term(screen)

        // Raw: Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys instead of signals. Non-blocking
        // reads, because the loop waits in poll(), not in curses.
        _ = raw()
        _ = noecho()
        _ = nonl()
        let window = cn_stdscr()
        _ = keypad(window, true)
        _ = nodelay(window, true)
        _ = intrflush(window, false)
        _ = set_escdelay(options.escapeDelay)
        // No typeahead check inside doupdate: curses would poll the keyboard between lines and
        // leave a frame half written when a key is waiting. The loop already coalesces the
        // keys typed ahead into one frame, which is then written whole.
        _ = typeahead(-1)
        // Mouse reports are decoded by `InputDecoder`, never by curses: where terminfo names
        // the report's start (xterm's kmous is ESC [ <), curses would take those bytes as
        // KEY_MOUSE and leave the rest ("0;12;5M") to be typed into the query.
        _ = keyok(KEY_MOUSE, false)

        let noColorSet = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        let wantColors = options.colors ?? !noColorSet
        var colors = false
        var defaults = false
        if wantColors && has_colors() {
            colors = start_color() == OK
            defaults = colors && use_default_colors() == OK
        }
        styles = CursesStyles(
            colorsEnabled: colors, hasDefaultColors: defaults,
            colorCount: Int(cn_colors()), maxPairs: Int(cn_color_pairs())
        )

        frameCapture = FrameCapture(target: fileno(output))
        SignalGuard.arm(
            // Never redirected, unlike curses' own descriptor while it draws a frame.
            ttyFD: frameCapture?.terminal ?? fileno(output), savedModes: savedModes,
            restore: Self.restoreSequence(), wakeFD: wakeFD
        )
        setCursorVisible(false)
        setInputModes(true)
    }

    /// A session without an event loop (a one-shot prompt, a test harness): nothing wakes
    /// on signals, so poll `readKeys()` yourself. Most programs want `EventLoop` instead.
    public convenience init(options: TerminalOptions = TerminalOptions()) throws(TerminalError) {
        try self.init(options: options, wakeFD: -1)
    }

    deinit { close() }

    /// Keys typed since the last call, without waiting.
    public func readKeys() -> [Key] { InputDecoder.decode(readInput()) }

    /// Draws a whole frame (see `draw(_:previous:cursor:)`; curses still sends only what changed).
    public func draw(_ canvas: Canvas, cursor: CursorPosition?) { draw(canvas, previous: nil, cursor: cursor) }

    /// Leaves curses and gives the terminal back as it was. Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        setInputModes(false)
        _ = endwin()
        SignalGuard.disarm()
        frameCapture = nil
        delscreen(screen)
        fclose(input)
        fclose(output)
    }

    /// Gives the terminal back to the shell for a while (Ctrl-Z): the shell's tty modes,
    /// the normal screen, no bracketed paste. `resume` takes it again.
    func suspend() {
        setInputModes(false)
        _ = def_prog_mode()
        _ = endwin()
        _ = SignalGuard.armed.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// Takes the terminal back after `suspend`, or after a stop the program did not ask
    /// for (`kill -STOP`, whose SIGCONT finds the shell's modes on the tty): curses' modes
    /// again, and the next frame repaints every cell (curses re-enters the alternate screen
    /// on that refresh).
    func resume() {
        _ = reset_prog_mode()
        SignalGuard.armed.store(true, ordering: .sequentiallyConsistent)
        setInputModes(true)
        invalidate()
    }

    /// Columns and rows, as curses knows them.
    public var size: (width: Int, height: Int) {
        var rows: Int32 = 0, cols: Int32 = 0
        cn_getmaxyx(cn_stdscr(), &rows, &cols)
        return (Int(cols), Int(rows))
    }

    /// Asks the kernel for the window size and resizes curses to it (after SIGWINCH).
    func applyResize() {
        var rows: Int32 = 0, cols: Int32 = 0
        guard cn_tty_size(fileno(output), &rows, &cols) == 0, rows > 0, cols > 0 else { return }
        _ = resizeterm(rows, cols)
    }

    static let readLimit = 4096
    /// ESC [ 200 ~, which opens a bracketed paste.
    static let pasteStart: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x30, 0x7E]

    /// Everything typed so far, without waiting (bounded, so a huge paste cannot starve
    /// rendering; the rest is read on the next turn). Stops right after a paste's start
    /// marker, so the loop can read the paste's body in bulk.
    func readInput(limit: Int = readLimit) -> [RawInput] {
        var batch: [RawInput] = []
        let window = cn_stdscr()
        while batch.count < limit {
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == ERR { break }
            batch.append(RawInput(code: UInt32(character), isKeyCode: result == KEY_CODE_YES))
            if character == 0x7E, result != KEY_CODE_YES, batch.suffix(Self.pasteStart.count).map(\.code) == Self.pasteStart {
                break
            }
        }
        return batch
    }

    /// Copies `canvas` into curses' screen, sending nothing yet (`present` does): only the cells
    /// that differ from `previous` (what is already on screen; nil redraws everything), each
    /// run of equal style one curses call.
    func stage(_ canvas: Canvas, previous: Canvas?, cursor: CursorPosition?) {
        let window = cn_stdscr()
        let sameShape = previous.map { $0.width == canvas.width && $0.height == canvas.height } ?? false
        if !sameShape { _ = werase(window) }
        let graphics = graphicsOnScreen.plan(for: canvas, repaintsAll: !sameShape)
        // Where an image was, curses thinks the cells it drew are still there: sent again whole.
        for y in graphics?.rows ?? [] { _ = wredrawln(window, Int32(y), 1) }
        stagedGraphics = graphics?.sequence { x, y in "\u{1B}[\(y + 1);\(x + 1)H" }
        for y in 0..<canvas.height {
            guard let columns = canvas.changedColumns(inLine: y, since: sameShape ? previous : nil) else { continue }
            for run in canvas.runs(inLine: y, columns: columns) {
                let (attributes, pair) = styles.resolve(run.style)
                _ = cn_wattr_set(window, attributes, pair)
                _ = mvwaddstr(window, Int32(y), Int32(run.x), run.text)
            }
        }
        _ = cn_wattr_set(window, cn_a_normal(), 0)
        if let cursor, cursor.x >= 0, cursor.x < canvas.width, cursor.y >= 0, cursor.y < canvas.height {
            _ = wmove(window, Int32(cursor.y), Int32(cursor.x))
            setCursorVisible(true)
        } else {
            setCursorVisible(false)
        }
        _ = wnoutrefresh(window)
    }

    /// Sends the staged frame: one `doupdate`, which writes what changed on the terminal, in
    /// one write (`FrameCapture`). Returns the bytes the frame took.
    @discardableResult
    func present() -> Int {
        let graphics = stagedGraphics
        stagedGraphics = nil
        // The images after curses' cells, in the same write: the cursor is saved and put back
        // around them, so curses' idea of where it is stays true.
        func update() {
            _ = doupdate()
            if let graphics {
                _ = fflush(output)
                FrameCapture.writeAll(graphics, count: graphics.count, to: fileno(output))
            }
        }
        guard let frameCapture else {
            update()
            return 0
        }
        return frameCapture.capture(update)
    }

    /// Forgets what curses thinks is on screen, so the next frame repaints every cell
    /// (for Ctrl-L after another program scribbled on the terminal).
    func invalidate() {
        _ = clearok(cn_stdscr(), true)
    }

    /// Asks the terminal to mark pastes (`ESC [200~` … `ESC [201~`) and, unless told not to,
    /// to report the mouse; or stops both. Terminals without these modes ignore the requests.
    private func setInputModes(_ on: Bool) {
        var modes = on ? Self.bracketedPasteOn : Self.bracketedPasteOff
        if mouse { modes += on ? Self.mouseOn : Self.mouseOff }
        _ = fputs(modes, output)
        _ = fflush(output)
    }

    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"
    /// Press / release and wheel reports (1000), in the SGR encoding (1006: any column, and
    /// releases say which button).
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"

    static func suspendKey(in modes: termios) -> Key? {
        guard modes.c_lflag & tcflag_t(ISIG) != 0 else { return nil }
        let character = withUnsafeBytes(of: modes.c_cc) { $0[Int(VSUSP)] }
        guard character != 0 else { return nil }  // _POSIX_VDISABLE
        return Key.decode(code: UInt32(character), isKeyCode: false)
    }

    private func setCursorVisible(_ visible: Bool) {
        guard cursorVisible != visible else { return }
        cursorVisible = visible
        _ = curs_set(visible ? 1 : 0)
    }

    /// The bytes that undo curses' screen modes, for the crash path: end bracketed paste and
    /// mouse reports (harmless if they were never on), reset attributes, show the cursor, leave keypad-transmit mode, leave the alternate
    /// screen. Read from terminfo now, because a signal handler cannot. Padding specs
    /// ("$<5>") are for tputs and would print literally, so they are removed.
    private static func restoreSequence() -> [UInt8] {
        var bytes = Array((bracketedPasteOff + mouseOff).utf8)
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            guard let value = cn_tigetstr(capability) else { continue }
            bytes += stripPadding(Array(String(cString: value).utf8))
        }
        return bytes
    }

    static func stripPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
                let end = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                i = end + 1
                continue
            }
            result.append(bytes[i])
            i += 1
        }
        return result
    }
}
