/// Orders a searcher's requests (InstantSearch's Sequencer): each gets a sequence number;
/// at most `maxPending` run at once (the oldest is cancelled to make room); when one
/// answers, every older one still running is cancelled; an answer older than the one shown
/// is never delivered, whatever order the network returns them in.
public final class Sequencer {
    public let maxPending: Int
    /// Requests cancelled, for the stats line.
    public private(set) var cancelledCount = 0
    private var pending: [(sequence: Int, cancel: () -> Void)] = []
    private var lastIssued = 0
    private var lastDelivered = 0

    public init(maxPending: Int = 3) {
        precondition(maxPending > 0)
        self.maxPending = maxPending
    }

    public var pendingCount: Int { pending.count }
    public var pendingSequences: [Int] { pending.map(\.sequence) }

    /// A number for the next request, newer than every one before.
    public func nextSequence() -> Int {
        lastIssued += 1
        return lastIssued
    }

    /// Records a request as running; `cancel` stops it. Cancels the oldest if over the limit.
    public func started(_ sequence: Int, cancel: @escaping () -> Void) {
        pending.append((sequence, cancel))
        while pending.count > maxPending { cancelPending(pending[0].sequence) }
    }

    /// Called when request `sequence` answered: true if its answer should be shown. Cancels
    /// every older request still running either way.
    public func shouldDeliver(_ sequence: Int) -> Bool {
        pending.removeAll { $0.sequence == sequence }
        for older in pending.map(\.sequence) where older < sequence { cancelPending(older) }
        guard sequence > lastDelivered else { return false }
        lastDelivered = sequence
        return true
    }

    /// Forgets a request that ended without an answer to show (it was cancelled).
    public func ended(_ sequence: Int) {
        pending.removeAll { $0.sequence == sequence }
    }

    private func cancelPending(_ sequence: Int) {
        guard let position = pending.firstIndex(where: { $0.sequence == sequence }) else { return }
        let request = pending.remove(at: position)
        cancelledCount += 1
        request.cancel()
    }
}
