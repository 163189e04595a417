/// Something that happened, as the app sees it.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    /// Text pasted in one go (bracketed paste), newlines already turned into spaces: one
    /// edit for the app, however long. Apps that ignore it lose nothing else.
    case paste(String)
    /// A click, release or wheel turn (when mouse reporting is on: see `TerminalOptions.mouse`).
    case mouse(MouseEvent)
    /// The terminal now has this many columns and rows.
    case resize(width: Int, height: Int)
    /// The wake closure was called (the `Mailbox` has deliveries, most likely). May also
    /// arrive spuriously; draining an empty mailbox is fine.
    case wake
    /// The first frame is on screen: work that would delay it (loading the data) starts now.
    case firstFrameDrawn
    /// A signal whose default action ends the process (SIGTERM, SIGHUP, SIGINT, SIGQUIT,
    /// SIGPIPE, SIGUSR1, …: see `SignalGuard`) arrived, or the terminal hung up (reported
    /// as SIGHUP). The loop ends after this event whatever the app
    /// answers: it is the app's chance to save state.
    case signal(Int32)
    /// The app asked for the terminal (`LoopCommand.releaseTerminal`): curses has let go of
    /// it until the app answers; a program run now (fzf's `execute`) has the screen and keys.
    case terminalReleased
}

/// What the app wants after an event.
public enum LoopCommand: Sendable, Hashable {
    /// Keep going; draw a new frame (once, after every event available now is handled).
    case `continue`
    /// Keep going; the event changed nothing on screen, so no new frame is needed for it.
    case ignored
    /// Keep going, and repaint every cell even if curses believes it is already on
    /// screen: Ctrl-L after another program wrote over the terminal.
    case repaint
    /// End the loop; `run` restores the terminal and returns `.quit`.
    case quit
    /// Give the terminal back to the shell's modes, send `.terminalReleased`, then take it
    /// again and repaint every cell (fzf's `execute`: a program runs on the terminal meanwhile).
    case releaseTerminal
}

/// Why `EventLoop.run` returned.
public enum LoopExit: Sendable, Hashable {
    /// The app answered `.quit`.
    case quit
    /// A termination signal arrived (or the terminal hung up: SIGHUP). By convention the
    /// program then exits with status 128 + signal.
    case signal(Int32)
}

/// An interactive program in the Elm / Bubble Tea shape: events come in, the app updates its
/// state, and the loop asks it for a frame when something changed.
///
/// Both methods run on the loop's thread, which also runs the timer queue's actions; that
/// is the only thread that touches app state, so nothing needs locks. Errors thrown end the
/// loop: the terminal is restored and `run` rethrows.
public protocol TerminalApp: AnyObject {
    func handle(_ event: TerminalEvent) throws -> LoopCommand
    /// Draws the whole screen into a blank canvas of the terminal's size; returns where the
    /// text cursor should blink, or nil to hide it.
    func render(into canvas: inout Canvas) throws -> CursorPosition?
    /// How long after a key its frame may wait for an answer the app has asked for and
    /// expects within a frame, to draw the key and its answer together (`FramePacer`); nil:
    /// nothing awaited, draw now. Asked before every frame.
    var frameHold: Duration? { get }
    /// Rows the content needs (fzf's `--height ~N` shrinks to them); nil: any.
    var neededRows: Int? { get }
    /// The turn's frame is out, or held (see `frameHold`): work the turn's events asked for
    /// and the app kept back, so as not to slow that frame, may start now.
    func turnEnded()
}

extension TerminalApp {
    public var frameHold: Duration? { nil }
    public var neededRows: Int? { nil }
    public func turnEnded() {}
}
