import Dispatch
import Synchronization

/// Loaders run to their end before anything is searched: `--select-1`, `--exit-0` and
/// `--filter` answer without the interface, so their search must see every record, not the
/// first snapshot.
public enum LoadingToTheEnd {
    /// Starts every loader and returns once each has finished (or stopped at a failure), with
    /// the failures, in the loaders' order.
    @discardableResult
    public static func run(_ loaders: [any BackgroundLoading]) -> [String] {
        let group = DispatchGroup()
        let failures = Mutex<[String?]>(Array(repeating: nil, count: loaders.count))
        for (position, loader) in loaders.enumerated() {
            group.enter()
            let finished = Finished()
            loader.startToTheEnd { progress in
                if let failure = progress.failure { failures.withLock { $0[position] = $0[position] ?? failure } }
                if progress.isFinished || progress.failure != nil, finished.first() { group.leave() }
            }
        }
        group.wait()
        return failures.withLock { $0.compactMap { $0 } }
    }

    /// A loader reports "finished" more than once (then "cached for next time"): counted once.
    private final class Finished: Sendable {
        private let seen = Mutex(false)

        func first() -> Bool {
            seen.withLock { seen in
                defer { seen = true }; return !seen
            }
        }
    }
}
