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

/// One client connection: requests read with the scanner and parser, answered in order
/// (keep-alive, pipelining), under the registry's deadlines.
///
/// A refused request (414, 431, 400 for an oversized body, …) is answered and the connection
/// closed: its framing can no longer be trusted, and reading the rest would be unbounded work.
public struct HTTPConnection {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse
    public typealias FailureResponse = @Sendable (HTTPFailure) -> HTTPResponse

    let socket: Socket
    let pool: any AsyncSocketPool
    let id: Int
    let registry: ConnectionRegistry
    let limits: HTTPLimits
    let executor: (any TaskExecutor)?
    let handler: Handler
    let failureResponse: FailureResponse

    /// After an error answer, at most this much of what the client still sends is read and dropped.
    static let lingerBytes = 8 << 20

    func run() async {
        var buffer: [UInt8] = []
        do {
            while try await serveOne(&buffer) {}
        } catch let failure as HTTPFailure {
            registry.enter(id, .writing)
            if (try? await write(failureResponse(failure).encoded(keepAlive: false))) != nil {
                await lingeringClose()
            }
        } catch {
            // The client left, a deadline shut the socket, or the server is stopping.
        }
        registry.remove(id)
        try? socket.close()
    }

    /// Reads, answers and writes one request; false when the connection should close.
    private func serveOne(_ buffer: inout [UInt8]) async throws -> Bool {
        registry.enter(id, .idle)
        var scanner = HTTPHeadScanner(limits: limits)
        var bodyStart: Int
        var inHead = false
        while true {
            if case .complete(let end) = try scanner.scan(buffer) {
                bodyStart = end
                break
            }
            if !inHead, scanner.hasStarted {
                registry.enter(id, .head)  // from the first byte, the whole head has one deadline
                inHead = true
            }
            guard let bytes = try await readSome() else { return false }  // the client left
            buffer.append(contentsOf: bytes)
        }
        let head = try HTTPRequestHead.parse(buffer[..<bodyStart])
        registry.enter(id, .body)
        let body = try await readBody(of: head, buffer: &buffer, from: bodyStart)
        // The answer is worked out in a task of its own, which the reaper cancels if the client
        // leaves meanwhile: a 1 MB query's work must not go on for nobody.
        let request = HTTPRequest(head: head, body: body)
        let handler = self.handler
        let work = Task(executorPreference: executor) { await handler(request) }
        registry.handling(id) { work.cancel() }
        let response = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        let keepAlive = head.keepAlive && !response.closes
        registry.enter(id, .writing)
        try await write(response.encoded(keepAlive: keepAlive, http10: head.minorVersion == 0))
        if !keepAlive { await lingeringClose() }
        // A client that sends its next request at once would find it already readable, and
        // this task would go on without ever suspending: let the other connections have a turn.
        await Task.yield()
        return keepAlive
    }

    /// The body, refused as soon as it is known to pass the limit. Leaves in `buffer` what
    /// follows it (a pipelined request).
    private func readBody(of head: HTTPRequestHead, buffer: inout [UInt8], from start: Int) async throws -> [UInt8] {
        switch head.framing {
        case .length(let length):
            guard length <= limits.maxBodyBytes else {
                throw HTTPFailure.badRequest("request body of \(length) bytes exceeds the limit of \(limits.maxBodyBytes) bytes")
            }
            if head.expectsContinue, length > 0, buffer.count - start < length { try await write(HTTPResponse.continueHead) }
            while buffer.count - start < length {
                guard let bytes = try await readSome() else { throw SocketError.disconnected }
                buffer.append(contentsOf: bytes)
            }
            let body = Array(buffer[start..<start + length])
            buffer.removeFirst(start + length)
            return body
        case .chunked:
            var decoder = ChunkedBodyDecoder(maxBodyBytes: limits.maxBodyBytes)
            if head.expectsContinue { try await write(HTTPResponse.continueHead) }
            var pending = buffer[start...]
            while true {
                if let used = try decoder.feed(pending) {
                    buffer = Array(pending.dropFirst(used))
                    return decoder.body
                }
                guard let bytes = try await readSome() else { throw SocketError.disconnected }
                pending = bytes[...]
            }
        }
    }

    // MARK: Socket

    /// Up to 64 KiB; nil at end of file.
    private func readSome() async throws -> [UInt8]? {
        while true {
            do {
                return try socket.read(atMost: 64 * 1024)
            } catch SocketError.blocked {
                try await pool.suspendSocket(socket, untilReadyFor: .read)
            } catch SocketError.disconnected {
                return nil
            }
        }
    }

    private func write(_ data: Data) async throws {
        var sent = data.startIndex
        while sent < data.endIndex {
            do {
                sent = try socket.write(data, from: sent)
            } catch SocketError.blocked {
                try await pool.suspendSocket(socket, untilReadyFor: .write)
            }
        }
    }

    /// Closing with unread bytes makes the kernel send a reset, which can destroy the answer
    /// before the client reads it: so say "no more" (shutdown for writing), then read and drop
    /// what still comes for a bounded time and size (Apache's lingering close).
    private func lingeringClose() async {
        registry.enter(id, .closing)
        _ = shutdown(socket.file.rawValue, Int32(SHUT_WR))
        var dropped = 0
        while dropped < Self.lingerBytes, let bytes = try? await readSome() {
            dropped += bytes.count
        }
    }
}
