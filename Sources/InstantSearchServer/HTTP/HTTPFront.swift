import FlyingSocks
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP/1.1 front of the server: a listening socket, an accept loop that never gives up,
/// a connection per task under the registry's cap and deadlines, and a reaper.
///
/// Built on FlyingSocks (FlyingFox's socket layer: non-blocking sockets suspended on epoll or
/// kqueue); the HTTP part is this project's own (README "Architecture" says why).
final class HTTPFront: Sendable {
    struct Configuration: Sendable {
        var limits: HTTPLimits
        var timeouts: ConnectionRegistry.Timeouts
        var maxConnections: Int
        var log: @Sendable (String) -> Void
    }

    let listening: Socket
    let port: UInt16
    let registry: ConnectionRegistry
    private let pool: any AsyncSocketPool
    private let configuration: Configuration
    private let handler: HTTPConnection.Handler
    private let failureResponse: HTTPConnection.FailureResponse

    /// Binds and listens at once, so a busy port is reported before anything else happens.
    init(
        host: String, port: UInt16, configuration: Configuration,
        handler: @escaping HTTPConnection.Handler, failureResponse: @escaping HTTPConnection.FailureResponse
    ) async throws {
        let address = try Self.address(host: host, port: port)
        let socket = try Socket(domain: Int32(type(of: address).family))
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
        #if canImport(Darwin)
        pool = SocketPool.kQueue(maxEvents: 256)
        #else
        pool = SocketPool.ePoll(maxEvents: 256)
        #endif
        try await pool.prepare()
        listening = socket
        self.configuration = configuration
        self.handler = handler
        self.failureResponse = failureResponse
        registry = ConnectionRegistry(maxConnections: configuration.maxConnections, timeouts: configuration.timeouts)
    }

    /// Serves until the task is cancelled; then every connection is dropped and the socket closed.
    func run() async {
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
    }

    // MARK: Accepting

    private func acceptOne() async -> Int32? {
        do {
            return try listening.accept().file.rawValue
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
            handler: handler, failureResponse: failureResponse)
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

    static func address(host: String, port: UInt16) throws -> any SocketAddress {
        let name = host == "localhost" ? "127.0.0.1" : host
        if name.contains(":") {
            do {
                return try sockaddr_in6.inet6(ip6: name, port: port)
            } catch {
                throw ServerError.badRequest("--host must be an IP address (such as ::1 or ::), not \"\(host)\"")
            }
        }
        do {
            return try sockaddr_in.inet(ip4: name, port: port)
        } catch {
            throw ServerError.badRequest("--host must be an IP address (such as 127.0.0.1 or 0.0.0.0), not \"\(host)\"")
        }
    }
}
