import Foundation
import InstantSearchCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One JSON request over URLSession (FoundationNetworking on Linux: no SwiftNIO), the answer
/// parsed once, with every failure turned into a message a stats line can show as it is:
/// "cannot reach http://…: connection refused", "HTTP 403: invalid API key",
/// "malformed response: …", "timed out after 5 s". Every HTTP backend uses it (Algolia's
/// protocol, Elasticsearch). Credentials in the URL (`http://user:pass@host:9200`) become a
/// Basic authorization header, since URLSession does not send them by itself.
public struct HTTPTransport: Sendable {
    public let baseURL: URL
    public let headers: [String: String]
    public let timeout: Duration
    /// The message of an error answer's body (Algolia: `message`).
    public let errorMessage: @Sendable (JSONValue) -> String?
    private let session: URLSession

    public init(
        baseURL: URL, headers: [String: String] = [:], timeout: Duration = .seconds(5),
        errorMessage: @escaping @Sendable (JSONValue) -> String? = { $0["message"]?.stringValue }
    ) {
        var headers = headers
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        if let user = components?.user {
            let token = Data("\(user):\(components?.password ?? "")".utf8).base64EncodedString()
            headers["Authorization"] = "Basic \(token)"
            components?.user = nil
            components?.password = nil
        }
        self.baseURL = components?.url ?? baseURL
        self.headers = headers
        self.timeout = timeout
        self.errorMessage = errorMessage
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// The server as a person would name it: "http://127.0.0.1:7700".
    public var origin: String {
        var text = "\(baseURL.scheme ?? "http")://\(baseURL.host ?? "?")"
        if let port = baseURL.port { text += ":\(port)" }
        return text
    }

    /// Sends `body` (or nothing, for GET) to `path` and returns the parsed JSON answer.
    public func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.timeoutInterval = session.configuration.timeoutIntervalForRequest
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.serialized().utf8)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw describe(error)
        }
        try Task.checkCancellation()
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let json = Result { try JSONParser.parse([UInt8](data), file: path) }
        guard (200..<300).contains(status) else {
            let message =
                (try? json.get()).flatMap(errorMessage)
                ?? String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw SearchError.backend("HTTP \(status): \(message.isEmpty ? HTTPURLResponse.localizedString(forStatusCode: status) : message)")
        }
        do {
            return try json.get()
        } catch {
            throw SearchError.malformedResponse("\(path): \(error)")
        }
    }

    /// URLSession's errors in a few words; cancellation stays cancellation.
    func describe(_ error: any Error) -> any Error {
        if error is CancellationError { return error }
        guard let urlError = error as? URLError else {
            return SearchError.backend("cannot reach \(origin): \(error.localizedDescription)")
        }
        let reason: String
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .timedOut:
            let seconds = timeout.components.seconds
            return SearchError.backend("timed out after \(seconds > 0 ? "\(seconds) s" : "\(timeout)")")
        case .cannotConnectToHost: reason = "connection refused"
        case .cannotFindHost, .dnsLookupFailed: reason = "unknown host"
        case .networkConnectionLost: reason = "connection lost"
        case .notConnectedToInternet: reason = "no network"
        case .badServerResponse, .cannotParseResponse: return SearchError.malformedResponse("not an HTTP answer from \(origin)")
        default: reason = urlError.localizedDescription
        }
        return SearchError.backend("cannot reach \(origin): \(reason)")
    }
}
