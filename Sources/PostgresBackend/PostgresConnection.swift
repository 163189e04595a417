import CLibPQ
import Glibc
import Synchronization

/// One libpq connection, used by one thread at a time (the pool hands it out): statements
/// with their parameters sent apart from the SQL text (`PQexecParams`), rows as text, and a
/// cancel request (`PQcancel`) that another thread may send while a statement runs.
final class PostgresConnection: @unchecked Sendable {
    let url: PostgresConnectionURL
    private let pq: LibPQ
    private let handle: OpaquePointer
    private let canceller: OpaquePointer?

    /// Opens the connection; a server that is down, refuses the login or the TLS asked for is
    /// one line naming the URL (without its password) and libpq's reason.
    init(url: PostgresConnectionURL) throws {
        self.url = url
        let pq = try LibPQ.get()
        self.pq = pq
        let parameters = url.connectionParameters
        let keywords = parameters.map { strdup($0.keyword) } + [nil]
        let values = parameters.map { strdup($0.value) } + [nil]
        defer {
            for pointer in keywords + values { free(pointer) }
        }
        let opened = keywords.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { keywordList in
            values.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { valueList in
                pq.connectdbParams(keywordList.baseAddress, valueList.baseAddress, 0)
            }
        }
        guard let opened else { throw PostgresBackendError("cannot connect to PostgreSQL at \(url): out of memory") }
        guard pq.status(opened) == CONNECTION_OK else {
            let reason = PostgresBackendError.oneLine(pq.text(pq.errorMessage(opened)))
            pq.finish(opened)
            throw PostgresBackendError("cannot connect to PostgreSQL at \(url): \(reason)")
        }
        handle = opened
        canceller = pq.getCancel(opened)
    }

    deinit {
        if let canceller { pq.freeCancel(canceller) }
        pq.finish(handle)
    }

    /// PostgreSQL's type id of `text` (pg_type.oid, fixed since the first release).
    static let textType: Oid = 25

    /// Whether the connection can take the next statement: open, and outside any transaction.
    var isReusable: Bool { pq.status(handle) == CONNECTION_OK && pq.transactionStatus(handle) == PQTRANS_IDLE }

    /// Runs one statement; `$1`, `$2`, … are `parameters` (nil is NULL), never spliced into the SQL.
    @discardableResult
    func rows(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        // A C string ends at its first NUL: such a value would reach the server cut short.
        if parameters.contains(where: { $0?.utf8.contains(0) == true }) {
            throw PostgresBackendError("a value holds a NUL character, which PostgreSQL's text cannot")
        }
        let values = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { values.forEach { free($0) } }
        // Every parameter is declared text (the SQL casts where a type matters): the statement
        // then has as many parameters as are sent, and none of unknown type.
        let types = [Oid](repeating: Self.textType, count: values.count)
        let result = values.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { list in
            pq.execParams(handle, sql, Int32(list.count), types, list.baseAddress, nil, nil, 0)
        }
        guard let result else {
            throw PostgresBackendError("PostgreSQL at \(url): \(PostgresBackendError.oneLine(pq.text(pq.errorMessage(handle))))")
        }
        defer { pq.clear(result) }
        let status = pq.resultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else { throw Self.failure(result, url: url, pq: pq) }
        let columns = pq.nfields(result)
        return (0..<pq.ntuples(result)).map { row in
            (0..<columns).map { column in
                pq.getisnull(result, row, column) == 1 ? nil : pq.text(pq.getvalue(result, row, column))
            }
        }
    }

    /// Asks the server to stop the statement this connection runs (a no-op when none runs).
    /// libpq's PQcancel is meant to be called from another thread.
    func cancel() {
        guard let canceller else { return }
        var message = [CChar](repeating: 0, count: 256)
        _ = pq.cancel(canceller, &message, Int32(message.count))
    }

    /// The server's own words, as psql gives them; without them (a connection lost), libpq's.
    static func failure(_ result: OpaquePointer, url: PostgresConnectionURL, pq: LibPQ) -> PostgresBackendError {
        func field(_ code: Character) -> String? {
            pq.resultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
        }
        if let message = field("M") {
            let hint = field("H").map { " (\($0))" } ?? ""
            return PostgresBackendError("PostgreSQL: \(PostgresBackendError.oneLine(message))\(hint)", sqlState: field("C"))
        }
        return PostgresBackendError("PostgreSQL at \(url): \(PostgresBackendError.oneLine(pq.text(pq.resultErrorMessage(result))))")
    }
}

/// One statement's claim on a connection, for its task's cancellation: a cancel that comes
/// before the statement starts stops it from starting; one that comes while it runs sends
/// the server a cancel request; the connection goes back to the pool only after that request
/// is through, so it can never stop the next statement on the same connection.
final class StatementTicket: Sendable {
    private struct State {
        var running: PostgresConnection?
        var isCancelled = false
    }
    private let state = Mutex(State())

    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Marks the statement running on `connection`; false when it was cancelled already.
    func start(on connection: PostgresConnection) -> Bool {
        state.withLock { state in
            if state.isCancelled { return false }
            state.running = connection
            return true
        }
    }

    func finish() { state.withLock { $0.running = nil } }

    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            state.running?.cancel()
        }
    }
}
