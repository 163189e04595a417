import Dispatch
import Synchronization

/// A small pool of libpq connections with the one call the backend needs: SQL text, text
/// parameters, rows of text. Everything crosses as text (SQL casts where a type matters), so
/// one decoding path serves every statement and JSON keeps its exact form.
///
/// libpq's calls block: each statement runs on a Dispatch worker, never on Swift's cooperative
/// threads, and at most `limit` at once (the backend sends four side by side for one search).
/// A cancelled task's statement is stopped on the server (`PQcancel`), so a superseded
/// keystroke's query does not hold a connection until it ends.
public final class SQLSession: Sendable {
    public let url: PostgresConnectionURL
    private let idle = Mutex<[PostgresConnection]>([])
    private let slots: DispatchSemaphore

    public init(url: PostgresConnectionURL, limit: Int = 8) {
        self.url = url
        self.slots = DispatchSemaphore(value: limit)
    }

    /// Opens a connection: a server that is down, refuses the login or the TLS asked for is
    /// reported at once, in one line naming the URL's host and libpq's reason.
    public func check() async throws {
        try await run { _ in }
    }

    /// Closes the connections not in use (the session opens new ones if used again).
    public func close() {
        idle.withLock { $0.removeAll() }
    }

    /// Runs one statement; `$1`, `$2`, … are `parameters` (nil is NULL).
    @discardableResult
    public func rows(_ sql: String, _ parameters: [String?] = []) async throws -> [[String?]] {
        try await run { connection in try connection.rows(sql, parameters) }
    }

    /// Several statements in one transaction on one connection: all of them or none.
    public func transaction(_ statements: [(String, [String?])]) async throws {
        try await run { connection in
            try connection.rows("BEGIN")
            do {
                for (sql, parameters) in statements { try connection.rows(sql, parameters) }
                try connection.rows("COMMIT")
            } catch {
                _ = try? connection.rows("ROLLBACK")
                throw error
            }
        }
    }

    /// `work` on a pooled connection, on a Dispatch worker; the task's cancellation cancels
    /// the statement on the server and ends in CancellationError.
    private func run<T: Sendable>(_ work: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
        let ticket = StatementTicket()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try self.perform(work, ticket: ticket) })
                }
            }
        } onCancel: {
            // PQcancel opens a connection of its own: not on the thread that cancels.
            DispatchQueue.global().async { ticket.cancel() }
        }
    }

    private func perform<T>(_ work: (PostgresConnection) throws -> T, ticket: StatementTicket) throws -> T {
        if ticket.isCancelled { throw CancellationError() }
        slots.wait()
        defer { slots.signal() }
        let connection = try idle.withLock { $0.popLast() } ?? PostgresConnection(url: url)
        guard ticket.start(on: connection) else {
            idle.withLock { $0.append(connection) }
            throw CancellationError()
        }
        let outcome = Result { try work(connection) }
        ticket.finish()
        if connection.isReusable { idle.withLock { $0.append(connection) } }
        if ticket.isCancelled, case .failure = outcome { throw CancellationError() }
        return try outcome.get()
    }
}
