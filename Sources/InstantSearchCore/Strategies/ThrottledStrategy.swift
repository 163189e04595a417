/// As-you-type searches go out at most once per interval (the newest query each time);
/// final searches go at once.
public final class ThrottledStrategy: RequestStrategy {
    private let throttler: Throttler

    public init(interval: Duration, scheduler: any Scheduler) {
        throttler = Throttler(interval: interval, scheduler: scheduler)
    }

    public func performSearch(_ metadata: SearchMetadata, perform: @escaping () -> Void) {
        if metadata.isFinal {
            throttler.cancel()
            perform()
        } else {
            throttler.call(perform)
        }
    }

    public var modeDescription: String { "throttled \(Int(throttler.interval.milliseconds)) ms" }
}
