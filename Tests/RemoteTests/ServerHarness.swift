import Foundation
import InstantSearchCore
import InstantSearchServer
import SearchEngine

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The demo indices, built once for every test of this target.
enum Demo {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String { root.appendingPathComponent("Resources/demo/\(name)").path }

    static let backend: EmbeddedBackend = {
        // The test data ships with the project; failing to read it is a broken checkout.
        try! EmbeddedBackend(paths: [path("products.json"), path("categories.json")])
    }()

    /// admin: everything; "search-all": every index; "search-cat": categories only.
    static let keys = APIKeys(adminKey: "admin", searchKeys: ["search-all": nil, "search-cat": ["categories"]])
}

/// A real `SearchServer` on 127.0.0.1 and a free port, for the length of one test.
struct RunningServer {
    let server: SearchServer
    let task: Task<Void, any Error>
    let port: UInt16

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    static func start(keys: APIKeys = Demo.keys, maxBodyBytes: Int = 64 * 1024) async throws -> RunningServer {
        try await start(keys: keys, options: .init(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes))
    }

    static func start(
        keys: APIKeys = Demo.keys, options: SearchServer.Options, backend: EmbeddedBackend = Demo.backend
    ) async throws -> RunningServer {
        let server = try SearchServer(service: SearchService(backend: backend, keys: keys), options: options)
        let port = try await server.start()
        let task = Task { try await server.run() }
        return RunningServer(server: server, task: task, port: port)
    }

    func stop() async {
        await server.stop()
        task.cancel()
    }

    /// One request with raw bytes; the status and the body parsed as JSON (nil when it is not).
    func send(
        _ method: String, _ path: String, key: String? = "admin", body: String? = nil
    ) async throws -> (status: Int, json: [String: Any]?) {
        let (status, data) = try await exchange(method, path, key: key, body: body)
        return (status, try? JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// One request; the status and the whole body as JSON, its objects' keys sorted (JSON gives
    /// them no order), for tests that compare whole answers (nil when the body is not JSON).
    func answer(
        _ method: String, _ path: String, key: String? = "admin", body: String? = nil
    ) async throws -> (status: Int, body: JSONValue?) {
        let (status, data) = try await exchange(method, path, key: key, body: body)
        return (status, (try? JSONParser.parse(Array(data), file: "answer"))?.sortingKeys)
    }

    private func exchange(_ method: String, _ path: String, key: String?, body: String?) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 20
        request.setValue("test-app", forHTTPHeaderField: "X-Algolia-Application-Id")
        if let key { request.setValue(key, forHTTPHeaderField: "X-Algolia-API-Key") }
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

/// Runs `body` against a fresh server and always stops it, whatever the test did.
func withServer<T>(
    keys: APIKeys = Demo.keys, maxBodyBytes: Int = 64 * 1024, _ body: (RunningServer) async throws -> T
) async throws -> T {
    try await withServer(keys: keys, options: .init(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes), body)
}

func withServer<T>(
    keys: APIKeys = Demo.keys, options: SearchServer.Options, backend: EmbeddedBackend = Demo.backend,
    _ body: (RunningServer) async throws -> T
) async throws -> T {
    let running = try await RunningServer.start(keys: keys, options: options, backend: backend)
    do {
        let result = try await body(running)
        await running.stop()
        return result
    } catch {
        await running.stop()
        throw error
    }
}

/// JSON written in a test, read as an answer is (its keys sorted); nil when malformed, which no
/// answer equals.
func json(_ text: String) -> JSONValue? { (try? JSONParser.parse(Array(text.utf8), file: "expected"))?.sortingKeys }

/// Algolia's error body.
func algoliaError(_ message: String, _ status: Int) -> JSONValue {
    ["message": .string(message), "status": .number(Double(status))]
}

extension JSONValue {
    /// The same value with every object's keys in sorted order, so that two values compare as
    /// JSON does.
    var sortingKeys: JSONValue {
        switch self {
        case .array(let items): return .array(items.map(\.sortingKeys))
        case .object(let fields):
            return .object(.init(uniqueKeysWithValues: fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sortingKeys) }))
        default: return self
        }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
