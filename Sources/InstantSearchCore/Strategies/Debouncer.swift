/// Keeps the last call of a burst: it runs once `delay` has passed with no newer call.
///
/// Useful for any action fired in bursts — keystrokes, a slider being dragged.
public final class Debouncer {
    public let delay: Duration
    private let scheduler: any Scheduler
    private var pending: ScheduledAction?
    private var pendingAction: (() -> Void)?

    public init(delay: Duration, scheduler: any Scheduler) {
        self.delay = delay
        self.scheduler = scheduler
    }

    public func call(_ action: @escaping () -> Void) {
        pending?.cancel()
        pendingAction = action
        pending = scheduler.schedule(after: delay) { [weak self] in self?.flush() }
    }

    /// Runs the pending call now, if there is one.
    public func flush() {
        pending?.cancel()
        pending = nil
        let action = pendingAction
        pendingAction = nil
        action?()
    }

    public func cancel() {
        pending?.cancel()
        pending = nil
        pendingAction = nil
    }

    public var hasPendingCall: Bool { pendingAction != nil }
}
