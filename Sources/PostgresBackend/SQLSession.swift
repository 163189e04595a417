import PostgresNIO

/// A connection pool with the one call the backend needs: SQL text, text parameters, rows of
/// text. Everything crosses as text (SQL casts where a type matters), so one decoding path
/// serves every statement and JSON keeps its exact form.
public final class SQLSession: Sendable {
    public let url: PostgresConnectionURL
    private let client: PostgresClient
    private let runner: Task<Void, Never>

    public init(url: PostgresConnectionURL) {
        self.url = url
        let client = PostgresClient(configuration: url.configuration)
        self.client = client
        // The pool only hands out connections while run() is running.
        self.runner = Task { await client.run() }
    }

    deinit { runner.cancel() }

    /// Opens one connection outside the pool and closes it: a server that is down or refuses
    /// the login is reported at once, in PostgreSQL's words, where the pool would retry for a
    /// minute and then report only that it gave up.
    public func check() async throws {
        var configuration: PostgresConnection.Configuration
        if let directory = url.socketDirectory {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: "\(directory)/.s.PGSQL.\(url.port)", username: url.user, password: url.password,
                database: url.database)
        } else {
            configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: .disable)
        }
        configuration.options.connectTimeout = .seconds(5)
        do {
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: 0, logger: Logger(label: "instantsearch.postgres"))
            try await connection.close()
        } catch let error as PSQLError {
            throw PostgresBackendError(Self.describe(error, url: url))
        }
    }

    /// Closes the pool's connections (the running task ends with it).
    public func close() { runner.cancel() }

    /// Runs one statement; `$1`, `$2`, … are `parameters` (nil is NULL).
    @discardableResult
    public func rows(_ sql: String, _ parameters: [String?] = []) async throws -> [[String?]] {
        var binds = PostgresBindings(capacity: parameters.count)
        for parameter in parameters {
            if let parameter { binds.append(parameter) } else { binds.appendNull() }
        }
        do {
            let sequence = try await client.query(PostgresQuery(unsafeSQL: sql, binds: binds))
            var result: [[String?]] = []
            for try await row in sequence {
                let cells = row.makeRandomAccess()
                result.append(try (0..<cells.count).map { try cells[$0].decode(String?.self) })
            }
            return result
        } catch let error as PSQLError {
            throw PostgresBackendError(Self.describe(error, url: url))
        } catch  where !(error is CancellationError) && !(error is PostgresBackendError) {
            // The pool reports a refused or timed-out connection as a circuit breaker tripping.
            throw PostgresBackendError("cannot reach PostgreSQL at \(url) (is it running, and listening on TCP?): \(error)")
        }
    }

    /// Several statements in one transaction on one connection: all of them or none.
    public func transaction(_ statements: [(String, [String?])]) async throws {
        do {
            try await client.withTransaction(logger: Logger(label: "instantsearch.postgres")) { connection in
                for (sql, parameters) in statements {
                    var binds = PostgresBindings(capacity: parameters.count)
                    for parameter in parameters {
                        if let parameter { binds.append(parameter) } else { binds.appendNull() }
                    }
                    try await connection.query(
                        PostgresQuery(unsafeSQL: sql, binds: binds), logger: Logger(label: "instantsearch.postgres"))
                }
            }
        } catch let error as PSQLError {
            throw PostgresBackendError(Self.describe(error, url: url))
        } catch let error as PostgresTransactionError {
            if let inner = (error.closureError ?? error.beginError ?? error.commitError) as? PSQLError {
                throw PostgresBackendError(Self.describe(inner, url: url))
            }
            throw PostgresBackendError("PostgreSQL transaction failed: \(error)")
        }
    }

    /// PSQLError's own description hides the server's message (so as not to leak data into
    /// logs); a person at a terminal needs it.
    static func describe(_ error: PSQLError, url: PostgresConnectionURL) -> String {
        if let message = error.serverInfo?[.message] {
            let hint = error.serverInfo?[.hint].map { " (\($0))" } ?? ""
            return "PostgreSQL: \(message)\(hint)"
        }
        if let underlying = error.underlying { return "cannot reach PostgreSQL at \(url): \(underlying)" }
        return "PostgreSQL at \(url): \(error.code)"
    }
}
