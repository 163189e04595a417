/// Receives the progress of indices loading in the background, through the router's mailbox
/// like any backend answer, so it is read and acted on by the hub's thread only.
///
/// A loader posts `Delivery(recipient: loading.recipient, payload: .loading(progress))` from
/// its own thread after the backend already searches the new snapshot; a new snapshot makes
/// the hub ask again for what is on screen.
public final class LoadingStatus: DeliveryReceiver {
    /// The latest progress of each index that loads in the background.
    public private(set) var progress: [String: LoadingProgress] = [:]
    public private(set) var recipient = 0
    private let mailbox: Mailbox
    private let onNewSnapshot: (String) -> Void

    init(router: ResponseRouter, onNewSnapshot: @escaping (String) -> Void) {
        mailbox = router.mailbox
        self.onNewSnapshot = onNewSnapshot
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
        if update.isNewSnapshot { onNewSnapshot(update.indexName) }
    }

    /// True while some index has records still to come.
    public var isLoading: Bool { progress.values.contains { !$0.isFinished } }
}
