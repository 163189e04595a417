import CNcurses
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
/// A key that starts a quick search is drawn with its answer, as one frame, when the app
/// asks for it (`TerminalApp.frameHold`, see `FramePacer`); otherwise every turn that changed
/// something draws at once: there is no frame rate, and no sleep on a key's path.
///
/// The suspend key (Ctrl-Z) and SIGTSTP suspend the session: the terminal is restored, the
/// process stops, and on `fg` the screen is drawn again whole.
///
/// Create the loop first, give `wake` to the `Mailbox` and `timers` to whatever schedules,
/// build the app, then call `run`. Everything happens on the thread that calls `run`.
public final class EventLoop {
    /// The loop's clock and timers; their actions run on the loop's thread.
    public let timers: TimerQueue
    /// Set before `run` to time each step of the loop (`--profile`).
    public var profile: LoopProfile?
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
        let terminal: any TerminalScreen =
            if let height = options.height {
                try InlineTerminal(options: options, height: height, wakeFD: pipe.signalSafeWriteFD)
            } else {
                try Terminal(options: options, wakeFD: pipe.signalSafeWriteFD)
            }
        defer {
            // Every command the session started ends with it, while the signal handlers are
            // still ours: a second signal now (the shell passing on the terminal's SIGHUP)
            // cannot end the process under its default action with a command left behind.
            ChildProcessGroups.endAll()
            terminal.close()
        }
        var session = Session(terminal: terminal, timers: timers, pipe: pipe, app: app, profile: profile)
        return try session.run()
    }
}

/// The state of one `run`: kept apart so `EventLoop` itself holds no per-run state. Tests run
/// it with a stand-in terminal and `wait` (nothing blocks, time is the timer queue's).
struct Session<App: TerminalApp> {
    let terminal: any TerminalScreen
    let timers: TimerQueue
    let pipe: WakePipe
    let app: App
    let profile: LoopProfile?
    /// Blocks until input, a wake-up or `deadline` (on the timers' clock; nil: no deadline).
    private let waitForEvents: (_ session: Session, _ deadline: Duration?) -> WaitResult
    var pacer = FramePacer()
    /// When the loop last woke up (for the profile).
    private var wokeAt = ContinuousClock.now
    /// When the dispatch of the turn's keys started, until an answer is posted (for the profile).
    private var keysHandledAt: ContinuousClock.Instant?
    /// When the oldest key not yet on screen with everything it asked for came (for the profile).
    private var keyArrivedAt: ContinuousClock.Instant?
    /// Whether that key's echo is not on screen yet (for the profile).
    private var echoPending = false
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

    init(
        terminal: any TerminalScreen, timers: TimerQueue, pipe: WakePipe, app: App, profile: LoopProfile? = nil,
        wait: @escaping (_ session: Session, _ deadline: Duration?) -> WaitResult = { $0.poll(until: $1) }
    ) {
        self.terminal = terminal
        self.timers = timers
        self.pipe = pipe
        self.app = app
        self.profile = profile
        waitForEvents = wait
        reportedSize = terminal.size
    }

