import InstantSearchCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why a background load stopped (a bad record far into a file, an index file damaged past its
/// header) is shown on the stats line while the interface runs, where it may be cut short; it is
/// kept here and printed whole on standard error once the interface has closed, so that
/// nothing is lost with the screen; so are notices (the index cache passed 100 MB).
public final class LoadFailures: Sendable {
    private let failures = Mutex<[String]>([])

    public init() {}

    /// `loader`, with its failures kept.
    public func keeping(_ loader: any BackgroundLoading) -> any BackgroundLoading {
        Keeping(inner: loader, failures: self)
    }

    /// Prints each failure once, on its own line.
    public func printAll() {
        for failure in takeAll() { note(failure) }
    }

    /// The failures and notices kept so far, each once, in the order they came; kept no longer.
    public func takeAll() -> [String] {
        failures.withLock { all in
            defer { all = [] }
            return all
        }
    }

    private func record(_ failure: String) {
        failures.withLock { if !$0.contains(failure) { $0.append(failure) } }
    }

    private final class Keeping: BackgroundLoading {
        let inner: any BackgroundLoading
        let failures: LoadFailures

        init(inner: any BackgroundLoading, failures: LoadFailures) {
            self.inner = inner
            self.failures = failures
        }

        func start(report: @escaping @Sendable (LoadingProgress) -> Void) { inner.start(report: recording(report)) }

        func startToTheEnd(report: @escaping @Sendable (LoadingProgress) -> Void) { inner.startToTheEnd(report: recording(report)) }

        private func recording(_ report: @escaping @Sendable (LoadingProgress) -> Void) -> @Sendable (LoadingProgress) -> Void {
            { [failures] progress in
                if let failure = progress.failure { failures.record(failure) }
                if let notice = progress.notice { failures.record(notice) }
                report(progress)
            }
        }

        func cancel() { inner.cancel() }

        func waitUntilCached() { inner.waitUntilCached() }
    }
}
