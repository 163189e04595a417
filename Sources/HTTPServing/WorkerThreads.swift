import Foundation

/// Threads of their own for the answers' work (searches, their JSON), one per core, taking
/// jobs in the order they come: the cooperative pool stays free for the sockets. When
/// searches ran there, a burst of them kept the accept loop and the poll of every socket
/// waiting behind hundreds of jobs — under 500 new connections at once, the last ones were
/// accepted seconds late.
public final class WorkerThreads: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    public init(count: Int = ProcessInfo.processInfo.activeProcessorCount, name: String) {
        for index in 0..<max(1, count) {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "\(name) \(index + 1)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs for the life of the process (the server's executor is never released).
    private func work() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            // The jobs taken are dropped in bulk once they are half of the list: amortised O(1).
            if next >= 1024 && next * 2 >= jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
