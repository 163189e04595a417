/// Receives the progress of indices loading in the background, through the router's mailbox
/// like any backend answer, so it is read and acted on by the hub's thread only.
///
/// A loader posts `Delivery(recipient: loading.recipient, payload: .loading(progress))` from
/// its own thread after the backend already searches the new snapshot; a new snapshot is
/// noted, and the hub asks again for what is on screen once the answers are delivered.
public final class LoadingStatus: DeliveryReceiver {
    /// The latest progress of each index that loads in the background.
    public private(set) var progress: [String: LoadingProgress] = [:]
    public private(set) var recipient = 0
    private let mailbox: Mailbox
    /// Indices with a new snapshot since the hub last asked (`takeNewSnapshots`), in order.
    private var newSnapshots: [String] = []

    init(router: ResponseRouter) {
        mailbox = router.mailbox
        recipient = router.register(self)
    }

    /// What a loader calls, from any thread.
    public var report: @Sendable (LoadingProgress) -> Void {
        let mailbox = mailbox
        let recipient = recipient
        return { mailbox.post(Delivery(recipient: recipient, sequence: 0, payload: .loading($0))) }
    }

    public func receive(_ delivery: Delivery) {
        guard case .loading(let update) = delivery.payload else { return }
        progress[update.indexName] = update
        if update.isNewSnapshot, !newSnapshots.contains(update.indexName) { newSnapshots.append(update.indexName) }
    }

    /// The indices whose data grew since the last call.
    func takeNewSnapshots() -> [String] {
        defer { newSnapshots = [] }
        return newSnapshots
    }

    /// True while some index has records still to come.
    public var isLoading: Bool { progress.values.contains { !$0.isFinished } }
}
