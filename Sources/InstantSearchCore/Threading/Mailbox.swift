import Synchronization

/// What a backend call hands back to the thread that owns the searchers.
public struct Delivery: Sendable {
    public enum Payload: Sendable {
        case results([SearchResults])
        case facetValues(FacetSearchResults)
        /// The answers of a multi-search, in request order.
        case responses([SearchResponse])
        case failure(SearchFailure)
        /// The request was cancelled because a newer one answered first.
        case cancelled
        /// An index loading in the background moved on (see `LoadingStatus`).
        case loading(LoadingProgress)
    }

    public let recipient: Int
    public let sequence: Int
    public let payload: Payload
    /// How long the backend call itself took (nil: not timed), which says whether the next
    /// one may run on the owner thread (`ResponseRouter.inlineBudget`).
    public let workTime: Duration?

    public init(recipient: Int, sequence: Int, payload: Payload, workTime: Duration? = nil) {
        self.recipient = recipient
        self.sequence = sequence
        self.payload = payload
        self.workTime = workTime
    }
}

/// An error as it can cross threads and reach a stats line.
public struct SearchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public init(_ error: any Error) {
        if let failure = error as? SearchFailure { self = failure } else { message = String(describing: error) }
    }
    public var description: String { message }
}

/// The one place where work finished on other threads comes back.
///
/// Backend tasks `post` from any thread; the owner thread (the event loop) is woken through
/// `wake` and takes everything with `drain()`. Nothing else crosses threads, which is why
/// searchers, the hub and widgets need no locks.
public final class Mailbox: Sendable {
    private let pending = Mutex<[Delivery]>([])
    private let wake: @Sendable () -> Void
    private let observe: (@Sendable (Delivery) -> Void)?

    /// `observe`: sees each delivery as it is posted, on the posting thread (`--profile` times
    /// them there).
    public init(wake: @escaping @Sendable () -> Void = {}, observe: (@Sendable (Delivery) -> Void)? = nil) {
        self.wake = wake
        self.observe = observe
    }

    public func post(_ delivery: Delivery) {
        observe?(delivery)
        pending.withLock { $0.append(delivery) }
        wake()
    }

    public func drain() -> [Delivery] {
        pending.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }

    public var isEmpty: Bool { pending.withLock { $0.isEmpty } }
}
