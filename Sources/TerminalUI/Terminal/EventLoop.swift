import InstantSearchCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs a `TerminalApp`: waits for keys, wake-ups, signals and timers, hands them to the
/// app as events, and draws a frame when something changed.
///
/// One turn of the loop: `poll` on the terminal and the wake pipe, for at most the time
/// until the timer queue's next deadline; then read every key already typed, drain the
/// wake pipe, run the timers that are due, and draw one frame for all of it. Coalescing
/// matters: 40 keys typed ahead are 40 events and one frame, not 40; a paste (bracketed
/// by the terminal) is one `.paste` event.
///
/// The suspend key (Ctrl-Z) and SIGTSTP suspend the session: the terminal is restored, the
/// process stops, and on `fg` the screen is drawn again whole.
///
/// Create the loop first, give `wake` to the `Mailbox` and `timers` to whatever schedules,
/// build the app, then call `run`. Everything happens on the thread that calls `run`.
public final class EventLoop {
    /// The loop's clock and timers; their actions run on the loop's thread.
    public let timers: TimerQueue
    private let options: TerminalOptions
    private let pipe: WakePipe

    public init(timers: TimerQueue = .system(), options: TerminalOptions = TerminalOptions()) throws {
        self.timers = timers
        self.options = options
        self.pipe = try WakePipe()
    }

    deinit { pipe.close() }

    /// Wakes the loop from any thread; `run` then sends the app `.wake`. Pass it to
    /// `Mailbox(wake:)`. Harmless after the loop ended.
    public var wake: @Sendable () -> Void {
        let pipe = self.pipe
        return { pipe.wake() }
    }

    /// Opens the terminal, runs `app` until it quits or a termination signal arrives, and
    /// restores the terminal before returning — also when the app throws.
    public func run(_ app: some TerminalApp) throws -> LoopExit {
        let terminal: any TerminalScreen = if let height = options.height {
            try InlineTerminal(options: options, height: height, wakeFD: pipe.signalSafeWriteFD)
        } else {
            try Terminal(options: options, wakeFD: pipe.signalSafeWriteFD)
        }
        defer { terminal.close() }
        var session = Session(terminal: terminal, timers: timers, pipe: pipe, app: app)
        return try session.run()
    }
}

/// The state of one `run`: kept apart so `EventLoop` itself holds no per-run state.
private struct Session<App: TerminalApp> {
    let terminal: any TerminalScreen
    let timers: TimerQueue
    let pipe: WakePipe
    let app: App
    /// What is on screen, to skip unchanged rows; nil forces a full redraw.
    var onScreen: Canvas?
    var decoder = InputDecoder()
    var pasteInput = PasteInput()
    /// Whether the last read ended on a run of plain characters (see `readEvents`).
    var cursesQueueEmpty = false
    /// When the open paste last received anything (see `pasteGiveUp`).
    var lastPasteInput = Duration.zero
    /// A paste whose end marker has not come for this long is taken as ended, so a lost
    /// marker cannot swallow every later key (Ctrl-C included).
    static var pasteGiveUp: Duration { .milliseconds(500) }
    var reportedSize: (width: Int, height: Int)
    var needsFrame = true
    var firstFrameDrawn = false

    init(terminal: any TerminalScreen, timers: TimerQueue, pipe: WakePipe, app: App) {
        self.terminal = terminal
        self.timers = timers
        self.pipe = pipe
        self.app = app
        reportedSize = terminal.size
    }

    mutating func run() throws -> LoopExit {
        // Wake-ups from before the loop started are still worth one .wake event.
        var woken = pipe.drain()
        // The app learns the size before its first frame, so layout is state, not a guess.
        if try apply(.resize(width: reportedSize.width, height: reportedSize.height)) { return .quit }
        while true {
            let (batch, decoded) = readEvents()
            var events = decoded
            if decoder.isInPaste {
                if !batch.isEmpty {
                    lastPasteInput = timers.now
                } else if timers.now - lastPasteInput >= Self.pasteGiveUp, let paste = decoder.finish() {
                    events.append(paste)
                }
            }
            if SignalGuard.takeSuspend() { suspend() }
            if SignalGuard.takeContinue() { redrawAfterStop() }
            let sizeChanged = SignalGuard.takeResize() || events.contains(.key(.resize))
            if sizeChanged {
                terminal.applyResize()
                let size = terminal.size
                if size != reportedSize {
                    reportedSize = size
                    onScreen = nil
                    if try apply(.resize(width: size.width, height: size.height)) { return .quit }
                }
            }
            for var event in events where event != .key(.resize) {
                if let suspendKey = terminal.suspendKey, event == .key(suspendKey) {
                    suspend()
                    continue
                }
                // Inline (--height), the canvas starts below the screen's top; a click above
                // it is on the shell's lines, not ours.
                if case .mouse(var mouse) = event, terminal.originRow > 0 {
                    mouse.y -= terminal.originRow
                    if mouse.y < 0 { continue }
                    event = .mouse(mouse)
                }
                if try apply(event) { return .quit }
            }
            if woken, try apply(.wake) { return .quit }
            if let deadline = timers.nextDeadline, deadline <= timers.now {
                timers.runDue()
                needsFrame = true
            }
            if let sig = SignalGuard.takePendingSignal() {
                _ = try app.handle(.signal(sig))
                return .signal(sig)
            }
            if needsFrame {
                let first = !firstFrameDrawn
                try drawFrame()
                if first {
                    firstFrameDrawn = true
                    if try apply(.firstFrameDrawn) { return .quit }
                }
            }

            switch wait() {
            case .ready(let wakePipeReadable): woken = wakePipeReadable && pipe.drain()
            case .hangup:
                _ = try app.handle(.signal(SIGHUP))
                return .signal(SIGHUP)
            }
        }
    }

