import FlyingSocks
#if canImport(Glibc)
import Glibc
#endif

/// FlyingFox's socket pool, with Nagle's algorithm turned off on the sockets it handles.
///
/// Why: FlyingFox writes a response's header and body in two writes. With Nagle on, the body
/// waits for the header's ACK, which the client delays by up to 40 ms: every request then
/// took ~44 ms on loopback whatever its size. FlyingFox has no option for TCP_NODELAY, but
/// every socket passes through the pool, the listening one first (Linux copies the option to
/// the sockets it accepts), so the pool is where it can be set.
struct NoDelaySocketPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // Fails harmlessly on a socket that is not TCP (a Unix socket): nothing to turn off there.
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
