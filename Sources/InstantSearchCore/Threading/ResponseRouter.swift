/// Something that receives backend deliveries on the owner thread (a searcher).
public protocol DeliveryReceiver: AnyObject {
    func receive(_ delivery: Delivery)
}

/// Owns the mailbox and hands each delivery to the searcher that asked for it.
///
/// Lives on the owner thread. An event loop calls `deliverPending()` when the mailbox's
/// wake closure fires; a test calls it after the backend has answered.
public final class ResponseRouter {
    public let mailbox: Mailbox
    private var receivers: [Int: Weak] = [:]
    private var nextID = 0

    private struct Weak {
        weak var receiver: (any DeliveryReceiver)?
    }

    public init(wake: @escaping @Sendable () -> Void = {}) {
        mailbox = Mailbox(wake: wake)
    }

    /// Registers a receiver and returns the recipient number its requests carry.
    public func register(_ receiver: any DeliveryReceiver) -> Int {
        nextID += 1
        receivers[nextID] = Weak(receiver: receiver)
        return nextID
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
