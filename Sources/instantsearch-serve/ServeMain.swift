import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchServer
import SearchEngine

/// `instantsearch-serve` (also reached as `instantsearch serve`): the embedded indices over
/// HTTP with Algolia's search REST protocol. Its own executable so the TUI never links a server.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instantsearch serve",
        abstract: "Serve indices over HTTP with Algolia's search REST protocol.",
        discussion: """
            Routes: POST /1/indexes/{index}/query, POST /1/indexes/*/queries (multi-query), \
            POST /1/indexes/{index}/facets/{facet}/query, GET /1/indexes/{index}/settings, \
            GET /1/indexes. Requests carry X-Algolia-Application-Id and X-Algolia-API-Key; \
            without a valid key, or for an index the key does not open, the answer is 403.

            The admin key opens every index; --search-key KEY:products,categories opens only \
            those (KEY alone opens all). With no key at all, every request is allowed.
            """
    )

    @Argument(help: "Data files (.json, .ndjson, .csv) or index files from 'instantsearch index'; one index each.")
    var sources: [String]

    @Option(help: "Address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one; the line printed at start tells which).")
    var port: UInt16 = 7700

    @Option(name: .customLong("admin-key"), help: ArgumentHelp("A key that opens every index.", valueName: "key"))
    var adminKey: String?

    @Option(name: .customLong("search-key"), help: ArgumentHelp("A search key, optionally limited to some indices.", valueName: "key[:index,index]"))
    var searchKeys: [String] = []

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Require this X-Algolia-Application-Id.", valueName: "id"))
    var appID: String?

    @Option(name: .customLong("max-body-bytes"), help: "Larger request bodies are refused with 400.")
    var maxBodyBytes = 1 << 20

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("Give one or more data or index files to serve.") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive.") }
        for key in searchKeys { _ = try parse(key) }
    }

    func run() async throws {
        let service: SearchService
        let server: SearchServer
        do {
            var keys = APIKeys(adminKey: adminKey, applicationID: appID)
            for text in searchKeys {
                let (key, indices) = try parse(text)
                keys.searchKeys[key] = indices
            }
            service = SearchService(backend: EmbeddedBackend(indices: try loadIndices()), keys: keys)
            server = try SearchServer(
                service: service, options: .init(host: host, port: port, maxBodyBytes: maxBodyBytes))
        } catch {
            FileHandle.standardError.write(Data("instantsearch serve: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if service.keys.isOpen {
            FileHandle.standardError.write(Data("instantsearch serve: no --admin-key or --search-key: every request is allowed\n".utf8))
        }
        let task = Task { try await server.run() }
        do {
            try await server.waitUntilListening()
        } catch {
            task.cancel()
            FileHandle.standardError.write(Data("instantsearch serve: cannot listen on \(host):\(port): \(error)\n".utf8))
            throw ExitCode(2)
        }
        let bound = await server.boundPort() ?? port
        let names = service.backend.indices.map(\.name).joined(separator: ", ")
        let shownHost = host.contains(":") ? "[\(host)]" : host
        // Scripts and tests read the port from this line (useful with --port 0).
        FileHandle.standardOutput.write(Data("instantsearch serve: listening on http://\(shownHost):\(bound) (indices: \(names))\n".utf8))
        do {
            try await task.value
        } catch {
            FileHandle.standardError.write(Data("instantsearch serve: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    private func parse(_ key: String) throws -> (String, Set<String>?) {
        do {
            let parsed = try APIKeys.parseSearchKey(key)
            return (parsed.key, parsed.indices)
        } catch let error as ServerError {
            throw ValidationError("--search-key: \(error.message)")
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
