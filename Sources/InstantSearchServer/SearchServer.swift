import HTTPServing
import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP side of `instantsearch serve`: this project's HTTP/1.1 front (`HTTPFront`)
/// carrying `SearchService`. Listens on 127.0.0.1 unless told otherwise.
public actor SearchServer {
    public struct Options: Sendable {
        public var host: String
        /// 0 picks a free port; `start()` returns the one bound.
        public var port: UInt16
        /// Request bodies above this are refused with 400 and the connection closed.
        public var maxBodyBytes: Int
        /// A connection waiting this long for a request (new or kept alive) is closed.
        public var idleTimeout: Duration
        /// A request's whole head (request line and headers) must arrive within this.
        public var headerTimeout: Duration
        /// A request's whole body must arrive within this, and an answer be taken within it.
        public var bodyTimeout: Duration
        /// Connections open at once. When full, the longest idle one is closed to make room;
        /// when none is idle, the newcomer gets 503. Lowered to fit the open-file limit.
        public var maxConnections: Int
        public var maxRequestLineBytes: Int
        public var maxHeaderBytes: Int
        /// An answer whose JSON would pass this many bytes is refused with 400 instead (a
        /// thousand big records would otherwise make an answer of any size).
        public var maxAnswerBytes: Int
        /// Said once when something a client did is worth an operator's attention.
        public var log: @Sendable (String) -> Void

        public init(
            host: String = "127.0.0.1", port: UInt16 = 7700, maxBodyBytes: Int = 1 << 20,
            idleTimeout: Duration = .seconds(15), headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30),
            maxConnections: Int = 1000, maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 32 * 1024,
            maxAnswerBytes: Int = 32 << 20, log: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.host = host
            self.port = port
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeout = idleTimeout
            self.headerTimeout = headerTimeout
            self.bodyTimeout = bodyTimeout
            self.maxConnections = maxConnections
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxAnswerBytes = maxAnswerBytes
            self.log = log
        }
    }

    public let service: SearchService
    public let options: Options
    private var front: HTTPFront?
    private var task: Task<Void, Never>?

    public init(service: SearchService, options: Options = Options()) throws {
        do {
            _ = try HTTPFront.address(host: options.host, port: options.port)  // a bad --host is said before loading
        } catch {
            throw ServerError.badRequest(error.message)
        }
        self.service = service
        self.options = options
    }

    /// Binds and starts serving in the background; returns the port. Throws `ListenError`
    /// (address already in use, …) at once.
    @discardableResult
    public func start() async throws -> UInt16 {
        if let front { return front.port }
        let descriptors = FileLimit.raise(toHold: options.maxConnections + FileLimit.reserve)
        var cap = options.maxConnections
        if cap > descriptors - FileLimit.reserve {
            cap = max(1, descriptors - FileLimit.reserve)
            options.log("at most \(cap) connections: the open-file limit is \(descriptors) (ulimit -n)")
        }
        let service = self.service
        let maxAnswerBytes = options.maxAnswerBytes
        let front = try await HTTPFront(
            host: options.host, port: options.port,
            configuration: .init(
                limits: HTTPLimits(
                    maxRequestLineBytes: options.maxRequestLineBytes, maxHeaderBytes: options.maxHeaderBytes,
                    maxBodyBytes: options.maxBodyBytes),
                timeouts: .init(
                    idle: options.idleTimeout, head: options.headerTimeout, body: options.bodyTimeout,
                    write: options.bodyTimeout, linger: .seconds(2)),
                maxConnections: cap, executor: Self.workers, log: options.log),
            handler: { await Self.answer($0, service: service, maxAnswerBytes: maxAnswerBytes) },
            failureResponse: Self.failureResponse)
        self.front = front
        task = Task { await front.run() }
        return front.port
    }

    /// Starts if needed and serves until `stop()` or cancellation.
    public func run() async throws {
        try await start()
        let task = self.task
        await withTaskCancellationHandler {
            await task?.value
        } onCancel: {
            task?.cancel()
        }
    }

    /// The port actually bound (useful after asking for port 0), once started.
    public func boundPort() -> UInt16? { front?.port }

    /// Open connections, and how many were closed to make room or refused for want of it.
    public func connectionCounts() -> (open: Int, evicted: Int, refused: Int) {
        let counts = front?.registry.counts
        return (counts?.open ?? 0, counts?.evicted ?? 0, counts?.refused ?? 0)
    }

    /// Drops every connection and closes the listening socket.
    public func stop() async {
        task?.cancel()
        await task?.value
        task = nil
        front = nil
    }

    /// Where answers are worked out: off the cooperative pool, which the sockets need.
    static let workers = WorkerThreads(name: "instantsearch serve")

    // MARK: HTTP ↔ SearchService

    static func answer(_ request: HTTPRequest, service: SearchService, maxAnswerBytes: Int) async -> HTTPResponse {
        let target = HTTPTarget(request.head.target)
        let answer = await service.respond(
            to: SearchService.Request(
                method: request.head.method, pathSegments: target.pathSegments,
                applicationID: request.head.field("X-Algolia-Application-Id") ?? target.query("x-algolia-application-id"),
                apiKey: request.head.field("X-Algolia-API-Key") ?? target.query("x-algolia-api-key"),
                body: request.body, queryItems: target.queryItems))
        guard let text = answer.body.serialized(atMost: maxAnswerBytes) else {
            let message =
                "the answer would pass \(maxAnswerBytes) bytes (serve's --max-answer-bytes): ask fewer hits (hitsPerPage, length) or fewer attributes (attributesToRetrieve)"
            let body: JSONValue = ["message": .string(message), "status": 400]
            return HTTPResponse(status: 400, body: Array(body.serialized().utf8))
        }
        return HTTPResponse(status: answer.status, body: Array(text.utf8))
    }

    /// Refusals from the HTTP front carry Algolia's error body too.
    @Sendable static func failureResponse(_ failure: HTTPFailure) -> HTTPResponse {
        let body: JSONValue = ["message": .string(failure.message), "status": .number(Double(failure.status))]
        return HTTPResponse(status: failure.status, body: Array(body.serialized().utf8), closes: true)
    }
}
