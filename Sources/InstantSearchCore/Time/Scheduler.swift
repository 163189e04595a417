/// Time as the searcher sees it: a monotonic "now" and one-shot timers.
///
/// Everything that waits — debouncing, throttling, the adaptive strategy's checks — goes
/// through a `Scheduler`, so tests drive it with a `ManualClock` and never sleep.
/// A scheduler and its timers belong to one thread (the event loop's).
public protocol Scheduler: AnyObject {
    /// Monotonic time since the scheduler's origin.
    var now: Duration { get }

    /// Runs `action` once, `delay` from now, on the scheduler's thread.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledAction
}

/// A timer that can still be called off.
public final class ScheduledAction {
    public private(set) var isCancelled = false
    public func cancel() { isCancelled = true }
    public init() {}
}

/// Timers kept in deadline order. An event loop asks for `nextDeadline` to bound its wait,
/// then calls `runDue()`; a `ManualClock` does the same when a test advances time.
public final class TimerQueue: Scheduler {
    private struct Entry {
        let deadline: Duration
        let order: Int
        let handle: ScheduledAction
        let action: () -> Void
    }

    private let clock: () -> Duration
    private var entries: [Entry] = []
    private var counter = 0

    public init(now clock: @escaping () -> Duration) {
        self.clock = clock
    }

    /// A queue on the system's monotonic clock.
    public static func system() -> TimerQueue {
        let origin = ContinuousClock.now
        return TimerQueue { ContinuousClock.now - origin }
    }

    public var now: Duration { clock() }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledAction {
        let handle = ScheduledAction()
        counter += 1
        let entry = Entry(deadline: now + max(delay, .zero), order: counter, handle: handle, action: action)
        let position =
            entries.firstIndex {
                ($0.deadline, $0.order) > (entry.deadline, entry.order)
            } ?? entries.endIndex
        entries.insert(entry, at: position)
        return handle
    }

    /// The earliest deadline of a timer still armed.
    public var nextDeadline: Duration? {
        entries.removeAll { $0.handle.isCancelled }
        return entries.first?.deadline
    }

    /// Runs every timer whose deadline has passed, in deadline order, including timers
    /// that those actions arm for a time already past.
    public func runDue() {
        while let first = entries.first, first.deadline <= now {
            entries.removeFirst()
            if !first.handle.isCancelled { first.action() }
        }
    }
}

/// A scheduler whose time moves only when a test says so.
public final class ManualClock: Scheduler {
    public private(set) var now: Duration = .zero
    private lazy var queue = TimerQueue { [unowned self] in self.now }

    public init() {}

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ScheduledAction {
        queue.schedule(after: delay, action)
    }

    /// Moves time forward, firing each timer at its own deadline.
    public func advance(by interval: Duration) {
        let target = now + interval
        while let deadline = queue.nextDeadline, deadline <= target {
            now = max(now, deadline)
            queue.runDue()
        }
        now = target
    }
}