    mutating func run() throws -> LoopExit {
        // Wake-ups from before the loop started are still worth one .wake event.
        var woken = pipe.drain()
        // The app learns the size before its first frame, so layout is state, not a guess.
        if try apply(.resize(width: reportedSize.width, height: reportedSize.height)) { return .quit }
        while true {
            let readStarted = ContinuousClock.now
            let (batch, decoded) = readEvents()
            if !batch.isEmpty { profile?.record(.read, ContinuousClock.now - readStarted) }
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
                if try applyInput(event) { return .quit }
            }
            if woken, try applyWake() { return .quit }
            if let deadline = timers.nextDeadline, deadline <= timers.now {
                timers.runDue()
                needsFrame = true
            }
            if let sig = SignalGuard.takePendingSignal() {
                _ = try app.handle(.signal(sig))
                return .signal(sig)
            }
            // What the app awaits, and whether the pacer holds the frame for it this time.
            let awaited = app.frameHold
            pacer.observe(awaiting: awaited != nil, answered: woken, now: timers.now)
            let hold = pacer.hold(awaited)
            if needsFrame, pacer.shouldDraw(now: timers.now, hold: hold) {
                if terminal.fit(neededRows: app.neededRows) {
                    // fzf's --height ~N: the region grew or shrank to the content; the app lays out again.
                    reportedSize = terminal.size
                    onScreen = nil
                    if try apply(.resize(width: reportedSize.width, height: reportedSize.height)) { return .quit }
                }
                let first = !firstFrameDrawn
                try drawFrame(awaitingAnswer: awaited != nil)
                if first {
                    firstFrameDrawn = true
                    if try apply(.firstFrameDrawn) { return .quit }
                }
            }
            app.turnEnded()

            let holdDeadline = needsFrame ? pacer.deadline(hold: hold) : nil
            let deadline = [timers.nextDeadline, holdDeadline].compactMap { $0 }.min()
            let result = waitForEvents(self, deadline)
            wokeAt = ContinuousClock.now
            switch result {
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
            let chunk =
                decoder.isInPaste && cursesQueueEmpty
                ? pasteInput.read(from: terminal.inputFD)
                : terminal.readInput(limit: Terminal.readLimit - inputs.count)
            if chunk.isEmpty { break }
            cursesQueueEmpty =
                chunk.suffix(Terminal.pasteStart.count).map(\.code) == Terminal.pasteStart
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

    /// Hands a key, paste or click to the app; true if it asked to quit. What it changed is
    /// drawn by the frame the pacer allows.
    private mutating func applyInput(_ event: TerminalEvent) throws -> Bool {
        let started = ContinuousClock.now
        let command = try app.handle(event)
        if command != .ignored {
            pacer.inputHandled(at: timers.now)
            if profile != nil {
                // From the dispatch's start: the request goes out inside it, and a quick
                // backend may post its answer before the dispatch has returned.
                keysHandledAt = started
                if keyArrivedAt == nil {
                    keyArrivedAt = wokeAt
                    echoPending = true
                }
            }
        }
        profile?.record(.dispatch, ContinuousClock.now - started)
        return try consume(command)
    }

    /// Hands the app the answers that woke the loop; true if it asked to quit.
    private mutating func applyWake() throws -> Bool {
        if let profile, let posted = profile.takePost() {
            profile.record(.wake, max(.zero, wokeAt - posted))
            if let keysHandledAt, posted > keysHandledAt { profile.record(.backend, posted - keysHandledAt) }
            keysHandledAt = nil
        }
        let started = ContinuousClock.now
        let quit = try apply(.wake)
        profile?.record(.state, ContinuousClock.now - started)
        return quit
    }

    /// Hands one event to the app; true if it asked to quit.
    private mutating func apply(_ event: TerminalEvent) throws -> Bool {
        try consume(app.handle(event))
    }

    /// Acts on what the app answered; true if it asked to quit. fzf's execute: while the app
    /// asks for the terminal, it goes back to the shell's modes for the program the app runs
    /// on it, then is taken again and repainted whole.
    private mutating func consume(_ answer: LoopCommand) throws -> Bool {
        var command = answer
        while command == .releaseTerminal {
            terminal.suspend()
            command = try app.handle(.terminalReleased)
            redrawAfterStop()
        }
        switch command {
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

    /// `awaitingAnswer`: the app still waits for an answer it asked for (the frame shows a
    /// key's echo before its results).
    private mutating func drawFrame(awaitingAnswer: Bool) throws {
        let size = terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        let renderStarted = ContinuousClock.now
        let cursor = try app.render(into: &canvas)
        let stageStarted = ContinuousClock.now
        terminal.stage(canvas, previous: onScreen, cursor: cursor)
        let presentStarted = ContinuousClock.now
        let bytes = terminal.present()
        onScreen = canvas
        needsFrame = false
        pacer.drew()
        guard let profile else { return }
        let drawn = ContinuousClock.now
        profile.record(.render, stageStarted - renderStarted)
        profile.record(.diff, presentStarted - stageStarted)
        profile.record(.doupdate, drawn - presentStarted)
        profile.countFrame(key: keyArrivedAt != nil, combined: !awaitingAnswer, bytes: bytes)
        if let keyArrivedAt, echoPending {
            profile.record(.keyToEcho, drawn - keyArrivedAt)
            echoPending = false
        }
        if let keyArrivedAt, !awaitingAnswer {
            profile.record(.keyToFrame, drawn - keyArrivedAt)
            self.keyArrivedAt = nil
        }
    }

    enum WaitResult {
        case ready(wakePipeReadable: Bool)
        /// The terminal went away (window closed, ssh dropped).
        case hangup
    }

    /// Blocks until a key, a wake-up, a signal or `deadline` (on the timers' clock), to the
    /// microsecond: a held frame must not wait a millisecond more than it was allowed.
    func poll(until deadline: Duration?) -> WaitResult {
        var fds = [
            pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0),
        ]
        var wakeAt = deadline
        if decoder.isInPaste {
            let check = lastPasteInput + Self.pasteGiveUp
            wakeAt = wakeAt.map { min($0, check) } ?? check
        }
        let timeout = wakeAt.map { max(Duration.zero, $0 - timers.now) }
        let nanoseconds = timeout.map { $0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000 } ?? -1
        let count = cn_poll_ns(&fds, UInt(fds.count), nanoseconds)
        // EINTR: a signal arrived; its handler also wrote to the wake pipe, and the next
        // turn looks at the flags anyway.
        if count < 0 && errno != EINTR { return .hangup }  // poll itself broke: do not spin.
        guard count > 0 else { return .ready(wakePipeReadable: count < 0) }
        let failure = Int16(POLLHUP | POLLERR | POLLNVAL)
        if fds[0].revents & failure != 0 { return .hangup }
        return .ready(wakePipeReadable: fds[1].revents & Int16(POLLIN) != 0)
    }
}
