import Dispatch
import HTTPServing
import InstantSearchCore
import Synchronization

/// fzf's `--listen`: an HTTP endpoint that takes actions and tells the state. `POST /` with a
/// chain of actions as the body (`reload(seq 100)+change-prompt(hundred> )`) runs it as a key
/// bound to it would; `GET /[?limit=N&offset=M]` answers the state as JSON, in fzf's shape.
///
/// It assumes a hostile web page on the same machine (`ListenRequestCheck`: no `Origin`, a
/// `Host` that names this endpoint, the key when one is set), and serves through the same
/// bounded front as `serve` (`HTTPFront`): connections at once up to a cap, each request's
/// head and body within a deadline of their own however slowly they trickle, idle
/// connections closed to make room. The interface never waits for it: requests go through an
/// inbox and `wake`, and a state asked for is worked out by the interface between two frames.
public final class RemoteControl: Sendable {
    public static let limits = HTTPLimits(maxRequestLineBytes: 4 * 1024, maxHeaderBytes: 16 * 1024, maxHeaderCount: 50, maxBodyBytes: 64 * 1024)
    /// Connections open at once: a script needs one or two; when all are busy, newcomers get 503.
    public static let maxConnections = 16
    /// Each phase of a request (its head, its body, the answer's writing) must be done within this.
    public static let phaseTimeout = Duration.seconds(5)
    /// How long a `GET` waits for the interface to say its state (fzf's: 2 s), then 503.
    public static let stateTimeout = Duration.seconds(2)
    /// Requests waiting for the interface; more are answered 503.
    static let maxWaiting = 64

    /// The TCP port listened on (the one the system chose for port 0); nil for a socket.
    public let port: Int?
    /// The Unix socket's path, for a socket.
    public let socketPath: String?
    private let front: HTTPFront
    private let inbox: RemoteInbox
    private let serving = Mutex<Task<Void, Never>?>(nil)

    /// Binds the address; the message says why not (a port in use, a file where the socket goes).
    public init(address: ListenAddress, wake: @escaping @Sendable () -> Void) throws(RemoteControlError) {
        let inbox = RemoteInbox(wake: wake)
        let boundPort = Atomic<Int>(0)
        let endpoint: HTTPFront.Endpoint
        switch address.place {
        case .tcp(let host, let port): endpoint = .tcp(host: host, port: UInt16(port))
        case .socket(let path): endpoint = .unix(path: path)
        }
        let configuration = HTTPFront.Configuration(
            limits: Self.limits,
            timeouts: .init(idle: Self.phaseTimeout, head: Self.phaseTimeout, body: Self.phaseTimeout, write: Self.phaseTimeout, linger: .seconds(1)),
            maxConnections: Self.maxConnections)
        let handler: HTTPConnection.Handler = { request in
            await Self.answer(request, address: address, port: boundPort.load(ordering: .relaxed), inbox: inbox)
        }
        let front: HTTPFront
        do {
            front = try Self.blocking {
                try await HTTPFront(endpoint: endpoint, configuration: configuration, handler: handler, failureResponse: Self.failureResponse)
            }
        } catch {
            throw RemoteControlError("--listen: \(error)")
        }
        boundPort.store(Int(front.port), ordering: .relaxed)
        self.front = front
        self.inbox = inbox
        if case .socket(let path) = address.place {
            port = nil
            socketPath = path
        } else {
            port = Int(front.port)
            socketPath = nil
        }
    }

    deinit { stop() }

    public func start() {
        let front = self.front
        serving.withLock { task in
            guard task == nil else { return }
            task = Task { await front.run() }
        }
    }

    /// Stops listening (the session ended): connections are dropped, a socket's file removed,
    /// requests still waiting for the interface answered 503.
    public func stop() {
        guard
            let task = serving.withLock({ task in
                defer { task = nil }; return task
            })
        else { return }
        task.cancel()
        inbox.close()
        let done = DispatchSemaphore(value: 0)
        Task {
            await task.value
            done.signal()
        }
        _ = done.wait(timeout: .now() + 1)
    }

    /// The requests received since the last call, in order (on the UI thread).
    func take() -> [RemoteRequest] { inbox.take() }

    // MARK: Off the UI thread

    private static func answer(_ request: HTTPRequest, address: ListenAddress, port: Int, inbox: RemoteInbox) async -> HTTPResponse {
        let head = request.head
        if let refusal = ListenRequestCheck(address: address, port: port).refusal(of: head) {
            return text(refusal.status, refusal.message)
        }
        let target = HTTPTarget(head.target)
        guard target.pathSegments.isEmpty else { return text(404, "only / is here: GET it for the state, POST actions to it") }
        switch head.method {
        case "GET":
            let window = StateWindow(
                limit: target.query("limit").flatMap { Int($0) }.map { max(0, $0) } ?? StateWindow.standard.limit,
                offset: target.query("offset").flatMap { Int($0) }.map { max(0, $0) } ?? 0)
            guard let json = await inbox.state(window, timeout: stateTimeout) else {
                return HTTPResponse(status: 503, contentType: "application/json", body: Array(#"{"error":"timeout"}"#.utf8) + [0x0A])
            }
            return HTTPResponse(status: 200, contentType: "application/json", body: Array(json.utf8) + [0x0A])
        case "POST":
            let written = String(decoding: request.body, as: UTF8.self)
            let text = String(written.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            let chain: [BoundAction]
            do {
                chain = try KeyTable.parseActions(text)
            } catch {
                return Self.text(400, "\(error)")
            }
            guard !chain.isEmpty else { return Self.text(400, "no action specified") }
            if !address.isLocal, !address.unsafe, let running = chain.first(where: { $0.action.runsCommand }) {
                return Self.text(
                    403, "\(running.action.name) runs a command, which is refused from another address than loopback (start with --listen-unsafe to allow it)")
            }
            guard inbox.post(.actions(chain)) else { return Self.text(503, "busy: \(maxWaiting) requests are waiting for the interface") }
            return HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: [])
        default:
            return text(405, "GET / for the state, POST / with actions")
        }
    }

    @Sendable private static func failureResponse(_ failure: HTTPFailure) -> HTTPResponse {
        HTTPResponse(status: failure.status, contentType: "text/plain; charset=utf-8", body: Array((failure.message + "\n").utf8), closes: true)
    }

    private static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8), closes: status != 200)
    }

    /// Runs `work` on the cooperative pool and waits for it (binding happens before the
    /// interface opens, on a thread of the session's, never on the pool).
    private static func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}

public struct RemoteControlError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
