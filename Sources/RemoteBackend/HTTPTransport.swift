import CCurl
import HTTPParsing
import InstantSearchCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One JSON request over libcurl (HTTP and HTTPS, TLS included; no SwiftNIO, no URLSession),
/// the answer parsed once, with every failure turned into a message a stats line can show as
/// it is: "cannot reach http://…: connection refused", "HTTP 403: invalid API key",
/// "malformed response: …", "timed out after 5 s". Every HTTP backend uses it (Algolia's
/// protocol, Elasticsearch). Credentials in the URL (`http://user:pass@host:9200`) become a
/// Basic authorization header, kept out of the URL that messages name.
public struct HTTPTransport: Sendable {
    public let baseURL: URL
    public let headers: [String: String]
    public let timeout: Duration
    /// The message of an error answer's body (Algolia: `message`).
    public let errorMessage: @Sendable (JSONValue) -> String?

    public init(
        baseURL: URL, headers: [String: String] = [:], timeout: Duration = .seconds(5),
        errorMessage: @escaping @Sendable (JSONValue) -> String? = { $0["message"]?.stringValue }
    ) {
        var headers = headers
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        if let user = components?.user {
            let token = Data("\(user):\(components?.password ?? "")".utf8).base64EncodedString()
            headers["Authorization"] = "Basic \(token)"
            components?.user = nil
            components?.password = nil
        }
        self.baseURL = components?.url ?? baseURL
        self.headers = headers
        self.timeout = timeout
        self.errorMessage = errorMessage
    }

    /// The server as a person would name it: "http://127.0.0.1:7700".
    public var origin: String {
        var text = "\(baseURL.scheme ?? "http")://\(baseURL.host ?? "?")"
        if let port = baseURL.port { text += ":\(port)" }
        return text
    }

    /// Sends `body` (or nothing, for GET) to `path` and returns the parsed JSON answer.
    public func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        var lines = headers.map { "\($0.key): \($0.value)" }
        if body != nil { lines.append("Content-Type: application/json") }
        let curl: CurlLibrary
        do {
            curl = try CurlLibrary.loaded.get()
        } catch {
            throw SearchError.backend(error.description)
        }
        let exchange = CurlExchange(
            curl: curl, url: baseURL.appendingPathComponent(path).absoluteString, method: method, headers: lines,
            body: body.map { Array($0.serialized().utf8) }, timeout: timeout)
        let answer = try await exchange.run()
        try Task.checkCancellation()
        let status: Int
        let data: [UInt8]
        switch answer {
        case .failed(let code): throw describe(code, curl: curl)
        case .answered(let code, let bytes):
            status = code
            data = bytes
        }
        let json = Result { try JSONParser.parse(data, file: path) }
        guard (200..<300).contains(status) else {
            let message = (try? json.get()).flatMap(errorMessage) ?? String(decoding: data.prefix(200), as: UTF8.self).trimmingBlanksAndLineEnds()
            throw SearchError.backend("HTTP \(status): \(message.isEmpty ? HTTPFailure.reason(status).lowercased() : message)")
        }
        do {
            return try json.get()
        } catch {
            throw SearchError.malformedResponse("\(path): \(error)")
        }
    }

    /// libcurl's failures in a few words; cancellation stays cancellation.
    func describe(_ code: CURLcode, curl: CurlLibrary) -> any Error {
        let reason: String
        switch code {
        case CURLE_ABORTED_BY_CALLBACK: return CancellationError()
        case CURLE_OPERATION_TIMEDOUT:
            let seconds = timeout.components.seconds
            return SearchError.backend("timed out after \(seconds > 0 ? "\(seconds) s" : "\(timeout)")")
        case CURLE_COULDNT_CONNECT: reason = "connection refused"
        case CURLE_COULDNT_RESOLVE_HOST: reason = "unknown host"
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: reason = "connection lost"
        case CURLE_WEIRD_SERVER_REPLY:
            return SearchError.malformedResponse("not an HTTP answer from \(origin)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
            reason = "TLS failed (\(curl.describe(code)))"
        default: reason = curl.describe(code).lowercased()
        }
        return SearchError.backend("cannot reach \(origin): \(reason)")
    }
}

