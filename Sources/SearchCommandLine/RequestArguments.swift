import ArgumentParser
import InstantSearchCore

/// When and how searches go out, whatever the backend: the strategy (`--strategy`,
/// `--debounce`, `--throttle`), the answer cache, and a simulated latency to watch them work.
public struct RequestArguments: ParsableArguments, Sendable {
    @Option(
        parsing: .unconditional,
        help:
            "When as-you-type searches go out: realtime, debounce, throttle or adaptive (realtime, throttled or manual, following response times). Default: the backend's: realtime for files (every key, the stale search cancelled), debounce for --remote, --elasticsearch and --postgres."
    )
    public var strategy: StrategyName?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Debounce: wait this long after the last key (a paste costs one search); alone, chooses debounce. Default: 5 for files, 100 over the network.",
            valueName: "ms"))
    public var debounce: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Throttle: at most one search per interval; alone, chooses throttle. Default: 100.", valueName: "ms"))
    public var throttle: Int?

    @Option(
        name: .customLong("cache-ttl"), parsing: .unconditional,
        help: ArgumentHelp("Keep answers this long to serve repeated queries without a search.", valueName: "seconds"))
    public var cacheTTL = 120

    @Flag(name: .customLong("no-cache"), help: "Send every search to the backend.")
    public var noCache = false

    @Option(
        name: .customLong("simulate-latency"), parsing: .unconditional,
        help: ArgumentHelp("Delay every backend call (plus or minus a random jitter), to watch the strategies adapt.", valueName: "ms[:jitter-ms]"))
    public var simulateLatency: String?

    public init() {}

    public func validate() throws {
        if let problem = QueryLimits.check(debounce ?? 0, in: QueryLimits.milliseconds, option: "--debounce")
            ?? QueryLimits.check(throttle ?? 1, in: 1...QueryLimits.milliseconds.upperBound, option: "--throttle")
            ?? QueryLimits.check(cacheTTL, in: 1...86_400, option: "--cache-ttl")
        {
            throw ValidationError(problem)
        }
        if let simulateLatency, SimulatedLatency.parse(simulateLatency) == nil {
            throw ValidationError("--simulate-latency takes MS or MS:JITTER_MS, each at most 60000, e.g. 1500 or 1500:300.")
        }
    }

    /// `backend` behind the simulated latency, when one is asked for.
    public func delaying(_ backend: any Searchable) -> any Searchable {
        guard let simulateLatency, let (latency, jitter) = SimulatedLatency.parse(simulateLatency) else { return backend }
        return SimulatedLatency(wrapping: backend, latency: latency, jitter: jitter)
    }

    /// The strategy asked for, or nil for `policy`'s own (see `StrategyName.choice`).
    public func strategy(for policy: RequestPolicy) -> StrategyChoice? {
        StrategyName.choice(strategy, debounce: debounce, throttle: throttle, policy: policy)
    }

    /// How long answers are kept; nil: not at all.
    public var cacheTimeToLive: Duration? { noCache ? nil : .seconds(cacheTTL) }
}
