import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The process groups of the commands this process started (each command runs in a group of
/// its own) and has not reaped yet, kept where a signal handler can read them. When the session
/// ends, for whatever reason — quit, a signal, the terminal closing, a crash — each group gets
/// SIGTERM, then SIGKILL once `grace` has passed: no command outlives us.
///
/// A fixed table of atomics, so that `register`, `forget` and the signal handler's
/// `endFromSignalHandler` need no lock and no allocation. A group is forgotten before its
/// leader is reaped, so a number the system may hand to another process is never signalled.
enum ChildProcessGroups {
    static let capacity = 64
    /// How long a command has to end after SIGTERM before SIGKILL. Computed, not stored: a
    /// stored static is made on first use (swift_once), and a second signal arriving while
    /// `endAll` makes it would enter that once again from `endFromSignalHandler` and spin there
    /// for ever, an orphan holding a core after its terminal closed.
    static var grace: Duration { .milliseconds(graceMilliseconds) }
    static var graceMilliseconds: Int { 300 }

    /// 0: a free slot.
    private static let slots: InlineArray<64, Atomic<Int32>> = InlineArray { _ in Atomic<Int32>(0) }
    private static let atExitRegistered = Atomic<Bool>(false)

    /// Notes a group just started. False when the table is full (the command still runs; its
    /// runner can still end it, the signal paths cannot).
    @discardableResult
    static func register(_ group: pid_t) -> Bool {
        if !atExitRegistered.exchange(true, ordering: .sequentiallyConsistent) {
            // exit() called from anywhere still ends the commands.
            atexit { ChildProcessGroups.endAll() }
        }
        for index in 0..<capacity where slots[index].compareExchange(expected: 0, desired: group, ordering: .sequentiallyConsistent).exchanged {
            return true
        }
        return false
    }

    /// Forgets `group`: its leader has ended and is about to be reaped.
    static func forget(_ group: pid_t) {
        for index in 0..<capacity where slots[index].compareExchange(expected: group, desired: 0, ordering: .sequentiallyConsistent).exchanged {
            return
        }
    }

    /// Makes the table before any signal handler may read it (its first use would otherwise
    /// be in the handler, inside swift_once).
    static func prepare() { _ = isEmpty }

    /// Whether any group is still registered.
    static var isEmpty: Bool { (0..<capacity).allSatisfy { slots[$0].load(ordering: .sequentiallyConsistent) == 0 } }

    /// SIGTERM to every group, SIGKILL to those still there after `grace`. Returns once every
    /// group is gone (forgotten by the thread that reaps it) or killed.
    static func endAll() {
        signalAll(SIGTERM)
        let deadline = ContinuousClock.now + grace
        while !isEmpty, ContinuousClock.now < deadline { pause(milliseconds: 5) }
        signalAll(SIGKILL)
    }

    /// `endAll` from a signal handler: async-signal-safe (atomics, kill, nanosleep).
    static func endFromSignalHandler() {
        signalAll(SIGTERM)
        let steps = graceMilliseconds / 5
        for _ in 0..<steps where !isEmpty { pause(milliseconds: 5) }
        signalAll(SIGKILL)
    }

    private static func signalAll(_ signal: Int32) {
        for index in 0..<capacity {
            let group = slots[index].load(ordering: .sequentiallyConsistent)
            if group > 0 {
                _ = kill(-group, signal)
                // A stopped group acts on SIGTERM only once continued.
                if signal == SIGTERM { _ = kill(-group, SIGCONT) }
            }
        }
    }

    private static func pause(milliseconds: Int) {
        var time = timespec(tv_sec: 0, tv_nsec: milliseconds * 1_000_000)
        _ = nanosleep(&time, nil)
    }
}
