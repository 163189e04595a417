import Dispatch
import Synchronization

/// Runs async work from synchronous code and waits for it: the command line before the event
/// loop starts (connecting to a remote service, reading its indices). The work runs on the
/// cooperative pool, never on the waiting thread, so waiting here blocks nothing it needs.
public func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<T, any Error>?>(nil)
    Task.detached {
        let result: Result<T, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
}
