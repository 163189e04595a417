#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Signal handling for the terminal session. Two jobs:
///
/// * Termination signals (TERM, HUP, INT, QUIT) only record the signal and write a byte to
///   the event loop's wake pipe; the loop then leaves normally and restores the terminal
///   with curses itself. A second one while the first is still pending means the loop is
///   stuck: the terminal is then restored the hard way and the signal's default action
///   runs. SIGWINCH is recorded the same way so the loop resizes curses.
/// * Crash signals (SEGV, BUS, ILL, TRAP — Swift's fatalError on Linux —, ABRT, FPE) cannot
///   run curses code: the process is broken. The handler writes the terminfo strings saved
///   at startup (leave the alternate screen, show the cursor, reset attributes, leave
///   keypad mode) and puts back the tty modes saved before curses started, then re-raises
///   the signal under its previous action, so the exit status (and the Swift runtime's
///   crash report, if it installed a handler) still shows the crash.
///
/// Handlers only touch memory allocated here up front and call async-signal-safe functions
/// (write, tcsetattr, sigaction, raise). Global state because a signal handler is a plain
/// C function with no context; there is one terminal per process.
enum SignalGuard {
    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Fixed storage the handlers read. Written only while handlers are not installed.
    struct State {
        var ttyFD: Int32 = -1
        var wakeFD: Int32 = -1
        var savedModes = termios()
        var restoreBytes: UnsafeMutablePointer<UInt8> = .allocate(capacity: capacity)
        var restoreCount = 0
        /// The actions in place before we installed ours, indexed by signal number.
        var previous: UnsafeMutablePointer<sigaction> = .allocate(capacity: 65)
        static let capacity = 1024
    }

    /// Allocated on first use (in `arm`, before any handler exists), never freed.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        pointer.pointee.previous.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()

    /// True while the terminal is in curses mode and the crash path should restore it.
    static let armed = Atomic<Bool>(false)
    /// The termination signal waiting for the loop, or 0.
    static let pendingSignal = Atomic<Int32>(0)
    static let resizePending = Atomic<Bool>(false)
    private static let atExitRegistered = Atomic<Bool>(false)

    /// Records the signal actions in place now, to be put back by `disarm` and used by
    /// `reraise`. Call before curses starts: ncurses installs handlers of its own for
    /// some of these signals, and the ones to return to are the program's.
    static func saveOriginalActions() {
        for sig in crashSignals + terminationSignals + [SIGWINCH] {
            _ = sigaction(sig, nil, &state.pointee.previous[Int(sig)])
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
        armed.store(true, ordering: .sequentiallyConsistent)

        ensureAlternateSignalStack()
        for sig in crashSignals { install(sig, handler: crashHandler) }
        for sig in terminationSignals { install(sig, handler: terminationHandler) }
        install(SIGWINCH, handler: resizeHandler)

        // A path that skips `close()` entirely (exit() called from app code) still gets
        // the terminal back.
        if !atExitRegistered.exchange(true, ordering: .sequentiallyConsistent) {
            atexit { SignalGuard.restoreTerminalRaw() }
        }
    }

    /// Puts back the previous handlers; after this the crash path does nothing.
    static func disarm() {
        armed.store(false, ordering: .sequentiallyConsistent)
        for sig in crashSignals + terminationSignals + [SIGWINCH] {
            _ = sigaction(sig, &state.pointee.previous[Int(sig)], nil)
        }
        state.pointee.wakeFD = -1
    }

    /// The termination signal that arrived since the last call, if any.
    static func takePendingSignal() -> Int32? {
        let sig = pendingSignal.exchange(0, ordering: .sequentiallyConsistent)
        return sig == 0 ? nil : sig
    }

    static func takeResize() -> Bool {
        resizePending.exchange(false, ordering: .sequentiallyConsistent)
    }

    // MARK: Handlers (async-signal-safe code only below this line)

    private static func install(
        _ sig: Int32,
        handler: @escaping @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
    ) {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        _ = sigaction(sig, &action, nil)
        // A parent may have left the signal blocked (masks survive exec); the handler is
        // useless unless the loop's thread can receive it.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, sig)
        _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Writes the saved reset sequence and tty modes, once. Safe in a signal handler.
    static func restoreTerminalRaw() {
        guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        let s = state
        let fd = s.pointee.ttyFD
        guard fd >= 0 else { return }
        var offset = 0
        while offset < s.pointee.restoreCount {
            let n = write(fd, s.pointee.restoreBytes + offset, s.pointee.restoreCount - offset)
            if n <= 0 { break }
            offset += n
        }
        _ = tcsetattr(fd, TCSANOW, &s.pointee.savedModes)
    }

    private static let crashHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { sig, _, _ in
        SignalGuard.restoreTerminalRaw()
        SignalGuard.reraise(sig)
    }

    private static let terminationHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { sig, _, _ in
        let savedErrno = errno
        defer { errno = savedErrno }
        if SignalGuard.pendingSignal.compareExchange(expected: 0, desired: sig, ordering: .sequentiallyConsistent).exchanged {
            SignalGuard.poke()
        } else {
            // The loop never picked up the first signal: do not make the user wait.
            SignalGuard.restoreTerminalRaw()
            SignalGuard.reraise(sig)
        }
    }

    private static let resizeHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { _, _, _ in
        let savedErrno = errno
        defer { errno = savedErrno }
        SignalGuard.resizePending.store(true, ordering: .sequentiallyConsistent)
        SignalGuard.poke()
    }

    /// One byte into the wake pipe; a full pipe already means "wake up".
    private static func poke() {
        let fd = state.pointee.wakeFD
        guard fd >= 0 else { return }
        var byte: UInt8 = 2
        _ = write(fd, &byte, 1)
    }

    /// Puts back the action from before we started and delivers `sig` again under it.
    /// The signal is blocked while its handler runs, so it arrives as soon as we return;
    /// for a fault, the faulting instruction then fails again under the old action.
    private static func reraise(_ sig: Int32) {
        _ = sigaction(sig, &state.pointee.previous[Int(sig)], nil)
        _ = raise(sig)
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
