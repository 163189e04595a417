import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InstantSearchCore
import OrderedCollections

/// The custom backend guide's worked example (README, "Plugging in a backend"): a service
/// with one endpoint, `GET /search?q=TEXT&from=N&size=N`, answering in Elasticsearch's shape
/// `{"hits": {"total": N, "hits": [...]}}`, where each hit is a record, or `{"_id", "_source"}`.
///
/// Three steps, as in InstantSearch's `SearchClient<Parameters, Results>`: say what the service
/// takes (`Parameters`) and returns (`Response`), then write `map(query:)`, the call
/// (`perform`) and `map(results:for:)`. Multi-queries, ordering and cancellation come with
/// the `SearchClient` protocol.
public struct ElasticStyleBackend: SearchClient {
    // 1. What the service takes and what it returns.
    public struct Parameters: Sendable, Equatable {
        public var q: String
        public var from: Int
        public var size: Int
    }

    public struct Response: Sendable {
        public var total: Int
        public var hits: [JSONValue]
    }

    public let baseURL: URL
    private let session: URLSession

    public init(baseURL: URL, timeout: TimeInterval = 5) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    // 2. Query → Parameters. This service has no facets or filters, so only text and paging travel.
    public func map(query: IndexedQuery) throws -> Parameters {
        Parameters(q: query.query.text, from: query.query.page * query.query.hitsPerPage, size: query.query.hitsPerPage)
    }

    // 3. The call. Errors thrown here reach the stats line as they are: make them readable.
    public func perform(_ parameters: Parameters) async throws -> Response {
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "q", value: parameters.q),
            URLQueryItem(name: "from", value: String(parameters.from)),
            URLQueryItem(name: "size", value: String(parameters.size)),
        ]
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: components.url!)
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch {
            throw SearchError.backend("cannot reach \(baseURL.absoluteString): \(error.localizedDescription)")
        }
        if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            throw SearchError.backend("HTTP \(status) from \(baseURL.absoluteString)")
        }
        do {
            let decoded = try JSONDecoder().decode(WireResponse.self, from: data)
            return Response(total: decoded.hits.total.value, hits: decoded.hits.hits.map(\.value))
        } catch {
            throw SearchError.malformedResponse("expected {\"hits\": {\"total\": N, \"hits\": [...]}}")
        }
    }

    // 4. Response → SearchResults: what the widgets show.
    public func map(results: Response, for query: IndexedQuery) throws -> SearchResults {
        let perPage = max(1, query.query.hitsPerPage)
        let hits = results.hits.map { item -> Hit in
            let record = item["_source"] ?? item
            let id = item["_id"] ?? item["id"] ?? item["objectID"]
            return Hit(objectID: id?.displayText ?? "", record: record)
        }
        return SearchResults(
            indexName: query.indexName, query: query.query.text, hits: hits, nbHits: results.total,
            page: query.query.page, nbPages: (results.total + perPage - 1) / perPage, hitsPerPage: perPage)
    }
}

/// The service's answer as it travels, decoded with JSONDecoder.
struct WireResponse: Decodable {
    struct Hits: Decodable {
        let total: Total
        let hits: [AnyJSON]
    }
    /// Elasticsearch 7 writes the total as {"value": N}; older versions as a bare number.
    struct Total: Decodable {
        let value: Int
        private enum Keys: String, CodingKey { case value }
        init(from decoder: any Decoder) throws {
            if let number = try? decoder.singleValueContainer().decode(Int.self) {
                value = number
            } else {
                value = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .value)
            }
        }
    }
    let hits: Hits
}

/// Any JSON value, for records whose fields the backend does not know in advance.
struct AnyJSON: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([AnyJSON].self) {
            value = .array(array.map(\.value))
        } else {
            // JSONDecoder does not say in which order keys came: sort them, for a stable display.
            let object = try container.decode([String: AnyJSON].self)
            value = .object(OrderedDictionary(uniqueKeysWithValues: object.keys.sorted().map { ($0, object[$0]!.value) }))
        }
    }
}
