import InstantSearchCore
import PostgresBackend
import Testing

/// What libpq reports, as one line naming the server: a refused connection, a TLS the
/// server does not offer; and a statement cancelled on the server when its task is.
@Suite(.serialized) struct PostgresConnectionTests {
    /// No server listens on port 1 of the loopback: refused at once, whatever runs here.
    @Test func aRefusedConnectionIsOneLineNamingTheHost() async throws {
        let session = SQLSession(url: try PostgresConnectionURL(parsing: "postgres://me:secret@127.0.0.1:1/shop"))
        do {
            try await session.check()
            Issue.record("a connection to port 1 was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("cannot connect to PostgreSQL at postgres://me@127.0.0.1:1/shop: "), "\(message)")
            #expect(message.contains("Connection refused"), "\(message)")
            #expect(!message.contains("\n") && !message.contains("secret"), "\(message)")
        }
    }

    /// The throwaway server has no certificate: sslmode=require must fail, not fall back to plain text.
    @Test(needsServer) func requiringTLSOfAServerWithoutItFails() async throws {
        let url = try PostgresConnectionURL(parsing: try #require(postgresURL) + "?sslmode=require")
        let session = SQLSession(url: url)
        do {
            try await session.check()
            Issue.record("sslmode=require connected to a server without TLS")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("cannot connect to PostgreSQL at \(url): "), "\(message)")
            #expect(message.contains("SSL"), "\(message)")
            #expect(!message.contains("\n"), "\(message)")
        }
    }

    /// A superseded search's statement stops on the server: the task ends in CancellationError
    /// long before the statement would, and the server runs it no more.
    @Test(needsServer) func cancellingTheTaskCancelsTheStatementOnTheServer() async throws {
        let url = try PostgresConnectionURL(parsing: try #require(postgresURL))
        let session = SQLSession(url: url)
        let watcher = SQLSession(url: url)
        defer {
            session.close()
            watcher.close()
        }
        let marker = "instantsearch-cancel-\(UInt64.random(in: 0...UInt64.max))"
        let slow = Task { try await session.rows("SELECT pg_sleep(600), $1::text", [marker]) }
        let running = "SELECT count(*)::text FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(600)%' AND pid <> pg_backend_pid()"
        // Waits (bounded) until the server runs the statement, then cancels the task.
        var seen = false
        for _ in 0..<2_000 where !seen {
            seen = try await watcher.rows(running).first?.first == "1"
            if !seen { await Task.yield() }
        }
        try #require(seen, "the statement never ran")
        slow.cancel()
        await #expect(throws: CancellationError.self) { try await slow.value }
        #expect(try await watcher.rows(running).first?.first == "0", "the server still runs the cancelled statement")
        // The connection it ran on serves the next statement.
        #expect(try await session.rows("SELECT 'next'").first?.first == "next")
    }
}
