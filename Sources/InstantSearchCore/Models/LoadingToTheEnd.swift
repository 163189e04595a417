import Dispatch
import Synchronization

/// Loaders run to their end before anything is searched: `--select-1` and `--exit-0` answer
/// without the interface, so their one search must see every record, not the first snapshot.
public enum LoadingToTheEnd {
    /// Starts every loader and returns once each has finished (or stopped at a failure).
    public static func run(_ loaders: [any BackgroundLoading]) {
        let group = DispatchGroup()
        for loader in loaders {
            group.enter()
            let finished = Finished()
            loader.start { progress in
                if progress.isFinished || progress.failure != nil, finished.first() { group.leave() }
            }
        }
        group.wait()
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
