import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

/// `serve` against clients that hold connections: idle ones, a slowloris trickling a header
/// byte by byte. The server keeps answering, closes them by their deadlines, and never exits.
/// Short time-outs keep the tests quick; the waits below are generous bounds ("not hung").
@Suite("serve: idle and slow connections", .serialized)
struct ServeConnectionTests {
    static let idleCount = 2_000

    /// Idle connections outlive opening them all (a loaded machine is slow to open 2,000);
    /// a slow header is cut off well before.
    static func options(maxConnections: Int, idle: Duration = .seconds(10)) -> SearchServer.Options {
        .init(
            host: "127.0.0.1", port: 0, idleTimeout: idle, headerTimeout: .seconds(2), bodyTimeout: .seconds(2),
            maxConnections: maxConnections)
    }

    /// Each idle connection costs a descriptor here and one in the server (same process).
    static func connectionsThatFit() -> Int {
        min(idleCount, (raiseOpenFileLimit() - 200) / 2)
    }

    /// Sends a header a byte at a time, never ending it; returns whether the server cut it off
    /// within `seconds` (false: it was still open, the server let it live).
    static func slowloris(port: UInt16, seconds: Double = 20) throws -> Bool {
        let connection = try RawConnection.open(port: port)
        defer { connection.close() }
        guard connection.send("GET /1/indexes HTTP/1.1\r\nX-Slow: ") else { return true }
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            // A byte every 100 ms, unless the server closes the connection in the meantime.
            if connection.isClosedByPeer(within: 0.1) || !connection.send("a") { return true }
        }
        return false
    }

    @Test func holdsTwoThousandIdleConnectionsAndASlowlorisAndStillAnswers() async throws {
        // 2,000 where the hard open-file limit allows (it does here and on usual CI machines);
        // fewer otherwise, which proves the same with a smaller table.
        let count = Self.connectionsThatFit()
        try await withServer(options: Self.options(maxConnections: count + 50)) { server in
            let port = server.port
            let idle = try await offThread { try (0..<count).map { _ in try RawConnection.open(port: port) } }
            defer { idle.forEach { $0.close() } }
            let slowloris = Task { try await offThread { try Self.slowloris(port: port) } }

            // Every idle connection is held, and a real request is still answered beside them.
            let answer = try await offThread {
                let connection = try RawConnection.open(port: port)
                defer { connection.close() }
                connection.send(rawRequest("POST", "/1/indexes/products/query", body: #"{"query": "sony"}"#))
                return connection.readResponse()
            }
            #expect(answer?.status == 200)
            #expect(answer?.body.contains("\"nbHits\"") == true)
            #expect(await server.server.connectionCounts().open >= count)

            // The slow header is cut off by its deadline although bytes keep coming…
            #expect(try await slowloris.value, "the slowloris connection was never closed")
            // …and the idle connections are closed by theirs.
            // (Stops at the first one still open: each wait ends at the client's 20 s time-out.)
            let stillOpen = try await offThread { () -> Int in
                for (position, connection) in idle.enumerated() where !connection.readUntilClosed().closed {
                    return idle.count - position
                }
                return 0
            }
            #expect(stillOpen == 0, "idle connections still open")
            try await ServeLimitsTests.stillAnswers(server)
        }
    }

    @Test func aFullServerDropsItsLongestIdleConnectionForANewcomer() async throws {
        // A cap far below what the clients open: the server neither exits nor locks out a
        // real client; idle connections make room.
        let cap = 100
        try await withServer(options: Self.options(maxConnections: cap, idle: .seconds(15))) { server in
            let port = server.port
            let idle = try await offThread { try (0..<(cap * 3)).map { _ in try RawConnection.open(port: port) } }
            defer { idle.forEach { $0.close() } }
            try await ServeLimitsTests.stillAnswers(server)
            let counts = await server.server.connectionCounts()
            #expect(counts.evicted >= cap * 2 - 16)
            #expect(counts.open <= cap + max(16, cap / 8))
            // The first connections were the ones dropped.
            let first = try await offThread { idle[0].readUntilClosed().closed }
            #expect(first)
        }
    }
}
