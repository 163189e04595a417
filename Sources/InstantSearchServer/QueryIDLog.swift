import InstantSearchCore
import Synchronization

/// The searches `serve` gave a `queryID` (`clickAnalytics: true`), so that the events naming
/// it are learnt for its query: the newest `capacity` of them, kept in a ring (a full ring
/// forgets the oldest; an event on a forgotten search is still accepted, and teaches nothing).
public final class QueryIDLog: Sendable {
    public struct Search: Hashable, Sendable {
        public var index: String
        public var query: String
    }

    public static let defaultCapacity = 10_000
    public let capacity: Int

    private struct State {
        var byID: [String: Search] = [:]
        var ring: [String] = []
        var next = 0
    }
    private let state = Mutex(State())

    public init(capacity: Int = QueryIDLog.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// A new queryID for a search of `query` in `index`, remembered.
    public func remember(index: String, query: String) -> String {
        let id = QueryID.make()
        state.withLock { state in
            if state.ring.count < capacity {
                state.ring.append(id)
            } else {
                state.byID[state.ring[state.next]] = nil
                state.ring[state.next] = id
                state.next = (state.next + 1) % capacity
            }
            state.byID[id] = Search(index: index, query: query)
        }
        return id
    }

    public func search(_ queryID: String) -> Search? { state.withLock { $0.byID[queryID] } }
}
