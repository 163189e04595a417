import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Signal handling for the terminal session. Four jobs:
///
/// * Every signal whose default action ends the process (TERM, HUP, INT, QUIT, USR1, USR2,
///   ALRM, PIPE, XCPU, XFSZ, VTALRM, PROF, IO, PWR, STKFLT and the real-time ones) only
///   records the signal and writes a byte to the event loop's wake pipe; the loop then
///   leaves normally and restores the terminal with curses itself. A second one while the
///   first is still pending means the loop is stuck: the terminal is then restored the
///   hard way and the signal's default action runs. Signals the program was started with
///   ignored (`nohup`, a background job's SIGINT) or that something else already handles
///   are left alone.
/// * SIGTSTP (and the suspend key, which raw mode delivers as a key) asks the loop to
///   suspend: restore the terminal, stop, and redraw on SIGCONT. SIGCONT after a stop the
///   program did not ask for (`kill -STOP`) also makes the loop redraw. SIGWINCH is
///   recorded the same way so the loop resizes curses.
/// * Crash signals (SEGV, BUS, ILL, TRAP — Swift's traps on Linux —, ABRT, FPE, SYS)
///   cannot run curses code: the process is broken. The handler writes the terminfo
///   strings saved at startup (leave the alternate screen, show the cursor, reset
///   attributes, leave keypad and bracketed-paste modes) and puts back the tty modes saved
///   before curses started. A crash of this process then goes on to the action from
///   before (the Swift runtime's backtracer, which `CrashReport` has told to write its
///   report to a file, named on standard error here); the same signal sent by another
///   process (`kill -SEGV`) ends the process at once under the default action.
///
/// Handlers only touch memory allocated here up front (and `ChildProcessGroups`' table, made
/// before any handler is installed) and call async-signal-safe functions (write, tcsetattr,
/// sigaction, raise, getpid, kill, nanosleep). A termination signal that ends the process at
/// once, and a crash, end the session's commands first. Global state because a signal handler is
/// a plain C function with no context; there is one terminal per process. The handlers
/// themselves are in SignalGuard+Handlers.swift.
enum SignalGuard {
    static let namedTerminationSignals: [Int32] = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ,
        SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT,
    ]
    static let realTimeSignals = Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    static var terminationSignals: [Int32] { namedTerminationSignals + realTimeSignals }
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS]
    /// Job control and resizing: handled by the loop, never ending the process.
    static let loopSignals: [Int32] = [SIGTSTP, SIGCONT, SIGWINCH]

    /// Fixed storage the handlers read. Written only while handlers are not installed.
    struct State {
        var ttyFD: Int32 = -1
        var wakeFD: Int32 = -1
        var savedModes = termios()
        var restoreBytes: UnsafeMutablePointer<UInt8> = .allocate(capacity: capacity)
        var restoreCount = 0
        /// "…: crash report in FILE", written to standard error by a crash; empty: nothing.
        var crashMessage: UnsafeMutablePointer<UInt8> = .allocate(capacity: capacity)
        var crashMessageCount = 0
        /// The actions in place before we installed ours, indexed by signal number.
        var previous: UnsafeMutablePointer<sigaction> = .allocate(capacity: 65)
        /// Which signals have our handler now (so `disarm` puts back only those).
        var installed: UnsafeMutablePointer<Bool> = .allocate(capacity: 65)
        static let capacity = 1024
    }

    /// Allocated on first use (before any handler exists), never freed.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        pointer.pointee.previous.initialize(repeating: sigaction(), count: 65)
        pointer.pointee.installed.initialize(repeating: false, count: 65)
        return pointer
    }()

    /// True while the terminal is in curses mode and the crash path should restore it.
    static let armed = Atomic<Bool>(false)
    /// The termination signal waiting for the loop, or 0.
    static let pendingSignal = Atomic<Int32>(0)
    static let resizePending = Atomic<Bool>(false)
    static let suspendPending = Atomic<Bool>(false)
    static let continuePending = Atomic<Bool>(false)
    private static let crashHandlersInstalled = Atomic<Bool>(false)
    private static let atExitRegistered = Atomic<Bool>(false)

    /// Records the actions in place now for the termination and loop signals, to be put
    /// back by `disarm` and used by `reraise`. Call before curses starts: ncurses installs
    /// handlers of its own for some of these signals, and the ones to return to are the
    /// program's.
    static func saveOriginalActions() {
        ChildProcessGroups.prepare()
        for sig in terminationSignals + loopSignals where !state.pointee.installed[Int(sig)] {
            _ = sigaction(sig, nil, &state.pointee.previous[Int(sig)])
        }
    }

    /// Installs the crash handlers, once per process: `CrashReport.prepare` calls this at
    /// start-up so that a crash before or after the session is reported the same way.
    /// `message`: what a crash writes to standard error (where the report goes).
    static func installCrashHandlers(message: String? = nil) {
        if let message {
            let bytes = Array(message.utf8.prefix(State.capacity))
            for (i, byte) in bytes.enumerated() { state.pointee.crashMessage[i] = byte }
            state.pointee.crashMessageCount = bytes.count
        }
        guard !crashHandlersInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Made now, not on first use inside a handler.
        _ = ChildProcessGroups.isEmpty
        ensureAlternateSignalStack()
        for sig in crashSignals {
            _ = sigaction(sig, nil, &state.pointee.previous[Int(sig)])
            install(sig, handler: crashHandler)
        }
    }

    /// Saves what the crash path needs and installs every handler. `restore` is the byte
    /// sequence that undoes curses' screen modes.
    static func arm(ttyFD: Int32, savedModes: termios, restore: [UInt8], wakeFD: Int32) {
        let s = state
        s.pointee.ttyFD = ttyFD
        s.pointee.wakeFD = wakeFD
        s.pointee.savedModes = savedModes
        let count = min(restore.count, State.capacity)
        for i in 0..<count { s.pointee.restoreBytes[i] = restore[i] }
        s.pointee.restoreCount = count
        pendingSignal.store(0, ordering: .sequentiallyConsistent)
        resizePending.store(false, ordering: .sequentiallyConsistent)
        suspendPending.store(false, ordering: .sequentiallyConsistent)
        continuePending.store(false, ordering: .sequentiallyConsistent)
        armed.store(true, ordering: .sequentiallyConsistent)

        installCrashHandlers()
        // The Swift runtime's backtracer handles SIGQUIT; ours comes first while the session
        // runs. Real-time signals a library uses keep their handler.
        for sig in namedTerminationSignals where !isIgnored(sig) { install(sig, handler: terminationHandler) }
        for sig in realTimeSignals where isDefault(sig) { install(sig, handler: terminationHandler) }
        if !isIgnored(SIGTSTP) { install(SIGTSTP, handler: suspendHandler) }
        install(SIGCONT, handler: continueHandler)
        install(SIGWINCH, handler: resizeHandler)

        // A path that skips `close()` entirely (exit() called from app code) still gets
        // the terminal back.
        if !atExitRegistered.exchange(true, ordering: .sequentiallyConsistent) {
            atexit { SignalGuard.restoreTerminalRaw() }
        }
    }

    /// Puts back the previous handlers of the termination and loop signals. The crash
    /// handlers stay (they only restore the terminal while one is armed).
    static func disarm() {
        armed.store(false, ordering: .sequentiallyConsistent)
        for sig in terminationSignals + loopSignals where state.pointee.installed[Int(sig)] {
            _ = sigaction(sig, &state.pointee.previous[Int(sig)], nil)
            state.pointee.installed[Int(sig)] = false
        }
        state.pointee.wakeFD = -1
    }

    /// The termination signal that arrived since the last call, if any.
    static func takePendingSignal() -> Int32? {
        let sig = pendingSignal.exchange(0, ordering: .sequentiallyConsistent)
        return sig == 0 ? nil : sig
    }

    static func takeResize() -> Bool { resizePending.exchange(false, ordering: .sequentiallyConsistent) }
    static func takeSuspend() -> Bool { suspendPending.exchange(false, ordering: .sequentiallyConsistent) }
    static func takeContinue() -> Bool { continuePending.exchange(false, ordering: .sequentiallyConsistent) }

    /// Stops the process the way the terminal's suspend key would: SIGTSTP to the whole
    /// process group under its default action (a pipeline feeding us stops with us). Returns
    /// once a SIGCONT resumed it. The terminal must already be restored (`Terminal.suspend`).
    static func stopProcess() {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        var ours = sigaction()
        _ = sigaction(SIGTSTP, &defaultAction, &ours)
        // Delivered before kill returns (it is not blocked here): the process stops on this line.
        _ = kill(0, SIGTSTP)
        _ = sigaction(SIGTSTP, &ours, nil)
        // The SIGCONT that woke us is ours; nothing else to redraw for.
        _ = continuePending.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` with SIGINT and SIGQUIT ignored, as `system(3)` does while a command has
    /// the terminal (`execute`): the keyboard's Ctrl-C ends the command, not the session.
    static func ignoringInterrupts<T>(_ body: () -> T) -> T {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var saved = [sigaction(), sigaction()]
        _ = sigaction(SIGINT, &ignore, &saved[0])
        _ = sigaction(SIGQUIT, &ignore, &saved[1])
        defer {
            _ = sigaction(SIGINT, &saved[0], nil)
            _ = sigaction(SIGQUIT, &saved[1], nil)
        }
        return body()
    }

    /// Whether `sig` is under its default action as the program left it (not ignored, and
    /// not handled by something else).
    private static func isDefault(_ sig: Int32) -> Bool {
        // SIG_DFL is the null handler; SIG_IGN and real handlers are not.
        state.pointee.previous[Int(sig)].__sigaction_handler.sa_handler == nil
    }

    /// Whether the program was started with `sig` ignored (`nohup`, a background job).
    private static func isIgnored(_ sig: Int32) -> Bool {
        let action = state.pointee.previous[Int(sig)]
        guard action.sa_flags & SA_SIGINFO == 0, let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
    }

    static func install(
        _ sig: Int32,
        handler: @escaping @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
    ) {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        _ = sigaction(sig, &action, nil)
        state.pointee.installed[Int(sig)] = true
        // A parent may have left the signal blocked (masks survive exec); the handler is
        // useless unless the loop's thread can receive it.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, sig)
        _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// A stack overflow reports SIGSEGV on the very stack that is full; the crash handler
    /// can only run on an alternate stack. Set one up for this thread if there is none.
    private static func ensureAlternateSignalStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        guard let memory = malloc(size) else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        _ = sigaltstack(&stack, nil)
    }
}
