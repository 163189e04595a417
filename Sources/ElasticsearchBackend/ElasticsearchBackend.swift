import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InstantSearchCore
import SearchEngine

/// An Elasticsearch or OpenSearch cluster behind the widgets, over plain HTTP.
///
/// URLSession rather than an NIO client: the TUI's executable links this target, and it must
/// stay light to build (DESIGN "Build weight"). The mapping both ways lives in
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
        self.transport = HTTPTransport(baseURL: baseURL)
    }

    /// Connects to `baseURL` and reads each index's mapping to decide what is searched,
    /// faceted and ranged.
    public static func connect(baseURL: URL, indexNames: [String]) async throws -> ElasticsearchBackend {
        let transport = HTTPTransport(baseURL: baseURL)
        var indices: [ElasticsearchIndex] = []
        for name in indexNames {
            let mapping = try await transport.send(method: "GET", path: "/\(name)/_mapping", body: nil)
            indices.append(try ElasticsearchIndex.fromMapping(mapping, name: name))
        }
        return ElasticsearchBackend(baseURL: baseURL, indices: indices)
    }

    public var descriptions: [IndexDescription] { indices.values.map(\.description).sorted { $0.name < $1.name } }

    public func map(query: IndexedQuery) throws -> Request {
        guard let index = indices[query.indexName] else { throw SearchError.unknownIndex(query.indexName) }
        return Request(index: index, body: try ElasticsearchRequest.body(for: query.query, index: index))
    }

    public func perform(_ request: Request) async throws -> JSONValue {
        try await transport.send(method: "POST", path: "/\(request.index.name)/_search", body: request.body)
    }

    public func map(results: JSONValue, for query: IndexedQuery) throws -> SearchResults {
        guard let index = indices[query.indexName] else { throw SearchError.unknownIndex(query.indexName) }
        return try ElasticsearchResponse.results(results, for: query, index: index)
    }
}

/// One JSON request, one JSON answer. Credentials in the URL (`http://user:pass@host:9200`)
/// become a Basic authorization header, since URLSession does not send them by itself.
struct HTTPTransport: Sendable {
    let baseURL: URL

    func send(method: String, path: String, body: JSONValue?) async throws -> JSONValue {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        let user = components?.user
        let password = components?.password
        components?.user = nil
        components?.password = nil
        let basePath = components?.path ?? ""
        components?.path = basePath.trimmingSuffix("/") + path
        guard let url = components?.url else { throw SearchError.backend("bad Elasticsearch URL \(baseURL)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 30
        if let body {
            request.httpBody = Data(body.serialized().utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let user {
            let token = Data("\(user):\(password ?? "")".utf8).base64EncodedString()
            request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw SearchError.backend("cannot reach Elasticsearch at \(url): \(error.localizedDescription)")
        }
        let parsed = try? DataLoader.load(bytes: [UInt8](data), name: url.absoluteString, format: .ndjson).first
        if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            let reason = parsed?["error"]?["reason"]?.stringValue ?? String(decoding: data.prefix(200), as: UTF8.self)
            throw SearchError.backend("Elasticsearch answered \(status) to \(method) \(path): \(reason)")
        }
        guard let parsed else { throw SearchError.malformedResponse("\(method) \(path) did not answer a JSON object") }
        return parsed
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var copy = self
        while copy.hasSuffix(suffix) { copy.removeLast(suffix.count) }
        return copy
    }
}