/// One request on a libcurl easy handle, performed on a thread of its own (curl_easy_perform
/// blocks); the task's cancellation stops it at libcurl's next progress call.
private final class CurlExchange: @unchecked Sendable {
    enum Answer: Sendable {
        case answered(status: Int, body: [UInt8])
        case failed(CURLcode)
    }

    /// Far above any search answer: a service that keeps sending is cut off here.
    static let maxAnswerBytes = 256 << 20

    let curl: CurlLibrary
    let url: String
    let method: String
    let headers: [String]
    let body: [UInt8]?
    let timeout: Duration
    let cancelled = Atomic<Bool>(false)
    private let waiting = Mutex<CheckedContinuation<Answer, any Error>?>(nil)
    var received: [UInt8] = []

    init(curl: CurlLibrary, url: String, method: String, headers: [String], body: [UInt8]?, timeout: Duration) {
        self.curl = curl
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The answer; on the task's cancellation, CancellationError at once (the thread's own
    /// answer, when it comes, is dropped).
    func run() async throws -> Answer {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
                waiting.withLock { $0 = continuation }
                if cancelled.load(ordering: .relaxed) {
                    finish(.failure(CancellationError()))
                    return
                }
                Threads.start(named: "instantsearch http", stackSize: 1 << 20) { [self] in finish(.success(perform())) }
            }
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
            finish(.failure(CancellationError()))
        }
    }

    /// Resumes the waiting task once, whichever comes first.
    private func finish(_ outcome: Result<Answer, any Error>) {
        waiting.withLock { continuation in
            continuation?.resume(with: outcome)
            continuation = nil
        }
    }

    private func perform() -> Answer {
        guard let handle = curl.easyInit() else { return .failed(CURLE_FAILED_INIT) }
        defer { curl.easyCleanup(handle) }
        let setopt = curl.easySetopt
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers + ["Expect:"] { list = curl.slistAppend(list, header) }
        defer { curl.slistFreeAll(list) }
        let milliseconds = Int(timeout.components.seconds) * 1000 + Int(timeout.components.attoseconds / 1_000_000_000_000_000)
        let context = Unmanaged.passUnretained(self).toOpaque()
        ccurl_set_string(setopt, handle, CURLOPT_URL, url)
        ccurl_set_string(setopt, handle, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_set_string(setopt, handle, CURLOPT_CUSTOMREQUEST, method)
        ccurl_set_pointer(setopt, handle, CURLOPT_HTTPHEADER, list)
        ccurl_set_long(setopt, handle, CURLOPT_TIMEOUT_MS, max(1, milliseconds))
        // Threads of our own: no SIGALRM for DNS time-outs.
        ccurl_set_long(setopt, handle, CURLOPT_NOSIGNAL, 1)
        ccurl_set_long(setopt, handle, CURLOPT_NOPROGRESS, 0)
        ccurl_set_pointer(setopt, handle, CURLOPT_WRITEDATA, context)
        ccurl_set_pointer(setopt, handle, CURLOPT_XFERINFODATA, context)
        ccurl_set_write_function(setopt, handle) { bytes, size, count, context in
            let exchange = Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard exchange.received.count + length <= CurlExchange.maxAnswerBytes else { return 0 }
            bytes.map { exchange.received += UnsafeRawBufferPointer(start: $0, count: length) }
            return length
        }
        ccurl_set_progress_function(setopt, handle) { context, _, _, _, _ in
            Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().cancelled.load(ordering: .relaxed) ? 1 : 0
        }
        let code: CURLcode
        if let body {
            code = body.withUnsafeBufferPointer { bytes in
                ccurl_set_long(setopt, handle, CURLOPT_POSTFIELDSIZE, bytes.count)
                ccurl_set_pointer(setopt, handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                return curl.easyPerform(handle)
            }
        } else {
            if method == "GET" { ccurl_set_long(setopt, handle, CURLOPT_HTTPGET, 1) }
            code = curl.easyPerform(handle)
        }
        guard code == CURLE_OK else { return .failed(code) }
        return .answered(status: ccurl_response_code(curl.easyGetinfo, handle), body: received)
    }
}
