import CLibPQ
import Glibc

/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?KEY=VALUE&…]` (or `postgresql://`), read by
/// libpq itself (`PQconninfoParse`), so every parameter libpq knows means what it means to psql:
/// `?host=/path/to/dir` reaches the server over its Unix socket in that directory, `sslmode`
/// asks for TLS (`require`, `verify-ca`, `verify-full`) or leaves it out (`disable`).
public struct PostgresConnectionURL: Sendable, CustomStringConvertible {
    public var user: String
    public var password: String?
    /// The server's name or address; nil for libpq's default (its Unix socket).
    public var host: String?
    public var port: Int
    public var database: String
    public var socketDirectory: String?
    public var sslMode: String?
    /// Every parameter the URL gives, as libpq read it: what a connection is opened with.
    let parameters: [Parameter]

    struct Parameter: Sendable, Equatable {
        var keyword: String
        var value: String
    }

    /// What libpq accepts for `sslmode`, checked here so that a typo is said before connecting.
    public static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    public init(parsing text: String) throws {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw PostgresBackendError(
                "not a PostgreSQL URL: \(Self.withoutPassword(text)) (expected postgres://USER@HOST/DB)")
        }
        let pq = try LibPQ.get()
        var message: UnsafeMutablePointer<CChar>?
        guard let options = pq.conninfoParse(text, &message) else {
            let reason = message.map { String(cString: $0) } ?? "libpq could not read it"
            pq.freemem(message)
            throw PostgresBackendError(
                "not a PostgreSQL URL: \(Self.withoutPassword(text)) (\(PostgresBackendError.oneLine(reason)))")
        }
        defer { pq.conninfoFree(options) }
        var given: [Parameter] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { given.append(Parameter(keyword: String(cString: keyword), value: String(cString: value))) }
            option += 1
        }
        func value(_ keyword: String) -> String? { given.last { $0.keyword == keyword }?.value }

        if let mode = value("sslmode"), !Self.sslModes.contains(mode) {
            throw PostgresBackendError("sslmode=\(mode) in \(Self.withoutPassword(text)) is not one of \(Self.sslModes.joined(separator: ", "))")
        }
        if let port = value("port"), Int(port) == nil {
            throw PostgresBackendError("not a PostgreSQL URL: \(Self.withoutPassword(text)) (the port is not a number: \(port))")
        }
        user = value("user") ?? Self.environment("PGUSER") ?? Self.environment("USER") ?? "postgres"
        password = value("password")
        let hostValue = value("host").flatMap { $0.isEmpty ? nil : $0 }
        if let hostValue, hostValue.hasPrefix("/") {
            socketDirectory = hostValue
            host = nil
        } else {
            socketDirectory = nil
            host = hostValue
        }
        port = value("port").flatMap { Int($0) } ?? 5432
        database = value("dbname").flatMap { $0.isEmpty ? nil : $0 } ?? user
        sslMode = value("sslmode")
        parameters = given
    }

    /// The parameters a connection opens with: the URL's, then what every session of ours
    /// needs where the URL does not say: a connect timeout (a server that does not answer is
    /// said in seconds, not minutes), UTF-8 text, and pg_trgm's threshold — typo candidates
    /// come from its `<%` operator, whose default (0.6) misses one-typo prefixes of long words.
    var connectionParameters: [Parameter] {
        var all = parameters
        func add(_ keyword: String, _ value: String) {
            if !all.contains(where: { $0.keyword == keyword }) { all.append(Parameter(keyword: keyword, value: value)) }
        }
        add("connect_timeout", "5")
        add("client_encoding", "UTF8")
        add("application_name", "instantsearch")
        let threshold = "-c pg_trgm.word_similarity_threshold=0.3"
        if let position = all.firstIndex(where: { $0.keyword == "options" }) {
            all[position].value += " " + threshold
        } else {
            all.append(Parameter(keyword: "options", value: threshold))
        }
        return all
    }

    /// The URL without its password, for messages.
    public var description: String {
        let place = host ?? (socketDirectory == nil ? "" : "localhost")
        return "postgres://\(user)@\(place):\(port)/\(database)" + (socketDirectory.map { "?host=\($0)" } ?? "")
    }

    /// `text` with the password (between `user:` and `@`) left out: a URL that does not parse is
    /// quoted back to the person who typed it, never with the secret in it.
    static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.firstRange(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + String(text[at...])
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

public struct PostgresBackendError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// The server's SQLSTATE code, when the server gave the error.
    public let sqlState: String?

    public init(_ description: String, sqlState: String? = nil) {
        self.description = description
        self.sqlState = sqlState
    }

    /// libpq's messages run over several lines (a reason, then a tab-indented hint): one line.
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline)
            .map { line in
                let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
                var kept = line.trimmingPrefix(while: blank)
                while let last = kept.last, blank(last) { kept = kept.dropLast() }
                return String(kept)
            }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
