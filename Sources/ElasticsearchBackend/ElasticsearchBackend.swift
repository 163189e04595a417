import InstantSearchCore
import RemoteBackend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Elasticsearch or OpenSearch cluster behind the widgets, over plain HTTP.
///
/// Through RemoteBackend's HTTPTransport (libcurl) rather than an NIO client: the TUI's
/// executable links this target, and it must stay light to build (DESIGN "Build weight"). The mapping both ways lives in
/// `ElasticsearchRequest` and `ElasticsearchResponse`; this type only moves the documents.
public struct ElasticsearchBackend: SearchClient {
    public struct Request: Sendable {
        public var index: ElasticsearchIndex
        public var body: JSONValue
    }

    public let baseURL: URL
    public let indices: [String: ElasticsearchIndex]
    private let transport: HTTPTransport

    public init(baseURL: URL, indices: [ElasticsearchIndex]) {
        self.baseURL = baseURL
        self.indices = Dictionary(indices.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.transport = Self.transport(baseURL)
    }

    /// Connects to `baseURL` and reads each index's mapping to decide what is searched,
    /// faceted and ranged.
    public static func connect(baseURL: URL, indexNames: [String]) async throws -> ElasticsearchBackend {
        let transport = Self.transport(baseURL)
        var indices: [ElasticsearchIndex] = []
        for name in indexNames {
            let mapping = try await transport.send("GET", "\(name)/_mapping")
            indices.append(try ElasticsearchIndex.fromMapping(mapping, name: name))
        }
        return ElasticsearchBackend(baseURL: baseURL, indices: indices)
    }

    /// The shared HTTP transport, reading Elasticsearch's error bodies (`error.reason`).
    static func transport(_ baseURL: URL) -> HTTPTransport {
        HTTPTransport(baseURL: baseURL, timeout: .seconds(30)) { $0["error"]?["reason"]?.stringValue ?? $0["error"]?.stringValue }
    }

    public var descriptions: [IndexDescription] { indices.values.map(\.description).sorted { $0.name < $1.name } }

    public func map(query: IndexedQuery) throws -> Request {
        guard let index = indices[query.indexName] else { throw SearchError.unknownIndex(query.indexName) }
        return Request(index: index, body: try ElasticsearchRequest.body(for: query.query, index: index))
    }

    public func perform(_ request: Request) async throws -> JSONValue {
        try await transport.send("POST", "\(request.index.name)/_search", body: request.body)
    }

    public func map(results: JSONValue, for query: IndexedQuery) throws -> SearchResults {
        guard let index = indices[query.indexName] else { throw SearchError.unknownIndex(query.indexName) }
        return try ElasticsearchResponse.results(results, for: query, index: index)
    }
}
