import FlyingSocks

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP/1.1 front of `serve` and of the TUI's `--listen`: a listening socket (TCP, or a
/// Unix socket only its owner can reach), an accept loop that never gives up, a connection per
/// task under the registry's cap and deadlines, and a reaper.
///
/// Built on FlyingSocks (FlyingFox's socket layer: non-blocking sockets suspended on epoll or
/// kqueue); the HTTP part is this project's own (README "Architecture" says why). Every
/// descriptor it opens is closed on exec, so the commands a session starts inherit none.
public final class HTTPFront: Sendable {
    public struct Configuration: Sendable {
        public var limits: HTTPLimits
        public var timeouts: ConnectionRegistry.Timeouts
        public var maxConnections: Int
        /// Where answers are worked out; nil: in the connection's own task (quick handlers).
        public var executor: (any TaskExecutor)?
        public var log: @Sendable (String) -> Void

        public init(
            limits: HTTPLimits, timeouts: ConnectionRegistry.Timeouts, maxConnections: Int, executor: (any TaskExecutor)? = nil,
            log: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.limits = limits
            self.timeouts = timeouts
            self.maxConnections = maxConnections
            self.executor = executor
            self.log = log
        }
    }

    /// Where to listen.
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: UInt16)
        /// A Unix domain socket at this path (mode 0600), removed when the front stops.
        case unix(path: String)
    }

    let listening: Socket
    /// The TCP port bound (the one the system chose for port 0); 0 for a Unix socket.
    public let port: UInt16
    public let registry: ConnectionRegistry
    private let socketFile: UnixSocketPath.Bound?
    private let pool: any AsyncSocketPool
    private let configuration: Configuration
    private let handler: HTTPConnection.Handler
    private let failureResponse: HTTPConnection.FailureResponse

    public convenience init(
        host: String, port: UInt16, configuration: Configuration,
        handler: @escaping HTTPConnection.Handler, failureResponse: @escaping HTTPConnection.FailureResponse
    ) async throws {
        try await self.init(endpoint: .tcp(host: host, port: port), configuration: configuration, handler: handler, failureResponse: failureResponse)
    }

    /// Binds and listens at once, so a busy port is reported before anything else happens.
    public init(
        endpoint: Endpoint, configuration: Configuration,
        handler: @escaping HTTPConnection.Handler, failureResponse: @escaping HTTPConnection.FailureResponse
    ) async throws {
        switch endpoint {
        case .tcp(let host, let port):
            let address = try Self.address(host: host, port: port)
            let socket = try Self.socket(domain: Int32(type(of: address).family))
            do {
                try socket.setValue(true, for: .localAddressReuse)
                try socket.bind(to: address)
                try socket.listen(maxPendingConnection: 1024)
                try socket.setFlags(.nonBlocking)
            } catch SocketError.failed(_, let code, _) {
                try? socket.close()
                throw ListenError(host: host, port: port, code: code)
            }
            switch try socket.sockname() {
            case .ip4(_, let bound), .ip6(_, let bound): self.port = bound
            default: self.port = port
            }
            listening = socket
            socketFile = nil
        case .unix(let path):
            let socket = try Self.socket(domain: AF_UNIX)
            do {
                socketFile = try UnixSocketPath.bind(socket, at: path)
                try socket.setFlags(.nonBlocking)
            } catch {
                try? socket.close()
                throw error
            }
            listening = socket
            port = 0
        }
        #if canImport(Darwin)
        let pool = SocketPool.kQueue(maxEvents: 256)
        #else
        let pool = SocketPool.ePoll(maxEvents: 256)
        #endif
        try await CloseOnExec.forDescriptorsOpened { try await pool.prepare() }
        self.pool = pool
        self.configuration = configuration
        self.handler = handler
        self.failureResponse = failureResponse
        registry = ConnectionRegistry(maxConnections: configuration.maxConnections, timeouts: configuration.timeouts)
    }

    /// A stream socket closed on exec from its first moment.
    private static func socket(domain: Int32) throws -> Socket {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = Darwin.socket(domain, SOCK_STREAM, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        guard descriptor >= 0 else { throw SocketError.makeFailed("CreateSocket") }
        return Socket(file: .init(rawValue: descriptor))
    }

    /// Serves until the task is cancelled; then every connection is dropped and the socket
    /// closed (a Unix socket's file removed).
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { try? await self.pool.run() }
            group.addTask { await self.reapUntilCancelled() }
            while !Task.isCancelled {
                if registry.isCrowded {
                    try? await Task.sleep(for: .milliseconds(5))
                    continue
                }
                guard let descriptor = await acceptOne() else { continue }
                guard let connection = admit(descriptor) else { continue }
                group.addTask { await connection.run() }
            }
            group.cancelAll()
        }
        try? listening.close()
        socketFile?.remove()
    }

    // MARK: Accepting

    /// A new connection's descriptor, closed on exec at once (Glibc's module has no `accept4`;
    /// a command started in the instant between the two calls is the only one that could
    /// inherit it).
    private func acceptOne() async -> Int32? {
        do {
            return try Self.accept(listening)
        } catch SocketError.blocked {
            do {
                try await pool.suspendSocket(listening, untilReadyFor: .connection)
            } catch {
                if !Task.isCancelled { await pause() }  // never spin on a pool that refuses
            }
        } catch SocketError.failed(_, let code, let message) {
            await survive(acceptError: code, message: message)
        } catch {
            await pause()
        }
        return nil
    }

    /// Out of descriptors (EMFILE, ENFILE) or memory: drop the longest idle connection and wait
    /// a moment; the pending client stays in the kernel's queue. The loop never ends on an error.
    private func survive(acceptError code: Int32, message: String) async {
        switch code {
        case ECONNABORTED, EINTR, EPROTO, EPERM:
            return  // that client is gone; the next one may be fine
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
            registry.evictLongestIdle()
            configuration.log("accept: \(message); dropped the longest idle connection, retrying")
        default:
            configuration.log("accept: \(message); retrying")
        }
        await pause()
    }

    private func pause() async {
        try? await Task.sleep(for: .milliseconds(50))
    }

    private static func accept(_ listening: Socket) throws -> Int32 {
        let descriptor = listening.file.rawValue.accepted()
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        guard descriptor >= 0 else {
            if errno == EWOULDBLOCK || errno == EAGAIN { throw SocketError.blocked }
            throw SocketError.makeFailed("Accept")
        }
        return descriptor
    }

    private func admit(_ descriptor: Int32) -> HTTPConnection? {
        let socket = Socket(file: .init(rawValue: descriptor))
        // Fails harmlessly on a Unix socket. The answer goes in one write anyway; this keeps a
        // 100 Continue from waiting for an acknowledgement.
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        guard (try? socket.setFlags(.nonBlocking)) != nil else {
            try? socket.close()
            return nil
        }
        guard let id = registry.admit(descriptor: descriptor) else {
            // Full of busy connections: say so in one try (never wait on this client) and close.
            let busy = failureResponse(HTTPFailure(status: 503, "too many connections; try again")).encoded(keepAlive: false)
            _ = try? socket.write(busy)
            try? socket.close()
            return nil
        }
        return HTTPConnection(
            socket: socket, pool: pool, id: id, registry: registry, limits: configuration.limits,
            executor: configuration.executor, handler: handler, failureResponse: failureResponse)
    }

    // MARK: Deadlines

    private func reapUntilCancelled() async {
        let t = configuration.timeouts
        let shortest = [t.idle, t.head, t.body, t.write, t.linger].min()!
        let tick = max(.milliseconds(10), min(.seconds(1), shortest / 4))
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            registry.reap()
        }
    }

    /// The address `host` names; a host that is not an IP address is refused with a message.
    public static func address(host: String, port: UInt16) throws(HostError) -> any SocketAddress {
        let name = host == "localhost" ? "127.0.0.1" : host
        if name.contains(":") {
            do {
                return try sockaddr_in6.inet6(ip6: name, port: port)
            } catch {
                throw HostError(message: "--host must be an IP address (such as ::1 or ::), not \"\(host)\"")
            }
        }
        do {
            return try sockaddr_in.inet(ip4: name, port: port)
        } catch {
            throw HostError(message: "--host must be an IP address (such as 127.0.0.1 or 0.0.0.0), not \"\(host)\"")
        }
    }
}

/// A host that is not an IP address.
public struct HostError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension Int32 {
    /// `accept(2)` on this listening descriptor.
    fileprivate func accepted() -> Int32 {
        #if canImport(Glibc)
        Glibc.accept(self, nil, nil)
        #else
        Darwin.accept(self, nil, nil)
        #endif
    }
}
