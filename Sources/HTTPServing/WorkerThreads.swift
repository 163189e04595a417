#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Threads of their own for the answers' work (searches, their JSON), one per core, taking
/// jobs in the order they come: the cooperative pool stays free for the sockets. When
/// searches ran there, a burst of them kept the accept loop and the poll of every socket
/// waiting behind hundreds of jobs — under 500 new connections at once, the last ones were
/// accepted seconds late.
public final class WorkerThreads: TaskExecutor, @unchecked Sendable {
    // POSIX threads, a mutex and a condition, allocated once and never moved (pthread objects
    // must keep their address), never freed: the server's executor lives as long as the process.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var next = 0

    public init(count: Int = ProcessInfo.processInfo.activeProcessorCount, name: String) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for index in 0..<max(1, count) {
            let worker = Worker(threads: self, name: "\(name) \(index + 1)")
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { context in
                    let worker = Unmanaged<Worker>.fromOpaque(context!).takeRetainedValue()
                    worker.run()
                    return nil
                }, Unmanaged.passRetained(worker).toOpaque())
            precondition(started == 0, "could not start a worker thread (\(started))")
            pthread_detach(thread)
        }
    }

    /// What a thread is handed: the pool it works for and its name.
    private final class Worker {
        let threads: WorkerThreads
        let name: String
        init(threads: WorkerThreads, name: String) {
            self.threads = threads
            self.name = name
        }
        func run() {
            // A thread's name is its comm file (debuggers and `top -H` show it; Linux keeps 15
            // bytes): pthread_setname_np writes it so, but Glibc's module does not declare it.
            let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if comm >= 0 {
                let bytes = Array(name.utf8.prefix(15))
                _ = bytes.withUnsafeBytes { Glibc.write(comm, $0.baseAddress, $0.count) }
                close(comm)
            }
            threads.work()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs jobs for the life of the process (the server's executor is never released).
    private func work() {
        while true {
            pthread_mutex_lock(mutex)
            while next == jobs.count { pthread_cond_wait(condition, mutex) }
            let job = jobs[next]
            next += 1
            // The jobs taken are dropped in bulk once they are half of the list: amortised O(1).
            if next >= 1024 && next * 2 >= jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            pthread_mutex_unlock(mutex)
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
