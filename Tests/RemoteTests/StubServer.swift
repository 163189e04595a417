import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A small HTTP server on 127.0.0.1 and a free port, answering with whatever a test says:
/// a stand-in for "any service", a broken one, or a slow one.
func withStubServer<T>(
    _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
    _ body: (URL) async throws -> T
) async throws -> T {
    let server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
    await server.appendRoute("*", handler: handler)
    let task = Task { try await server.run() }
    defer { task.cancel() }
    try await server.waitUntilListening(timeout: 10)
    guard case .ip4(_, let port) = await server.listeningAddress else { throw HarnessError("the stub bound no port") }
    do {
        let result = try await body(URL(string: "http://127.0.0.1:\(port)")!)
        await server.stop(timeout: 1)
        return result
    } catch {
        await server.stop(timeout: 1)
        throw error
    }
}

func jsonResponse(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
    HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: Data(text.utf8))
}

/// Holds a stub's answer back until the test opens it: a service that has not answered yet,
/// for as long as the test needs, without a clock.
final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let passes = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if passes { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}
