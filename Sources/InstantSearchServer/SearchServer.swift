import FlyingFox
import FlyingSocks
import Foundation
import InstantSearchCore

/// The HTTP side of `instantsearch serve`: FlyingFox (plain sockets, Swift concurrency)
/// carrying `SearchService`. Listens on 127.0.0.1 unless told otherwise.
public actor SearchServer {
    public struct Options: Sendable {
        public var host: String
        /// 0 picks a free port; `boundPort()` tells which.
        public var port: UInt16
        /// Request bodies above this are refused with 400 before being read whole.
        public var maxBodyBytes: Int
        /// Keep-alive connections idle this long are closed.
        public var idleTimeout: TimeInterval

        public init(host: String = "127.0.0.1", port: UInt16 = 7700, maxBodyBytes: Int = 1 << 20, idleTimeout: TimeInterval = 15) {
            self.host = host
            self.port = port
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeout = idleTimeout
        }
    }

    private let server: HTTPServer

    public init(service: SearchService, options: Options = Options()) throws {
        let config = HTTPServer.Configuration(
            address: try Self.address(host: options.host, port: options.port), timeout: options.idleTimeout,
            pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled)
        server = HTTPServer(config: config, handler: ServiceHandler(service: service, maxBodyBytes: options.maxBodyBytes))
    }

    /// Serves until the task is cancelled or `stop()` is called.
    public func run() async throws {
        try await server.run()
    }

    public func waitUntilListening(timeout: TimeInterval = 5) async throws {
        try await server.waitUntilListening(timeout: timeout)
    }

    /// The port actually bound (useful after asking for port 0).
    public func boundPort() async -> UInt16? {
        switch await server.listeningAddress {
        case .ip4(_, let port), .ip6(_, let port): return port
        default: return nil
        }
    }

    public func stop() async {
        await server.stop(timeout: 1)
    }

    static func address(host: String, port: UInt16) throws -> any SocketAddress {
        let name = host == "localhost" ? "127.0.0.1" : host
        if name.contains(":") { return try sockaddr_in6.inet6(ip6: name, port: port) }
        do {
            return try sockaddr_in.inet(ip4: name, port: port)
        } catch {
            throw ServerError.badRequest("--host must be an IP address (such as 127.0.0.1 or 0.0.0.0), not \"\(host)\"")
        }
    }
}

/// Turns FlyingFox requests into `SearchService` requests and its answers into JSON responses.
struct ServiceHandler: HTTPHandler {
    let service: SearchService
    let maxBodyBytes: Int

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body: [UInt8]
        do {
            body = try await readBody(request)
        } catch let error as ServerError {
            // The rest of an oversized body is not read: close rather than reuse the connection.
            return Self.json(SearchService.error(error), headers: [.connection: "close"])
        }
        let segments = request.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        let query = Dictionary(request.query.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        let answer = await service.respond(to: SearchService.Request(
            method: request.method.rawValue, pathSegments: segments,
            applicationID: request.headers[HTTPHeader("X-Algolia-Application-Id")] ?? query["x-algolia-application-id"],
            apiKey: request.headers[HTTPHeader("X-Algolia-API-Key")] ?? query["x-algolia-api-key"],
            body: body))
        return Self.json(answer)
    }

    /// Reads the body, refusing it as soon as it is known to exceed the limit.
    private func readBody(_ request: HTTPRequest) async throws -> [UInt8] {
        if let declared = request.bodySequence.count, declared > maxBodyBytes {
            throw ServerError.badRequest("request body of \(declared) bytes exceeds the limit of \(maxBodyBytes) bytes")
        }
        var bytes: [UInt8] = []
        for try await chunk in request.bodySequence {
            bytes.append(contentsOf: chunk)
            if bytes.count > maxBodyBytes {
                throw ServerError.badRequest("request body exceeds the limit of \(maxBodyBytes) bytes")
            }
        }
        return bytes
    }

    static func json(_ response: SearchService.Response, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return HTTPResponse(
            statusCode: HTTPStatusCode(response.status, phrase: phrase(response.status)), headers: headers,
            body: Data(response.body.serialized().utf8))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        default: return "Error"
        }
    }
}
