#if canImport(Glibc)
import Glibc
#endif

/// `execute`'s command while it holds the terminal, waited for as a shell waits for a
/// foreground job: the terminal handed to its process group and back, its stops handled, and a
/// termination signal to us passed on to it.
enum ForegroundJob {
    /// Makes `group` the terminal's foreground. Done from the background too: SIGTTOU, which
    /// would stop us then, is blocked meanwhile.
    static func giveTerminal(_ tty: Int32, to group: pid_t) {
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTTOU)
        var saved = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &saved)
        _ = tcsetpgrp(tty, group)
        pthread_sigmask(SIG_SETMASK, &saved, nil)
    }

    /// Waits until `pid` ends; its exit status, nil when a signal ended it. `terminal`: the tty
    /// whose foreground `pid`'s own group is (nil: it runs in ours, stops are not ours to
    /// handle). Polled, a few times a second: a termination signal arriving just before a
    /// blocking wait would otherwise go unseen until the command ended by itself.
    static func wait(for pid: pid_t, terminal: Int32?) -> Int32? {
        var killAt: ContinuousClock.Instant?
        while true {
            var info = siginfo_t()
            let flags = WEXITED | WNOWAIT | WNOHANG | (terminal == nil ? 0 : WSTOPPED)
            if waitid(P_PID, id_t(pid), &info, flags) < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if info._sifields._sigchld.si_pid == 0 {
                // Still running: a termination signal for us ends it (the session ends next).
                if killAt == nil, SignalGuard.pendingSignal.load(ordering: .sequentiallyConsistent) != 0 {
                    signal(pid, owningGroup: terminal != nil, SIGTERM)
                    signal(pid, owningGroup: terminal != nil, SIGCONT)
                    killAt = ContinuousClock.now + ChildProcessGroups.grace
                } else if let deadline = killAt, ContinuousClock.now >= deadline {
                    signal(pid, owningGroup: terminal != nil, SIGKILL)
                }
                pause()
                continue
            }
            if info.si_code == CLD_STOPPED, let tty = terminal {
                resume(pid, stoppedBy: info._sifields._sigchld.si_status, tty: tty)
                continue
            }
            if terminal != nil { ChildProcessGroups.forget(pid) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
        }
    }

    /// After the job stopped: reading or setting the terminal before it was its foreground
    /// (SIGTTIN, SIGTTOU) it goes on at once; Ctrl-Z (SIGTSTP) or SIGSTOP stop us with it, as the
    /// shell's job, until `fg`, and it goes on then.
    private static func resume(_ pid: pid_t, stoppedBy stop: Int32, tty: Int32) {
        var consumed = siginfo_t()
        while waitid(P_PID, id_t(pid), &consumed, WSTOPPED) < 0 && errno == EINTR {}
        if stop != SIGTTIN && stop != SIGTTOU {
            giveTerminal(tty, to: getpgrp())
            SignalGuard.stopProcess()
        }
        giveTerminal(tty, to: pid)
        _ = kill(-pid, SIGCONT)
    }

    private static func signal(_ pid: pid_t, owningGroup: Bool, _ signal: Int32) {
        _ = kill(owningGroup ? -pid : pid, signal)
    }

    private static func pause() {
        var time = timespec(tv_sec: 0, tv_nsec: 50_000_000)
        _ = nanosleep(&time, nil)
    }
}
