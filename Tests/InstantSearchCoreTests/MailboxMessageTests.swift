import InstantSearchCore
import Testing

/// Work that is no searcher's answer — a loader's progress — comes back the same one way:
/// posted to the mailbox from any thread, handled on the owner thread when it drains.
@Suite struct MailboxMessageTests {
    struct Progress: Sendable, Equatable {
        var loaded: Int
        var total: Int
    }

    @Test func aMessagePostedOffThreadReachesItsHandlerOnDelivery() async {
        let waking = WakingRouter()
        var seen: [Progress] = []
        let recipient = waking.router.register { delivery in
            if case .message(let value) = delivery.payload, let progress = value as? Progress { seen.append(progress) }
        }
        let mailbox = waking.router.mailbox
        await Task.detached {
            mailbox.post(Progress(loaded: 500, total: 2_000), to: recipient)
            mailbox.post(Progress(loaded: 2_000, total: 2_000), to: recipient)
        }.value
        #expect(seen.isEmpty, "nothing runs until the owner thread drains the mailbox")
        await waking.deliver(2)
        #expect(seen == [Progress(loaded: 500, total: 2_000), Progress(loaded: 2_000, total: 2_000)])
    }
}
