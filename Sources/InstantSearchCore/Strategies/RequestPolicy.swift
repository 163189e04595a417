/// Which request strategy to build (the choice a command line or a backend makes; the
/// strategy itself is made per searcher, on the searchers' scheduler).
public enum StrategyChoice: Hashable, Sendable {
    /// Every as-you-type search goes out at once.
    case realtime
    /// After the keys have been quiet this long: a burst of keys costs one search.
    case debounce(Duration)
    /// At most once per interval.
    case throttle(Duration)
    /// Realtime, throttled or manual, following the observed response times.
    case adaptive

    public func makeStrategy(scheduler: any Scheduler) -> any RequestStrategy {
        switch self {
        case .realtime: RealtimeStrategy()
        case .debounce(let delay): DebouncedStrategy(delay: delay, scheduler: scheduler)
        case .throttle(let interval): ThrottledStrategy(interval: interval, scheduler: scheduler)
        case .adaptive: AdaptiveNetworkStrategy(scheduler: scheduler)
        }
    }
}

/// How a backend is best asked while the user types: declared by the backend (see
/// `Searchable.requestPolicy`), so a front end picks the right defaults without knowing which
/// backend it talks to.
///
/// InstantSearch's performance guide debounces for the network: a request costs a round trip
/// (and, on a hosted service, money), so a burst of keys should cost one. An engine in the
/// same process answers faster than any debounce would wait, so it is asked on every key and
/// a newer key cancels the scan still running (fzf's model): the stale answer could never be
/// shown, and on a few cores it would only delay the fresh one.
public struct RequestPolicy: Hashable, Sendable {
    /// The strategy used unless the user chooses one.
    public var strategy: StrategyChoice
    /// The wait of a debounce chosen without saying how long.
    public var debounceDelay: Duration
    /// How many requests of one searcher may run at once; a newer one beyond that cancels the
    /// oldest (the `Sequencer`'s limit). 1: every new request cancels the one running.
    public var maxPendingRequests: Int
    /// Answers usually come within a frame, so a front end may hold the frame of a key for a
    /// moment to draw the key's echo and its results together (one frame, not two).
    public var answersWithinFrame: Bool

    public init(strategy: StrategyChoice, debounceDelay: Duration, maxPendingRequests: Int, answersWithinFrame: Bool) {
        precondition(maxPendingRequests > 0)
        self.strategy = strategy
        self.debounceDelay = debounceDelay
        self.maxPendingRequests = maxPendingRequests
        self.answersWithinFrame = answersWithinFrame
    }

    /// An engine in the process: every key searches, the stale scan is cancelled.
    public static let inProcess = RequestPolicy(
        strategy: .realtime, debounceDelay: .milliseconds(5), maxPendingRequests: 1, answersWithinFrame: true)

    /// A service over the network (Algolia's REST protocol, Elasticsearch, PostgreSQL):
    /// debounced at InstantSearch's 100 ms; answers may arrive out of order, up to 3 in flight.
    public static let network = RequestPolicy(
        strategy: .debounce(.milliseconds(100)), debounceDelay: .milliseconds(100), maxPendingRequests: 3,
        answersWithinFrame: false)
}
