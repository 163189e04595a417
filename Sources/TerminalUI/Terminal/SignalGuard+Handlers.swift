#if canImport(Glibc)
import Glibc
#endif

/// The handlers themselves: async-signal-safe code only in this file (atomics, write,
/// tcsetattr, sigaction, raise, getpid; kill and nanosleep in `ChildProcessGroups`), reading
/// only `SignalGuard.state` and the table of child process groups.
extension SignalGuard {
    typealias Handler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// Writes the saved reset sequence and tty modes, once. Safe in a signal handler.
    static func restoreTerminalRaw() {
        guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        let s = state
        let fd = s.pointee.ttyFD
        guard fd >= 0 else { return }
        writeAll(fd, s.pointee.restoreBytes, s.pointee.restoreCount)
        _ = tcsetattr(fd, TCSANOW, &s.pointee.savedModes)
    }

    static let crashHandler: Handler = { sig, info, _ in
        SignalGuard.restoreTerminalRaw()
        ChildProcessGroups.endFromSignalHandler()
        // SI_USER, SI_QUEUE, SI_TKILL … (codes ≤ 0) from another process: not a crash of
        // ours, so no report; the signal's default action ends the process now. (Returning
        // to the runtime's handler would print a backtrace and carry on running.)
        if let info, info.pointee.si_code <= 0, info.pointee._sifields._kill.si_pid != getpid() {
            SignalGuard.raiseUnderDefaultAction(sig)
            return
        }
        let s = SignalGuard.state
        SignalGuard.writeAll(STDERR_FILENO, s.pointee.crashMessage, s.pointee.crashMessageCount)
        SignalGuard.reraise(sig)
    }

    static let terminationHandler: Handler = { sig, _, _ in
        let savedErrno = errno
        defer { errno = savedErrno }
        if SignalGuard.pendingSignal.compareExchange(expected: 0, desired: sig, ordering: .sequentiallyConsistent).exchanged {
            SignalGuard.poke()
        } else {
            // The loop never picked up the first signal: do not make the user wait. The
            // commands still end first.
            ChildProcessGroups.endFromSignalHandler()
            SignalGuard.restoreTerminalRaw()
            SignalGuard.raiseUnderDefaultAction(sig)
        }
    }

    static let suspendHandler: Handler = { _, _, _ in
        let savedErrno = errno
        defer { errno = savedErrno }
        SignalGuard.suspendPending.store(true, ordering: .sequentiallyConsistent)
        SignalGuard.poke()
    }

    static let continueHandler: Handler = { _, _, _ in
        let savedErrno = errno
        defer { errno = savedErrno }
        SignalGuard.continuePending.store(true, ordering: .sequentiallyConsistent)
        SignalGuard.poke()
    }

    static let resizeHandler: Handler = { _, _, _ in
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

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
        var offset = 0
        while offset < count {
            let n = write(fd, bytes + offset, count - offset)
            if n <= 0 { break }
            offset += n
        }
    }

    /// Ends the process the way `sig` does by default, as soon as the handler returns (the
    /// signal is blocked until then).
    private static func raiseUnderDefaultAction(_ sig: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        _ = sigaction(sig, &action, nil)
        _ = raise(sig)
    }

    /// Puts back the action from before we started and delivers `sig` again under it.
    /// The signal is blocked while its handler runs, so it arrives as soon as we return;
    /// for a fault, the faulting instruction then fails again under the old action.
    private static func reraise(_ sig: Int32) {
        _ = sigaction(sig, &state.pointee.previous[Int(sig)], nil)
        _ = raise(sig)
    }
}
