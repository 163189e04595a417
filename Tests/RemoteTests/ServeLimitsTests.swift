import Foundation
import InstantSearchCore
import Testing

@testable import HTTPServing
@testable import InstantSearchServer

/// `serve` under requests no client should send: each is refused with its status, in time
/// linear in what was read, the connection closed, and the server still answering after.
@Suite("serve: size limits and refusals", .serialized)
struct ServeLimitsTests {
    /// Answers one more request on a fresh connection: the server is still there.
    static func stillAnswers(_ server: RunningServer) async throws {
        let port = server.port
        let answer = try await offThread {
            let connection = try RawConnection.open(port: port)
            defer { connection.close() }
            connection.send(rawRequest())
            return connection.readResponse()
        }
        #expect(answer?.status == 200)
        #expect(answer?.body.contains("\"items\"") == true)
    }

    /// Sends `request` (all of it, if the server lets it) and reads until the server closes.
    static func refusal(_ server: RunningServer, _ request: [UInt8]) async throws -> (text: String, closed: Bool) {
        let port = server.port
        return try await offThread {
            let connection = try RawConnection.open(port: port)
            defer { connection.close() }
            connection.send(request)
            return connection.readUntilClosed()
        }
    }

    @Test func aOneMegabyteRequestLineGets414AndTheConnectionCloses() async throws {
        try await withServer { server in
            let line = Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20) + Array(" HTTP/1.1\r\n\r\n".utf8)
            let (text, closed) = try await Self.refusal(server, line)
            #expect(text.hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
            #expect(text.contains("request line longer than 8192 bytes"))
            #expect(closed)
            try await Self.stillAnswers(server)
        }
    }

    @Test func hugeHeadersGet431() async throws {
        try await withServer { server in
            let long = rawRequest(headers: ["X-Padding: " + String(repeating: "b", count: 100_000)])
            let (text, closed) = try await Self.refusal(server, Array(long.utf8))
            #expect(text.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
            #expect(closed)
            let many = rawRequest(headers: (0..<300).map { "X-Field-\($0): v" })
            let second = try await Self.refusal(server, Array(many.utf8))
            #expect(second.text.hasPrefix("HTTP/1.1 431 "))
            #expect(second.text.contains("more than 100 header fields"))
            try await Self.stillAnswers(server)
        }
    }

    @Test func anOversizedDeclaredBodyGets400AndTheConnectionCloses() async throws {
        try await withServer(maxBodyBytes: 1024) { server in
            // The body is promised and never sent: the answer must not wait for it.
            let head = "POST /1/indexes/products/query HTTP/1.1\r\nX-Algolia-API-Key: admin\r\nContent-Length: 10000000\r\n\r\n"
            let (text, closed) = try await Self.refusal(server, Array(head.utf8))
            #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(text.contains("Connection: close"))
            #expect(text.contains("exceeds the limit of 1024 bytes"))
            #expect(closed)
            try await Self.stillAnswers(server)
        }
    }

    @Test func anOversizedChunkedBodyGets400() async throws {
        try await withServer(maxBodyBytes: 1024) { server in
            let head = "POST /1/indexes/products/query HTTP/1.1\r\nX-Algolia-API-Key: admin\r\nTransfer-Encoding: chunked\r\n\r\n"
            let chunk = "800\r\n" + String(repeating: "a", count: 2048) + "\r\n0\r\n\r\n"
            let (text, closed) = try await Self.refusal(server, Array((head + chunk).utf8))
            #expect(text.hasPrefix("HTTP/1.1 400 "))
            #expect(closed)
        }
    }

    @Test func malformedFramingIsRefused() async throws {
        try await withServer { server in
            let cases: [(String, String)] = [
                ("GET /1/indexes HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", "400"),
                ("GET /1/indexes HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", "400"),
                ("GET /1/indexes HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "400"),
                ("GET /1/indexes HTTP/1.1\r\nX-Bad : v\r\n\r\n", "400"),
                ("GET /1/indexes HTTP/1.1\r\nX-A: v\r\n folded\r\n\r\n", "400"),
                ("GET /1/indexes HTTP/2.0\r\n\r\n", "505"),
                ("GET /1/indexes HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", "501"),
                ("NOT A REQUEST\r\n\r\n", "400"),
            ]
            for (request, status) in cases {
                let (text, closed) = try await Self.refusal(server, Array(request.utf8))
                #expect(text.hasPrefix("HTTP/1.1 \(status) "), "\(request.debugDescription) → \(text.prefix(40))")
                #expect(closed)
            }
            try await Self.stillAnswers(server)
        }
    }

    @Test func chunkedBodiesContinueAndPipelinedRequestsAreAnswered() async throws {
        try await withServer { server in
            let port = server.port
            let answers = try await offThread {
                let connection = try RawConnection.open(port: port)
                defer { connection.close() }
                let chunked =
                    "POST /1/indexes/products/query HTTP/1.1\r\nX-Algolia-API-Key: admin\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n" + "9\r\n{\"query\":\r\n7;ext=1\r\n \"sony\"\r\n1\r\n}\r\n0\r\nTrailer: x\r\n\r\n"
                // Two requests in one write: answered in order on the one connection.
                connection.send(chunked + rawRequest())
                let first = connection.readResponse()
                let second = connection.readResponse()
                // A client that waits for 100 Continue before sending its body gets it.
                connection.send(
                    "POST /1/indexes/products/query HTTP/1.1\r\nX-Algolia-API-Key: admin\r\n"
                        + "Expect: 100-continue\r\nContent-Length: 2\r\n\r\n")
                let interim = connection.readResponse()
                connection.send("{}")
                let third = connection.readResponse()
                return [first, second, interim, third]
            }
            #expect(answers[0]?.status == 200)
            #expect(answers[0]?.body.contains("\"query\":\"sony\"") == true)
            #expect(answers[1]?.status == 200)
            #expect(answers[1]?.body.contains("\"items\"") == true)
            #expect(answers[2]?.status == 100)
            #expect(answers[3]?.status == 200)
        }
    }

    @Test func aBusyPortIsSaidPlainly() async throws {
        try await withServer { server in
            let second = try SearchServer(
                service: SearchService(backend: Demo.backend, keys: Demo.keys), options: .init(port: server.port))
            do {
                try await second.start()
                Issue.record("a second server started on a port in use")
                await second.stop()
            } catch let error as ListenError {
                #expect(error.isAddressInUse)
                #expect("\(error)".contains("address already in use"))
                #expect("\(error)".contains("127.0.0.1:\(server.port)"))
            }
        }
    }
}
