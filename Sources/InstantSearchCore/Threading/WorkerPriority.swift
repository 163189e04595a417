import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The work a front end starts off its own thread (a search, the parts of a parallel scan)
/// runs below that thread, so a key's echo never waits for a core.
///
/// On two cores a search at 1.69M records keeps both busy for a few milliseconds (its scan is
/// split over every core); the echo of a key there came about 3 ms after the moment it was due,
/// the thread woken to draw it waiting, as far as can be told, for the scheduler to take a core
/// back from the scan. A worker thread with a higher nice value weighs less: the woken UI thread
/// takes the core at once, and the scan has the core whenever the UI is idle, nearly always.
///
/// On Linux the nice value is the calling thread's own (`setpriority` with `PRIO_PROCESS` and
/// 0 names the calling thread, not the process). A thread once lowered stays so (an
/// unprivileged process cannot raise a priority back): so only threads of the shared pool,
/// which only ever run background work, are lowered, never the main thread (the event loop's,
/// and the one that runs a command-line `query` or the parts of a scan it starts itself).
public enum WorkerPriority {
    /// How much lower than the process started at: nice 0 weighs 1024, nice 5 weighs 335 (the
    /// kernel's table), so a woken UI thread preempts a worker, while a worker still has most of
    /// a core when other programs compete (a larger step would starve the search under load).
    public static let niceStep: Int32 = 5

    /// The nice value workers run at: the process's own (read on the first use, from a thread
    /// not yet lowered) plus `niceStep`, within the system's bound of 19.
    public static let workerNice: Int32 = target(base: currentNice())

    /// The nice value a worker takes when the process runs at `base`.
    public static func target(base: Int32) -> Int32 { min(19, base + niceStep) }

    /// Lowers the calling thread to `workerNice`; a no-op where it already is (a pool thread
    /// runs many searches) and where the system has no per-thread priority. Call it first
    /// thing in work that runs on a pool thread.
    public static func lowerCurrentThread() {
        #if os(Linux)
        guard !Thread.isMainThread else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, workerNice)
        #endif
    }

    /// The calling thread's nice value (0 where it cannot be read).
    static func currentNice() -> Int32 {
        #if os(Linux)
        errno = 0
        let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        return errno == 0 ? value : 0
        #else
        return 0
        #endif
    }
}
