/// Response times of the last few requests, for the adaptive strategy
/// (InstantSearch Core's `ResponseTimeStats`).
///
/// The window holds the last `windowSize` requests. A request still running counts at its
/// elapsed time, so a slow network shows before its first response does. Requests that
/// finished more than `maxAge` ago are forgotten; cancelled ones say nothing about the
/// network and are dropped.
public final class ResponseTimeStats {
    public let windowSize: Int
    public let maxAge: Duration
    private let clock: any Scheduler
    private var samples: [Sample] = []

    private struct Sample {
        let sequence: Int
        let start: Duration
        var end: Duration?
    }

    public init(clock: any Scheduler, windowSize: Int = 5, maxAge: Duration = .seconds(20)) {
        self.clock = clock
        self.windowSize = windowSize
        self.maxAge = maxAge
    }

    public func requestDidStart(sequence: Int) {
        samples.append(Sample(sequence: sequence, start: clock.now))
    }

    public func requestDidFinish(sequence: Int, cancelled: Bool) {
        guard let position = samples.firstIndex(where: { $0.sequence == sequence }) else { return }
        if cancelled {
            samples.remove(at: position)
        } else {
            samples[position].end = clock.now
        }
    }

    /// The mean over the window, or nil when there is nothing to go on.
    public var averageResponseTime: Duration? {
        forgetOld()
        let window = samples.suffix(windowSize)
        guard !window.isEmpty else { return nil }
        let now = clock.now
        let total = window.reduce(Duration.zero) { $0 + (($1.end ?? now) - $1.start) }
        return total / window.count
    }

    /// When the oldest finished request in the window will be forgotten, if any.
    public var nextExpiry: Duration? {
        samples.compactMap(\.end).min().map { $0 + maxAge }
    }

    public var runningRequests: Int { samples.filter { $0.end == nil }.count }

    private func forgetOld() {
        let now = clock.now
        samples.removeAll { sample in sample.end.map { now - $0 >= maxAge } ?? false }
        if samples.count > windowSize * 4 { samples.removeFirst(samples.count - windowSize * 4) }
    }
}
