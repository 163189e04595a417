/// Watches response times and picks how to search (InstantSearch Core's adaptive network
/// strategy): realtime while responses are quick, throttled to the network's pace while
/// they are slow, and manual — as-you-type off, Enter searches — when they are very slow.
///
/// The mode is re-evaluated when a request starts, when it ends, at the thresholds while it
/// is still running (so the mode degrades before a slow response arrives), and when old
/// statistics expire (so it recovers when the network has been quiet).
public final class AdaptiveNetworkStrategy: RequestStrategy {
    public enum Mode: Hashable, Sendable {
        case realtime
        case throttled(Duration)
        case manual
    }

    public let stats: ResponseTimeStats
    /// Below this average, every search goes out at once.
    public let realtimeThreshold: Duration
    /// Above this average, as-you-type searching stops.
    public let manualThreshold: Duration
    /// The throttle never fires more often than this.
    public let minimumThrottle: Duration
    public private(set) var mode = Mode.realtime
    /// As-you-type searches dropped in manual mode.
    public private(set) var droppedSearches = 0

    private let scheduler: any Scheduler
    private let throttler: Throttler
    private var recoveryCheck: ScheduledAction?

    public init(
        stats: ResponseTimeStats, scheduler: any Scheduler, realtimeThreshold: Duration = .milliseconds(500),
        manualThreshold: Duration = .seconds(3), minimumThrottle: Duration = .milliseconds(500)
    ) {
        self.stats = stats
        self.scheduler = scheduler
        self.realtimeThreshold = realtimeThreshold
        self.manualThreshold = manualThreshold
        self.minimumThrottle = minimumThrottle
        throttler = Throttler(interval: minimumThrottle, scheduler: scheduler)
    }

    public convenience init(scheduler: any Scheduler) {
        self.init(stats: ResponseTimeStats(clock: scheduler), scheduler: scheduler)
    }

    public func performSearch(_ metadata: SearchMetadata, perform: @escaping () -> Void) {
        updateMode()
        if metadata.isFinal {
            throttler.cancel()
            perform()
            return
        }
        switch mode {
        case .realtime:
            perform()
        case .throttled(let delay):
            throttler.interval = delay
            throttler.call(perform)
        case .manual:
            throttler.cancel()
            droppedSearches += 1
        }
    }

    public func requestDidStart(sequence: Int) {
        stats.requestDidStart(sequence: sequence)
        for threshold in [realtimeThreshold, manualThreshold] {
            scheduler.schedule(after: threshold) { [weak self] in self?.updateMode() }
        }
    }

    public func requestDidFinish(sequence: Int, cancelled: Bool) {
        stats.requestDidFinish(sequence: sequence, cancelled: cancelled)
        updateMode()
    }

    public var modeDescription: String {
        switch mode {
        case .realtime: return "realtime"
        case .throttled(let delay): return "throttled \(Self.seconds(delay))"
        case .manual: return "manual: Enter searches"
        }
    }

    public var isAsYouTypeEnabled: Bool { mode != .manual }

    /// Re-reads the statistics and sets the mode.
    public func updateMode() {
        let average = stats.averageResponseTime ?? .zero
        if average < realtimeThreshold {
            mode = .realtime
        } else if average < manualThreshold {
            mode = .throttled(max(minimumThrottle, average))
        } else {
            mode = .manual
        }
        scheduleRecoveryCheck()
    }

    /// Without new requests the statistics only change when old ones expire: look again then.
    private func scheduleRecoveryCheck() {
        recoveryCheck?.cancel()
        recoveryCheck = nil
        guard mode != .realtime, let expiry = stats.nextExpiry else { return }
        recoveryCheck = scheduler.schedule(after: expiry - scheduler.now) { [weak self] in self?.updateMode() }
    }

    static func seconds(_ duration: Duration) -> String {
        let tenths = Int((duration.milliseconds / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
