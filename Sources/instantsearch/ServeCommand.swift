import ArgumentParser
import InstantSearchCore
import InstantSearchServer
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `instantsearch serve`: the embedded indices over HTTP with Algolia's search REST protocol.
struct ServeCommand: ParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve indices over HTTP with Algolia's search REST protocol.",
        discussion: """
            Routes: POST /1/indexes/{index}/query, POST /1/indexes/*/queries (multi-query), \
            POST /1/indexes/{index}/facets/{facet}/query, POST /1/indexes/{index}/browse, \
            GET|PUT /1/indexes/{index}/settings, GET /1/indexes/{index}/task/{id}, the rules' \
            routes, GET /1/indexes. Requests carry X-Algolia-Application-Id and X-Algolia-API-Key; \
            without a valid key, or for an index the key does not open, the answer is 403.

            The admin key opens every index; --search-key KEY:products,categories opens only \
            those (KEY alone opens all). With no key at all, every request is allowed. Keep the \
            admin key off the command line (where `ps` shows it): --admin-key-file FILE, or the \
            INSTANTSEARCH_ADMIN_KEY environment variable.

            Limits: idle connections close after --idle-timeout; a request's head must arrive \
            within --header-timeout and its body within --body-timeout; at most \
            --max-connections at once (the longest idle one makes room; else 503). A request \
            line over 8 KiB gets 414, headers over 32 KiB 431, a body over --max-body-bytes \
            400; each of those closes the connection.

            Exit status: 2 for a malformed option, or a key file or data file that cannot be \
            used; 3 when the address cannot be listened on (already in use, no permission).
            """
    )

    @Argument(help: "Data files (.json, .ndjson, .csv) or index files from 'instantsearch index'; one index each.")
    var sources: [String]

    @Option(help: "Address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one; the line printed at start tells which).")
    var port: UInt16 = 7700

    @Option(
        name: .customLong("admin-key"),
        help: ArgumentHelp("A key that opens every index (visible in ps: prefer the file or INSTANTSEARCH_ADMIN_KEY).", valueName: "key"))
    var adminKey: String?

    @Option(name: .customLong("admin-key-file"), help: ArgumentHelp("Read the admin key from the first line of this file.", valueName: "path"))
    var adminKeyFile: String?

    @Option(name: .customLong("search-key"), help: ArgumentHelp("A search key, optionally limited to some indices.", valueName: "key[:index,index]"))
    var searchKeys: [String] = []

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Require this X-Algolia-Application-Id.", valueName: "id"))
    var appID: String?

    @Option(name: .customLong("max-body-bytes"), help: "Larger request bodies are refused with 400.")
    var maxBodyBytes = 1 << 20

    @Option(name: .customLong("max-answer-bytes"), help: "Answers whose JSON would be larger are refused with 400.")
    var maxAnswerBytes = 32 << 20

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Close a connection idle this long.", valueName: "seconds"))
    var idleTimeout: Double = 15

    @Option(name: .customLong("header-timeout"), help: ArgumentHelp("A request's head must arrive within this.", valueName: "seconds"))
    var headerTimeout: Double = 10

    @Option(name: .customLong("body-timeout"), help: ArgumentHelp("A request's body must arrive within this.", valueName: "seconds"))
    var bodyTimeout: Double = 30

    @Option(name: .customLong("max-connections"), help: "Connections open at once.")
    var maxConnections = 1000

    @Option(
        help: ArgumentHelp(
            "Query suggestions for every index (a JSON array or NDJSON of {\"query\", \"popularity\"} records), besides those counted from the local insights files; served as INDEX_query_suggestions.",
            valueName: "file"))
    var suggestions: String?

    @Flag(name: .customLong("no-suggestions"), help: "Serve no INDEX_query_suggestions indices.")
    var noSuggestions = false

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("Give one or more data or index files to serve.") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive.") }
        guard maxAnswerBytes > 0 else { throw ValidationError("--max-answer-bytes must be positive.") }
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be positive.") }
        if noSuggestions, suggestions != nil { throw ValidationError("--suggestions and --no-suggestions do not go together.") }
        for (name, value) in [("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout)] {
            guard value > 0, value <= 86_400 else { throw ValidationError("\(name) must be between 0 and 86400 seconds.") }
        }
        for key in searchKeys { _ = try parse(key) }
    }

    /// The server runs on Swift's cooperative threads until the process is stopped; this
    /// thread waits for it.
    func run() throws {
        // A server started by a thread that blocks signals (a Dispatch worker's spawn) inherits
        // its mask: the signals that stop a server must stop this one all the same.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&stopping, signal) }
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        let command = self
        try blocking { try await command.serve() }
    }

    private func serve() async throws {
        let service: SearchService
        let server: SearchServer
        do {
            let admin = try AdminKeySource.resolve(
                option: adminKey, file: adminKeyFile, environment: ProcessInfo.processInfo.environment)
            var keys = APIKeys(adminKey: admin, applicationID: appID)
            for text in searchKeys {
                let (key, indices) = try parse(text)
                keys.searchKeys[key] = indices
            }
            // Building the indices of large files takes a while before the server can listen:
            // a person at a terminal is told it is loading, not left before a silent one (the
            // listening line follows). Scripts reading standard error see only what went wrong.
            if isatty(STDERR_FILENO) == 1 {
                let shown = host.contains(":") ? "[\(host)]" : host
                let address = port == 0 ? "a free port of \(shown)" : "http://\(shown):\(port)"
                // Not "listening on" before it is: whatever waits for that line must not be told early.
                Self.warn("loading \(sources.count == 1 ? sources[0] : "\(sources.count) files")…; it will listen on \(address) once loaded")
            }
            let indices = try loadIndices()
            service = SearchService(backend: EmbeddedBackend(indices: indices + (try suggestionIndices(for: indices))), keys: keys)
            server = try SearchServer(
                service: service,
                options: .init(
                    host: host, port: port, maxBodyBytes: maxBodyBytes, idleTimeout: .seconds(idleTimeout),
                    headerTimeout: .seconds(headerTimeout), bodyTimeout: .seconds(bodyTimeout),
                    maxConnections: maxConnections, maxAnswerBytes: maxAnswerBytes, log: Self.warn))
        } catch let error as ServerError {
            Self.warn(error.message)
            throw ExitCode(2)
        } catch {
            Self.warn("\(error)")
            throw ExitCode(2)
        }
        if service.keys.isOpen {
            Self.warn("no admin key and no --search-key: every request is allowed")
        }
        let bound: UInt16
        do {
            bound = try await server.start()
        } catch {
            // ListenError says it plainly: "cannot listen on 127.0.0.1:7700: address already in use …"
            Self.warn("\(error)")
            throw ExitCode(Self.cannotListen)
        }
        let names = service.backend.indices.map(\.name).joined(separator: ", ")
        let shownHost = host.contains(":") ? "[\(host)]" : host
        // Scripts and tests read the port from this line (useful with --port 0).
        StandardError.write("instantsearch serve: listening on http://\(shownHost):\(bound) (indices: \(names))\n", to: STDOUT_FILENO)
        try await server.run()
    }

    /// The exit status when the address cannot be listened on (busy port, no permission).
    static let cannotListen: Int32 = 3

    @Sendable static func warn(_ message: String) {
        StandardError.write("instantsearch serve: \(message)\n")
    }

    private func parse(_ key: String) throws -> (String, Set<String>?) {
        do {
            let parsed = try APIKeys.parseSearchKey(key)
            return (parsed.key, parsed.indices)
        } catch let error as ServerError {
            throw ValidationError("--search-key: \(error.message)")
        }
    }

    /// Each index's query suggestions (`INDEX_query_suggestions`, Algolia's name), from the
    /// local insights files and `--suggestions`: counted in the index, those finding nothing left out.
    private func suggestionIndices(for indices: [SearchIndex]) throws -> [SearchIndex] {
        guard !noSuggestions else { return [] }
        let insights = InsightsFiles(environment: ProcessInfo.processInfo.environment)
        let sources = QuerySuggestionSources(
            insightsDirectory: insights?.directory, given: try suggestions.map(QuerySuggestionSources.readGiven) ?? [])
        let (byIndex, problems) = sources.suggestions(for: indices.map(\.name))
        if let insights, let note = problems.note(directory: insights.directory, what: "query suggestions") { Self.warn(note) }
        let taken = Set(indices.map(\.name))
        return indices.compactMap { index in
            guard let found = byIndex[index.name], !taken.contains(QuerySuggestion.indexName(for: index.name)) else { return nil }
            return SearchIndex.querySuggestions(for: index.name, found, countingHitsIn: index)
        }
    }

    /// One index per source, named after its file; two sources giving one name are refused.
    private func loadIndices() throws -> [SearchIndex] {
        var names = Set<String>()
        return try sources.map { path in
            guard FileManager.default.fileExists(atPath: path) else { throw DataError(file: path, message: "no such file") }
            let index = try SearchIndex.open(path: path)
            guard names.insert(index.name).inserted else {
                throw DataError(file: path, message: "another file already gives an index named \"\(index.name)\"")
            }
            return index
        }
    }
}
