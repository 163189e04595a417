import Foundation
import PostgresNIO

/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` (or `postgresql://`), the URL form libpq and
/// most tools accept; `?host=/path/to/dir` reaches the server over its Unix socket in that
/// directory. TLS is not negotiated: the backend is meant for loopback and private networks,
/// and `sslmode=require` in the URL is refused rather than silently ignored.
public struct PostgresConnectionURL: Sendable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var socketDirectory: String?

    public init(parsing text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
            ["postgres", "postgresql"].contains(scheme)
        else {
            throw PostgresBackendError("not a PostgreSQL URL: \(text) (expected postgres://USER@HOST/DB)")
        }
        let query = components.queryItems ?? []
        if let mode = query.first(where: { $0.name == "sslmode" })?.value, !["disable", "allow", "prefer"].contains(mode) {
            throw PostgresBackendError("sslmode=\(mode) is not supported: this backend connects without TLS")
        }
        user = components.user ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        password = components.password
        host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        port = components.port ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? user : path
        socketDirectory = query.first(where: { $0.name == "host" })?.value
    }

    public var configuration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let socketDirectory {
            configuration = PostgresClient.Configuration(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                database: database)
        } else {
            configuration = PostgresClient.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: .disable)
        }
        // Typo candidates come from pg_trgm's `<%` operator; its default threshold (0.6) misses
        // one-typo prefixes of long words, so each session lowers it.
        configuration.options.additionalStartupParameters = [("pg_trgm.word_similarity_threshold", "0.3")]
        configuration.options.maximumConnections = 8
        return configuration
    }

    /// The URL without its password, for messages.
    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)" + (socketDirectory.map { "?host=\($0)" } ?? "")
    }
}

public struct PostgresBackendError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
