/// Why a search is being asked for.
public struct SearchMetadata: Hashable, Sendable {
    /// As-you-type searches may be delayed or dropped; a final search (the user pressed
    /// Enter, or asked for the next page) always goes through.
    public var isFinal: Bool

    public init(isFinal: Bool = false) {
        self.isFinal = isFinal
    }

    public static let asYouType = SearchMetadata(isFinal: false)
    public static let final = SearchMetadata(isFinal: true)
}

/// Decides *when* a search runs: now, later, or never (InstantSearch's request strategy).
///
/// The searcher calls `performSearch` each time its query changes; the strategy calls
/// `perform` when — and if — it decides to. `perform` always sends the searcher's query as
/// it is at that moment, so a delayed call never sends stale text.
public protocol RequestStrategy: AnyObject {
    func performSearch(_ metadata: SearchMetadata, perform: @escaping () -> Void)

    /// Told when a request starts and ends (answered, or cancelled because a newer one
    /// answered first), for strategies that watch response times.
    func requestDidStart(sequence: Int)
    func requestDidFinish(sequence: Int, cancelled: Bool)

    /// A word or two for the stats line ("realtime", "debounced 8 ms").
    var modeDescription: String { get }
}

extension RequestStrategy {
    public func requestDidStart(sequence: Int) {}
    public func requestDidFinish(sequence: Int, cancelled: Bool) {}
}

/// Every search goes out at once.
public final class RealtimeStrategy: RequestStrategy {
    public init() {}

    public func performSearch(_ metadata: SearchMetadata, perform: @escaping () -> Void) {
        perform()
    }

    public var modeDescription: String { "realtime" }
}

/// Something that runs an action later, keeping only the newest: a `Debouncer` or a
/// `Throttler`.
public protocol ActionDelayer: AnyObject {
    func call(_ action: @escaping () -> Void)
    func cancel()
}

extension Debouncer: ActionDelayer {}
extension Throttler: ActionDelayer {}

/// As-you-type searches go through a delayer; final searches go at once and drop the one
/// waiting.
public class DelayingStrategy: RequestStrategy {
    private let delayer: any ActionDelayer
    private let describe: () -> String

    init(delayer: any ActionDelayer, describe: @escaping () -> String) {
        self.delayer = delayer
        self.describe = describe
    }

    public func performSearch(_ metadata: SearchMetadata, perform: @escaping () -> Void) {
        if metadata.isFinal {
            delayer.cancel()
            perform()
        } else {
            delayer.call(perform)
        }
    }

    public var modeDescription: String { describe() }
}

/// A burst of as-you-type searches — a fast typist, a paste — costs one request, sent
/// once the keys have been quiet for `delay`. A few milliseconds suit an in-process engine
/// (results follow the last key within a frame); about 100 ms, InstantSearch's default,
/// suits a remote backend.
public final class DebouncedStrategy: DelayingStrategy {
    public init(delay: Duration, scheduler: any Scheduler) {
        let debouncer = Debouncer(delay: delay, scheduler: scheduler)
        super.init(delayer: debouncer) { "debounced \(Int(debouncer.delay.milliseconds)) ms" }
    }
}

/// As-you-type searches go out at most once per interval (the newest query each time).
public final class ThrottledStrategy: DelayingStrategy {
    public init(interval: Duration, scheduler: any Scheduler) {
        let throttler = Throttler(interval: interval, scheduler: scheduler)
        super.init(delayer: throttler) { "throttled \(Int(throttler.interval.milliseconds)) ms" }
    }
}
