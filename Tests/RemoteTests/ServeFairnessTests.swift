import Glibc
import Synchronization
import Testing

@testable import HTTPServing
@testable import InstantSearchServer

/// Under load a request sent but not yet read is never closed as "idle", a
/// thousand partial heads do not lock newcomers out, and work stops when its client leaves.
/// The registry is driven directly, on socket pairs, with the reaper's clock passed in: no waits.
@Suite("serve: fairness under load")
struct ServeFairnessTests {
    static let timeouts = ConnectionRegistry.Timeouts(
        idle: .seconds(1), head: .seconds(1), body: .seconds(1), write: .seconds(1), linger: .seconds(1))

    /// A connected pair: the server's end (registered) and the client's.
    final class Pair: @unchecked Sendable {
        let server: Int32
        let client: Int32
        init() throws {
            var ends: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw HarnessError("socketpair") }
            (server, client) = (ends[0], ends[1])
        }
        func clientSends(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) } }
        /// Whether the server's end was shut down: the client reads an end of file.
        var shutDown: Bool {
            var byte: UInt8 = 0
            return recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }
        private var clientOpen = true
        func closeClient() {
            if clientOpen { _ = close(client) }
            clientOpen = false
        }
        deinit {
            _ = close(server)
            closeClient()
        }
    }

    @Test func aRequestWaitingToBeReadOutlivesTheIdleTimeout() throws {
        let registry = ConnectionRegistry(maxConnections: 10, timeouts: Self.timeouts)
        let queued = try Pair(), idle = try Pair()
        let queuedID = try #require(registry.admit(descriptor: queued.server))
        _ = try #require(registry.admit(descriptor: idle.server))
        queued.clientSends("GET /1/indexes HTTP/1.1\r\n\r\n")  // sent; the busy server has not read it
        let later = ContinuousClock.now + .seconds(5)
        #expect(registry.reap(now: later) == 1)
        #expect(idle.shutDown, "a connection that sent nothing is closed at its idle deadline")
        #expect(!queued.shutDown, "a sent request is never closed unanswered as idle")
        // Once read, the request's own deadlines apply again.
        registry.enter(queuedID, .head)
        #expect(registry.reap(now: later + .seconds(5)) == 1)
    }

    @Test func aFullServerMakesRoomFromPartialHeadsButNotFromQueuedRequests() throws {
        let registry = ConnectionRegistry(maxConnections: 2, timeouts: Self.timeouts)
        let queued = try Pair(), slow = try Pair(), newcomer = try Pair(), another = try Pair()
        _ = try #require(registry.admit(descriptor: queued.server))
        queued.clientSends("GET / HTTP/1.1\r\n\r\n")
        let slowID = try #require(registry.admit(descriptor: slow.server))
        registry.enter(slowID, .head)  // a slowloris: a head begun, never finished
        let newcomerID = try #require(registry.admit(descriptor: newcomer.server), "the partial head gives way")
        #expect(slow.shutDown && !queued.shutDown)
        registry.enter(newcomerID, .handling)
        #expect(registry.admit(descriptor: another.server) == nil, "a queued request and one being answered both stay")
        #expect(!queued.shutDown && !newcomer.shutDown)
        #expect(registry.counts.evicted == 1 && registry.counts.refused == 1)
    }

    @Test func workIsCancelledWhenItsClientLeaves() throws {
        let registry = ConnectionRegistry(maxConnections: 10, timeouts: Self.timeouts)
        let staying = try Pair(), leaving = try Pair()
        let cancelled = Mutex<[String]>([])
        let stayingID = try #require(registry.admit(descriptor: staying.server))
        let leavingID = try #require(registry.admit(descriptor: leaving.server))
        registry.handling(stayingID) { cancelled.withLock { $0.append("staying") } }
        registry.handling(leavingID) { cancelled.withLock { $0.append("leaving") } }
        staying.clientSends("GET / HTTP/1.1\r\n\r\n")  // a pipelined request: still wants answers
        registry.reap()
        #expect(cancelled.withLock { $0 }.isEmpty)
        leaving.closeClient()
        registry.reap()
        registry.reap()
        #expect(cancelled.withLock { $0 } == ["leaving"], "cancelled once, and only the one whose client left")
    }
}
