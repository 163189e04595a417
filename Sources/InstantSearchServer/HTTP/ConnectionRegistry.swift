#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Every open connection, what it is doing and until when it may do it.
///
/// Why one table and a reaper rather than a timer per read: a deadline covers a whole phase
/// (all of a request's head, all of its body), so a client trickling a byte a second cannot
/// keep renewing it; and closing 2,000 idle sockets costs one scan, not 2,000 tasks.
/// The reaper shuts a late socket down (it does not close it): the connection's pending
/// read or write wakes up with an end of file, and the connection closes its own descriptor
/// after leaving the table, so a descriptor number reused by the kernel is never touched.
final class ConnectionRegistry: Sendable {
    enum Phase: Sendable {
        /// Waiting for the first byte of a request (a new or a kept-alive connection).
        case idle
        case head, body, handling, writing
        /// The answer sent, the rest of what the client sends read and dropped before closing.
        case closing
    }

    struct Timeouts: Sendable {
        var idle: Duration
        var head: Duration
        var body: Duration
        var write: Duration
        var linger: Duration
    }

    private struct Entry {
        var descriptor: Int32
        var phase: Phase
        var deadline: ContinuousClock.Instant?
        var since: ContinuousClock.Instant
        /// Already shut down by the reaper or an eviction: no longer counted as idle.
        var doomed = false
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var evictions = 0
        var refusals = 0
    }

    let maxConnections: Int
    let timeouts: Timeouts
    private let state = Mutex(State())

    init(maxConnections: Int, timeouts: Timeouts) {
        self.maxConnections = maxConnections
        self.timeouts = timeouts
    }

    /// Takes a new connection in its idle phase, or nil when the table is full of connections
    /// that are all busy. When full, the connection idle the longest is shut down to make room
    /// (nginx does the same with its keep-alive connections): idle clients cannot lock others out.
    func admit(descriptor: Int32) -> Int? {
        let now = ContinuousClock.now
        return state.withLock { state in
            let live = state.entries.values.lazy.filter { !$0.doomed }.count
            if live >= maxConnections {
                guard Self.evictLongestIdle(&state) else {
                    state.refusals += 1
                    return nil
                }
            }
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(descriptor: descriptor, phase: .idle, deadline: now + timeouts.idle, since: now)
            return id
        }
    }

    /// Evicted connections leave the table when their tasks notice, each still holding its
    /// descriptor until then: past this many, the accept loop waits for them (the kernel
    /// queues newcomers) so a burst of evictions cannot run the process out of descriptors.
    var isCrowded: Bool {
        state.withLock { $0.entries.count >= maxConnections + max(16, maxConnections / 8) }
    }

    /// Frees a descriptor when accept fails for want of one: the longest idle connection goes.
    @discardableResult
    func evictLongestIdle() -> Bool {
        state.withLock { Self.evictLongestIdle(&$0) }
    }

    private static func evictLongestIdle(_ state: inout State) -> Bool {
        guard let (id, _) = state.entries.filter({ $0.value.phase == .idle && !$0.value.doomed }).min(by: { $0.value.since < $1.value.since })
        else { return false }
        state.entries[id]!.doomed = true
        state.evictions += 1
        _ = shutdown(state.entries[id]!.descriptor, Int32(SHUT_RDWR))
        return true
    }

    /// Starts a phase; its deadline runs from now (none while the service answers).
    func enter(_ id: Int, _ phase: Phase) {
        let now = ContinuousClock.now
        let deadline: ContinuousClock.Instant?
        switch phase {
        case .idle: deadline = now + timeouts.idle
        case .head: deadline = now + timeouts.head
        case .body: deadline = now + timeouts.body
        case .handling: deadline = nil
        case .writing: deadline = now + timeouts.write
        case .closing: deadline = now + timeouts.linger
        }
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            state.entries[id]!.phase = phase
            state.entries[id]!.deadline = deadline
            state.entries[id]!.since = now
        }
    }

    /// Called by the connection before it closes its descriptor.
    func remove(_ id: Int) {
        state.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// Shuts down every connection past its deadline; returns how many.
    @discardableResult
    func reap(now: ContinuousClock.Instant = .now) -> Int {
        state.withLock { state in
            var reaped = 0
            for (id, entry) in state.entries where !entry.doomed {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                state.entries[id]!.doomed = true
                _ = shutdown(entry.descriptor, Int32(SHUT_RDWR))
                reaped += 1
            }
            return reaped
        }
    }

    struct Counts: Sendable, Equatable {
        var open: Int
        var evicted: Int
        var refused: Int
    }

    var counts: Counts {
        state.withLock { Counts(open: $0.entries.count, evicted: $0.evictions, refused: $0.refusals) }
    }
}
