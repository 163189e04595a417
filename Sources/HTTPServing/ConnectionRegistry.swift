import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every open connection, what it is doing and until when it may do it.
///
/// Why one table and a reaper rather than a timer per read: a deadline covers a whole phase
/// (all of a request's head, all of its body), so a client trickling a byte a second cannot
/// keep renewing it; and closing 2,000 idle sockets costs one scan, not 2,000 tasks.
/// The reaper shuts a late socket down (it does not close it): the connection's pending
/// read or write wakes up with an end of file, and the connection closes its own descriptor
/// after leaving the table, so a descriptor number reused by the kernel is never touched.
public final class ConnectionRegistry: Sendable {
    enum Phase: Sendable {
        /// Waiting for the first byte of a request (a new or a kept-alive connection).
        case idle
        case head, body, handling, writing
        /// The answer sent, the rest of what the client sends read and dropped before closing.
        case closing
    }

    /// Each phase's deadline, from the moment it starts: a phase's whole work (all of a
    /// request's head, all of its body) must be done within it, however the bytes trickle in.
    public struct Timeouts: Sendable {
        public var idle: Duration
        public var head: Duration
        public var body: Duration
        public var write: Duration
        public var linger: Duration

        public init(idle: Duration, head: Duration, body: Duration, write: Duration, linger: Duration) {
            self.idle = idle
            self.head = head
            self.body = body
            self.write = write
            self.linger = linger
        }
    }

    private struct Entry {
        var descriptor: Int32
        var phase: Phase
        var deadline: ContinuousClock.Instant?
        var since: ContinuousClock.Instant
        /// Already shut down by the reaper or an eviction: no longer counted as idle.
        var doomed = false
        /// While the service answers: stops that work when the client has gone.
        var cancelHandling: (@Sendable () -> Void)?
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var evictions = 0
        var refusals = 0
    }

    public let maxConnections: Int
    public let timeouts: Timeouts
    private let state = Mutex(State())

    public init(maxConnections: Int, timeouts: Timeouts) {
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
                guard Self.evictLongestIdle(&state) || Self.evictOldestPartialHead(&state) else {
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

    /// The connection waiting longest for a request, among those whose client has not sent
    /// one yet: a request already in the socket is queued for an answer, not idle.
    private static func evictLongestIdle(_ state: inout State) -> Bool {
        let idle = state.entries.filter { $0.value.phase == .idle && !$0.value.doomed }.sorted { $0.value.since < $1.value.since }
        guard let (id, _) = idle.first(where: { !Self.hasUnreadBytes($0.value.descriptor) }) else { return false }
        evict(id, &state)
        return true
    }

    /// With no idle connection left, the one that began its head longest ago goes: a head
    /// arrives in one packet from a real client, so 1,000 sockets trickling theirs (a
    /// slowloris) give way to newcomers instead of locking them out until their deadlines.
    private static func evictOldestPartialHead(_ state: inout State) -> Bool {
        guard let (id, _) = state.entries.filter({ $0.value.phase == .head && !$0.value.doomed }).min(by: { $0.value.since < $1.value.since })
        else { return false }
        evict(id, &state)
        return true
    }

    private static func evict(_ id: Int, _ state: inout State) {
        state.entries[id]!.doomed = true
        state.evictions += 1
        _ = shutdown(state.entries[id]!.descriptor, Int32(SHUT_RDWR))
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
            state.entries[id]!.cancelHandling = nil
            state.entries[id]!.phase = phase
            state.entries[id]!.deadline = deadline
            state.entries[id]!.since = now
        }
    }

    /// The service starts answering: no deadline, but `cancel` is called if the client leaves.
    func handling(_ id: Int, cancel: @escaping @Sendable () -> Void) {
        enter(id, .handling)
        state.withLock { state in state.entries[id]?.cancelHandling = cancel }
    }

    /// Called by the connection before it closes its descriptor.
    func remove(_ id: Int) {
        state.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// Shuts down every connection past its deadline, and cancels the work of those whose
    /// client has gone; returns how many were shut down.
    ///
    /// A connection "idle" past its deadline with bytes waiting in its socket is not idle: its
    /// client sent a request that the server, busy with others, has not read yet. It is never
    /// closed for that (the wait is the server's, not the client's); its head deadline runs
    /// from now instead, and is checked again the same way.
    @discardableResult
    func reap(now: ContinuousClock.Instant = .now) -> Int {
        state.withLock { state in
            var reaped = 0
            for (id, entry) in state.entries where !entry.doomed {
                if let cancel = entry.cancelHandling, Self.peerClosed(entry.descriptor) {
                    state.entries[id]!.cancelHandling = nil
                    cancel()
                    continue
                }
                guard let deadline = entry.deadline, deadline <= now else { continue }
                if entry.phase == .idle, Self.hasUnreadBytes(entry.descriptor) {
                    state.entries[id]!.deadline = now + timeouts.head
                    continue
                }
                state.entries[id]!.doomed = true
                _ = shutdown(entry.descriptor, Int32(SHUT_RDWR))
                reaped += 1
            }
            return reaped
        }
    }

    // MARK: Peeking at a socket

    /// Whether the client sent bytes the connection has not read yet.
    static func hasUnreadBytes(_ descriptor: Int32) -> Bool {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &count) == 0 && count > 0
    }

    /// Whether the client closed its side, with nothing left unread before the end (a
    /// pipelined request still to read means it may yet want the answer).
    static func peerClosed(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    public struct Counts: Sendable, Equatable {
        public var open: Int
        public var evicted: Int
        public var refused: Int
    }

    /// Open connections, and how many were closed to make room or refused for want of it.
    public var counts: Counts {
        state.withLock { Counts(open: $0.entries.count, evicted: $0.evictions, refused: $0.refusals) }
    }
}
