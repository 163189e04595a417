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

/// A burst of as-you-type searches — a fast typist, a paste — costs one request, sent
/// once the keys have been quiet for `delay`. Final searches go at once.
public final class DebouncedStrategy: RequestStrategy {
    private let debouncer: Debouncer

    /// A few milliseconds suit an in-process engine (results follow the last key within a
    /// frame); about 100 ms, InstantSearch's default, suits a remote backend.
    public init(delay: Duration, scheduler: any Scheduler) {
        debouncer = Debouncer(delay: delay, scheduler: scheduler)
    }

    public func performSearch(_ metadata: SearchMetadata, perform: @escaping () -> Void) {
        if metadata.isFinal {
            debouncer.cancel()
            perform()
        } else {
            debouncer.call(perform)
        }
    }

    public var modeDescription: String {
        "debounced \(Int(debouncer.delay.milliseconds)) ms"
    }
}
