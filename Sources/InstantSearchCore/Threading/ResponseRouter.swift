/// Something that receives backend deliveries on the owner thread (a searcher).
public protocol DeliveryReceiver: AnyObject {
    func receive(_ delivery: Delivery)
}

/// Owns the mailbox and hands each delivery to the searcher that asked for it.
///
/// Lives on the owner thread. An event loop calls `deliverPending()` when the mailbox's
/// wake closure fires; a test calls it after the backend has answered.
///
/// It also says when the requests sent on the owner thread start: at once, or, when
/// `holdsRequests` is set, at `startHeldRequests()`. The terminal's loop holds them until the
/// end of each turn, so a key's echo is drawn before the key's search takes every core.
public final class ResponseRouter {
    public let mailbox: Mailbox
    /// Whether a request's work waits for `startHeldRequests()` (it is running all the same:
    /// its searcher is searching, and it can be cancelled, then never starts).
    public var holdsRequests = false
    /// A request whose backend can answer on the calling thread (`Searchable.searchSynchronously`)
    /// runs on the owner thread, where it was sent, when its searcher's last backend call took at
    /// most this; nil: every request runs on another thread. A search of a small list takes
    /// microseconds, and the hand-off to another thread and back would cost more than the
    /// search (`--profile`'s backend step shows both).
    /// A call slower than the budget sends the next ones back to another thread, where a newer
    /// key can cancel them.
    public var inlineBudget: Duration?
    private var receivers: [Int: Weak] = [:]
    private var nextID = 0
    private var heldRequests: [() -> Void] = []

    private struct Weak {
        weak var receiver: (any DeliveryReceiver)?
    }

    /// `wake` and `observe`: the mailbox's (see `Mailbox`).
    public init(wake: @escaping @Sendable () -> Void = {}, observe: (@Sendable (Delivery) -> Void)? = nil) {
        mailbox = Mailbox(wake: wake, observe: observe)
    }

    /// Registers a receiver and returns the recipient number its requests carry.
    public func register(_ receiver: any DeliveryReceiver) -> Int {
        nextID += 1
        receivers[nextID] = Weak(receiver: receiver)
        return nextID
    }

    /// Runs `start` (which starts a request's work) now, or at `startHeldRequests()`.
    func start(_ start: @escaping () -> Void) {
        if holdsRequests { heldRequests.append(start) } else { start() }
    }

    /// Whether a request whose searcher's last backend call took `lastWorkTime` (nil: none
    /// yet) runs on the owner thread (see `inlineBudget`).
    func runsInline(after lastWorkTime: Duration?) -> Bool {
        guard let inlineBudget, let lastWorkTime else { return false }
        return lastWorkTime <= inlineBudget
    }

    /// Starts the requests held since the last call, oldest first.
    public func startHeldRequests() {
        guard !heldRequests.isEmpty else { return }
        let held = heldRequests
        heldRequests = []
        held.forEach { $0() }
    }

    /// Hands every pending delivery to its receiver; returns how many there were.
    @discardableResult
    public func deliverPending() -> Int {
        let deliveries = mailbox.drain()
        for delivery in deliveries {
            receivers[delivery.recipient]?.receiver?.receive(delivery)
        }
        return deliveries.count
    }
}
