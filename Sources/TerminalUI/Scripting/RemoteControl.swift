import Foundation
import HTTPParsing
import Synchronization

/// fzf's `--listen`: an HTTP endpoint that takes actions and tells the state. `POST /` with a
/// chain of actions as the body (`reload(seq 100)+change-prompt(hundred> )`) runs it as a key
/// bound to it would; `GET /` answers the state as JSON (query, index, counts, current hit,
/// marks). With an API key, every request carries it in `x-api-key`.
///
/// The request head goes through the server's own bounded parser (`HTTPParsing`: the same
/// limits and strictness as `serve`), without the server's network stack: one connection at a
/// time on a thread of its own, each closed after its answer and after `timeout` of silence.
/// The interface never waits for it: actions go through an inbox and `wake`, the state is a
/// snapshot the app publishes.
public final class RemoteControl: Sendable {
    public static let limits = HTTPLimits(maxRequestLineBytes: 4 * 1024, maxHeaderBytes: 16 * 1024, maxHeaderCount: 50, maxBodyBytes: 64 * 1024)
    static let timeoutSeconds = 5

    /// The port listened on (the one the system chose for port 0).
    public let port: Int
    private let listener: Int32
    private let apiKey: String?
    private let inbox = Mutex<[[BoundAction]]>([])
    private let snapshot = Mutex<String>("{}")
    private let wake: @Sendable () -> Void
    private let stopped = Atomic<Bool>(false)

    /// Binds the address; the message says why not (a port in use, say).
    public init(address: ListenAddress, wake: @escaping @Sendable () -> Void) throws(RemoteControlError) {
        self.wake = wake
        apiKey = address.apiKey
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw RemoteControlError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(address.port).bigEndian)
        inet_pton(AF_INET, address.host, &socketAddress.sin_addr)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw RemoteControlError("--listen \(address.host):\(address.port): \(why)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: actual.sin_port))
        listener = fd
    }

    deinit { stop() }

    public func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "instantsearch --listen"
        thread.start()
    }

    /// Stops listening (the session ended); a connection being answered is cut.
    public func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// The chains received since the last call, in order (on the UI thread).
    func take() -> [[BoundAction]] {
        inbox.withLock { chains in
            defer { chains = [] }
            return chains
        }
    }

    /// What `GET /` answers from now on (the app publishes it as its state changes).
    func publish(_ json: String) {
        snapshot.withLock { $0 = json }
    }

    // MARK: Off the UI thread

    private func acceptLoop() {
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)  // kept out of the commands started later
            var timeout = timeval(tv_sec: Self.timeoutSeconds, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let (status, body) = answer(connection)
            respond(connection, status: status, body: body)
            close(connection)
        }
    }

    /// Reads one request and carries it out: the status and body to answer with.
    private func answer(_ connection: Int32) -> (Int, String) {
        var bytes: [UInt8] = []
        var scanner = HTTPHeadScanner(limits: Self.limits)
        var buffer = [UInt8](repeating: 0, count: 4096)
        do {
            var bodyStart: Int?
            while bodyStart == nil {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { return (408, "the request did not arrive\n") }
                bytes += buffer[..<count]
                if case .complete(let start) = try scanner.scan(bytes) { bodyStart = start }
            }
            let head = try HTTPRequestHead.parse(bytes[..<bodyStart!])
            if let apiKey, !Self.same(head.field("x-api-key") ?? "", apiKey) {
                return (401, "a valid x-api-key header is required\n")
            }
            guard head.pathAndQuery.path == "/" else { return (404, "only / is here: GET it for the state, POST actions to it\n") }
            switch head.method {
            case "GET": return (200, snapshot.withLock { $0 } + "\n")
            case "POST":
                guard case .length(let length) = head.framing else { return (411, "send the actions with a Content-Length\n") }
                guard length <= Self.limits.maxBodyBytes else { return (413, "at most \(Self.limits.maxBodyBytes) bytes of actions\n") }
                if head.expectsContinue { respondContinue(connection) }
                var body = Array(bytes[bodyStart!...])
                while body.count < length {
                    let count = recv(connection, &buffer, min(buffer.count, length - body.count), 0)
                    guard count > 0 else { return (408, "the body did not arrive\n") }
                    body += buffer[..<count]
                }
                let text = String(decoding: body.prefix(length), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                do {
                    let chain = try KeyTable.parseActions(text)
                    inbox.withLock { $0.append(chain) }
                    wake()
                    return (200, "")
                } catch {
                    return (400, "\(error)\n")
                }
            default: return (405, "GET / for the state, POST / with actions\n")
            }
        } catch {
            return (error.status, error.message + "\n")
        }
    }

    private func respondContinue(_ connection: Int32) {
        let line = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        _ = line.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private func respond(_ connection: Int32, status: Int, body: String) {
        let reason = [401: "Unauthorized", 405: "Method Not Allowed"][status] ?? HTTPFailure.reason(status)
        let type = status == 200 && !body.isEmpty ? "application/json" : "text/plain; charset=utf-8"
        let message = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        let bytes = Array(message.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Compares keys in time that does not depend on where they differ.
    private static func same(_ given: String, _ key: String) -> Bool {
        let a = Array(given.utf8), b = Array(key.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) { difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0) }
        return difference == 0
    }
}

public struct RemoteControlError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