    /// Everything waiting, decoded, up to a bound per turn (so a huge paste cannot starve
    /// frames or Ctrl-C). Through curses, which stops right after a paste's start marker;
    /// the body of an open paste in bulk (`PasteInput`) once curses can hold nothing unread:
    /// it reads ahead only while matching a key sequence, which starts with ESC, so right
    /// after the marker or a run of plain characters its queue is empty.
    private mutating func readEvents() -> (inputs: [RawInput], events: [TerminalEvent]) {
        var inputs: [RawInput] = []
        var events: [TerminalEvent] = []
        while inputs.count < Terminal.readLimit {
            let chunk = decoder.isInPaste && cursesQueueEmpty
                ? pasteInput.read(from: terminal.inputFD)
                : terminal.readInput(limit: Terminal.readLimit - inputs.count)
            if chunk.isEmpty { break }
            cursesQueueEmpty = chunk.suffix(Terminal.pasteStart.count).map(\.code) == Terminal.pasteStart
                || (chunk.count >= Self.plainRun && chunk.suffix(Self.plainRun).allSatisfy { !$0.isKeyCode && $0.code != 27 })
            inputs += chunk
            events += decoder.decode(chunk)
        }
        return (inputs, events)
    }

    /// Longer than any key sequence curses matches.
    private static var plainRun: Int { 16 }

    /// Ctrl-Z: the terminal back to the shell, stop until `fg`, then everything redrawn
    /// (the window may have changed size meanwhile).
    private mutating func suspend() {
        terminal.suspend()
        SignalGuard.stopProcess()
        redrawAfterStop()
    }

    private mutating func redrawAfterStop() {
        terminal.resume()
        onScreen = nil
        needsFrame = true
        SignalGuard.resizePending.store(true, ordering: .sequentiallyConsistent)
        pipe.wake()  // so the next turn looks at the size before waiting for a key
    }

    /// Hands one event to the app; true if it asked to quit.
    private mutating func apply(_ event: TerminalEvent) throws -> Bool {
        var answer = try app.handle(event)
        while answer == .releaseTerminal {
            // fzf's execute: the terminal back to the shell's modes while the app runs a
            // program on it, then taken again and repainted whole.
            terminal.suspend()
            answer = try app.handle(.terminalReleased)
            terminal.resume()
            onScreen = nil
            needsFrame = true
            // The window may have changed size meanwhile: the next turn looks.
            SignalGuard.resizePending.store(true, ordering: .sequentiallyConsistent)
            pipe.wake()
        }
        switch answer {
        case .continue: needsFrame = true
        case .ignored, .releaseTerminal: break
        case .repaint:
            terminal.invalidate()
            onScreen = nil
            needsFrame = true
        case .quit: return true
        }
        return false
    }

    private mutating func drawFrame() throws {
        let size = terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        let cursor = try app.render(into: &canvas)
        terminal.draw(canvas, previous: onScreen, cursor: cursor)
        onScreen = canvas
        needsFrame = false
    }

    private enum WaitResult {
        case ready(wakePipeReadable: Bool)
        /// The terminal went away (window closed, ssh dropped).
        case hangup
    }

    /// Blocks until a key, a wake-up, a signal or the next timer deadline.
    private func wait() -> WaitResult {
        var fds = [
            pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0),
        ]
        var timeout = pollTimeout(now: timers.now, deadline: timers.nextDeadline)
        if decoder.isInPaste {
            let check = pollTimeout(now: timers.now, deadline: lastPasteInput + Self.pasteGiveUp)
            timeout = timeout < 0 ? check : min(timeout, check)
        }
        let count = poll(&fds, nfds_t(fds.count), timeout)
        // EINTR: a signal arrived; its handler also wrote to the wake pipe, and the next
        // turn looks at the flags anyway.
        if count < 0 && errno != EINTR { return .hangup }  // poll itself broke: do not spin.
        guard count > 0 else { return .ready(wakePipeReadable: count < 0) }
        let failure = Int16(POLLHUP | POLLERR | POLLNVAL)
        if fds[0].revents & failure != 0 { return .hangup }
        return .ready(wakePipeReadable: fds[1].revents & Int16(POLLIN) != 0)
    }
}
