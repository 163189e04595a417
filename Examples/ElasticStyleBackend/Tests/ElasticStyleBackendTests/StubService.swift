import FlyingFox
import FlyingSocks
import Foundation

/// A small HTTP service on 127.0.0.1 and a free port, answering as the test says: the
/// search service the example talks to, or a broken one.
func withStubServer<T>(
    _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse,
    _ body: (URL) async throws -> T
) async throws -> T {
    let server = HTTPServer(address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
    await server.appendRoute("*", handler: handler)
    let task = Task { try await server.run() }
    defer { task.cancel() }
    try await server.waitUntilListening(timeout: 10)
    guard case .ip4(_, let port) = await server.listeningAddress else { throw StubError() }
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

struct StubError: Error, CustomStringConvertible {
    var description: String { "the stub service bound no port" }
}
