/// At most one call per interval — the latest one — so throughput stays constant however
/// many calls come: a steady stream over a time T runs ⌈T / interval⌉ times.
///
/// The first call of a quiet period waits one interval too (trailing edge): whatever
/// arrives during it replaces the pending call, and only the newest runs.
public final class Throttler {
    /// May change between calls: the adaptive strategy follows the observed response time.
    public var interval: Duration
    private let scheduler: any Scheduler
    private var pendingAction: (() -> Void)?
    private var timer: ScheduledAction?

    public init(interval: Duration, scheduler: any Scheduler) {
        self.interval = interval
        self.scheduler = scheduler
    }

    public func call(_ action: @escaping () -> Void) {
        pendingAction = action
        guard timer == nil else { return }
        timer = scheduler.schedule(after: interval) { [weak self] in self?.fire() }
    }

    /// Drops the pending call, if any.
    public func cancel() {
        timer?.cancel()
        timer = nil
        pendingAction = nil
    }

    public var hasPendingCall: Bool { pendingAction != nil }

    private func fire() {
        timer = nil
        let action = pendingAction
        pendingAction = nil
        action?()
    }
}
