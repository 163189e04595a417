#if canImport(Glibc)
import Glibc
#endif

/// Threads of their own, for work that must not hold a cooperative thread (loading a file,
/// watching it, reading a child's output): POSIX threads, detached, ending when their work does.
public enum Threads {
    /// Starts `body` on a new thread named `name` (what debuggers and `top -H` show; Linux keeps
    /// 15 bytes), with a stack of `stackSize` bytes: the default leaves room for deep recursion
    /// over a record's JSON.
    public static func start(named name: String, stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.run()
                return nil
            }, work)
        precondition(started == 0, "could not start the thread \(name) (\(String(cString: strerror(started))))")
    }

    /// Blocks the calling thread for `duration`, on the monotonic clock.
    public static func sleep(for duration: Duration) {
        let parts = duration.components
        var wait = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
    }

    private final class Work {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }

        func run() {
            // A thread's name is its comm file (pthread_setname_np writes it so, but Glibc's
            // module does not declare it).
            let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if comm >= 0 {
                let bytes = Array(name.utf8.prefix(15))
                _ = bytes.withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
                close(comm)
            }
            body()
        }
    }
}
