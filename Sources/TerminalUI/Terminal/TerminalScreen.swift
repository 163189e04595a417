/// What the event loop needs of a terminal session: keys in, frames out, size, suspend.
/// `Terminal` does it with curses on the alternate screen; `InlineTerminal` (fzf's
/// `--height`) writes its rows below the cursor itself and leaves the screen above alone.
protocol TerminalScreen: AnyObject {
    /// Polled by the loop for key presses (and hang-ups).
    var inputFD: Int32 { get }
    /// The tty's suspend key (Ctrl-Z), which raw mode delivers as a key.
    var suspendKey: Key? { get }
    /// The canvas size to draw: columns, and rows of the screen (or of the inline region).
    var size: (width: Int, height: Int) { get }
    /// The screen row the canvas's first row is drawn on (mouse reports count from the
    /// screen's top): 0 for the whole screen.
    var originRow: Int { get }
    /// Input waiting, without blocking, at most `limit` values.
    func readInput(limit: Int) -> [RawInput]
    /// After SIGWINCH: read the terminal's new size.
    func applyResize()
    /// Prepares `canvas` for the terminal: only the cells that differ from `previous`'s
    /// (nil: every cell). Nothing is written before `present`.
    func stage(_ canvas: Canvas, previous: Canvas?, cursor: CursorPosition?)
    /// Writes the staged frame to the terminal; returns the bytes it took (0: not counted).
    @discardableResult
    func present() -> Int
    /// The next frame repaints every cell (Ctrl-L).
    func invalidate()
    /// The terminal back to the shell for a while (Ctrl-Z), and taken again.
    func suspend()
    func resume()
    /// The terminal given back as it was; safe to call twice.
    func close()
    /// fzf's `--height ~N`: the region takes the rows the content needs (within N); true
    /// when its size changed (the next frame is drawn whole, at the new size).
    func fit(neededRows: Int?) -> Bool
}

extension TerminalScreen {
    /// A screen of fixed size (the whole terminal) never changes it.
    func fit(neededRows: Int?) -> Bool { false }

    /// Stages and presents `canvas` in one go.
    func draw(_ canvas: Canvas, previous: Canvas?, cursor: CursorPosition?) {
        stage(canvas, previous: previous, cursor: cursor)
        present()
    }
}

extension Terminal: TerminalScreen {
    var originRow: Int { 0 }
}
