import Testing

@testable import HTTPServing
@testable import InstantSearchServer

/// The HTTP front's parsing on its own: the scanner, the head parser, chunked bodies, targets,
/// keys. Every input the fuzz target (Fuzz/HTTPRequestFuzz) found troublesome belongs here.
@Suite("serve: HTTP parsing")
struct HTTPParsingTests {
    static let limits = HTTPLimits(maxRequestLineBytes: 64, maxHeaderBytes: 128, maxHeaderCount: 4)

    static func scanWhole(_ text: String) throws(HTTPFailure) -> HTTPHeadScanner.Progress {
        var scanner = HTTPHeadScanner(limits: limits)
        return try scanner.scan(Array(text.utf8))
    }

    @Test func theScannerGivesTheSameAnswerHoweverTheBytesAreSplit() throws {
        let request = Array("\r\nGET /a HTTP/1.1\r\nHost: x\nX-A: 1\r\n\r\nBODY".utf8)
        let whole = try Self.scanWhole(String(decoding: request, as: UTF8.self))
        #expect(whole == .complete(bodyStart: request.count - 4))
        for split in 1..<request.count {
            var scanner = HTTPHeadScanner(limits: Self.limits)
            #expect(try scanner.scan(Array(request[..<split])) == .needMore || split > request.count - 5)
            #expect(try scanner.scan(request) == whole)
        }
    }

    @Test func theScannerRefusesAtTheLimitNotAfterIt() {
        #expect(throws: HTTPFailure(status: 414, "request line longer than 64 bytes")) {
            try Self.scanWhole("GET /" + String(repeating: "a", count: 100))
        }
        #expect(throws: HTTPFailure(status: 431, "header fields longer than 128 bytes")) {
            try Self.scanWhole("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 200))
        }
        #expect(throws: HTTPFailure(status: 431, "more than 4 header fields")) {
            try Self.scanWhole("GET / HTTP/1.1\r\n" + String(repeating: "A: b\r\n", count: 5))
        }
        #expect(throws: Never.self) { try Self.scanWhole("GET /" + String(repeating: "a", count: 40) + " HTTP/1.1\r\n\r\n") }
    }

    static func parse(_ text: String) throws(HTTPFailure) -> HTTPRequestHead {
        try HTTPRequestHead.parse(Array(text.utf8)[...])
    }

    @Test func aHeadIsParsed() throws {
        let head = try Self.parse(
            "POST http://example.com/1/indexes/p%20q/query?x=1 HTTP/1.1\r\nX-Algolia-API-Key:  k \r\nContent-Length: 12\r\nConnection: close\r\n\r\n")
        #expect(head.method == "POST")
        #expect(head.target == "/1/indexes/p%20q/query?x=1")
        #expect(head.field("x-algolia-api-key") == "k")
        #expect(head.framing == .length(12))
        #expect(!head.keepAlive)
        let old = try Self.parse("GET / HTTP/1.0\r\n\r\n")
        #expect(!old.keepAlive)
        #expect(try Self.parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").keepAlive)
        #expect(try Self.parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").framing == .chunked)
        #expect(try Self.parse("POST / HTTP/1.1\r\nContent-Length: 3, 3\r\n\r\n").framing == .length(3))
        // Two identical fields say one length (RFC 9110 §8.6), as the README now says;
        // only lengths that differ are refused (see `malformedFramingIsRefused`).
        #expect(try Self.parse("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n").framing == .length(3))
        #expect(throws: HTTPFailure.self) { try Self.parse("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n") }
    }

    @Test(arguments: [
        ("GET  / HTTP/1.1\r\n\r\n", 400), ("GET / HTTP/1.1 \r\n\r\n", 400), ("G(T / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/3.0\r\n\r\n", 505), ("GET / HTTX/1.1\r\n\r\n", 400), ("GET x HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nA\u{1}: b\r\n\r\n", 400), ("GET / HTTP/1.1\r\nA: b\u{7f}\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: +1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nExpect: 200-ok\r\n\r\n", 417),
    ])
    func malformedHeadsAreRefused(text: String, status: Int) {
        #expect(throws: HTTPFailure.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.status == status)
        }
    }

    @Test func chunkedBodiesDecodeInAnySplit() throws {
        let encoded = Array("4\r\nWiki\r\n5;name=v\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-Trailer: y\r\n\r\nNEXT".utf8)
        for split in 0...encoded.count {
            var decoder = ChunkedBodyDecoder(maxBodyBytes: 100)
            var used = try decoder.feed(encoded[..<split])
            var offset = split
            if used == nil {
                used = try decoder.feed(encoded[split...])
            } else {
                offset = 0
            }
            #expect(String(decoding: decoder.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
            #expect(offset + (used ?? -1) == encoded.count - 4)
        }
    }

    @Test func chunkedBodiesAreBounded() {
        var small = ChunkedBodyDecoder(maxBodyBytes: 10)
        #expect(throws: HTTPFailure.self) { try small.feed(Array("b\r\nhello world\r\n0\r\n\r\n".utf8)[...]) }
        var huge = ChunkedBodyDecoder(maxBodyBytes: 10)
        #expect(throws: HTTPFailure.self) { try huge.feed(Array("fffffffffffffffff\r\n".utf8)[...]) }
        var endless = ChunkedBodyDecoder(maxBodyBytes: 10)
        #expect(throws: HTTPFailure.self) { try endless.feed(Array(("1;" + String(repeating: "x", count: 5000)).utf8)[...]) }
        var overlong = ChunkedBodyDecoder(maxBodyBytes: 10)
        #expect(throws: HTTPFailure.self) { try overlong.feed(Array("1\r\nab\r\n".utf8)[...]) }
    }

    @Test func targetsDecodeLikeURLs() {
        let target = HTTPTarget("/1/indexes/./my%20index/../products/query?X-Algolia-API-Key=a%2Bb&flag&bad=%ZZ")
        #expect(target.pathSegments == ["1", "indexes", "products", "query"])
        #expect(target.query("x-algolia-api-key") == "a+b")
        #expect(target.query("flag") == "")
        #expect(target.query("bad") == nil)
        #expect(HTTPTarget("/1/indexes/%E2%82%AC").pathSegments == ["1", "indexes", "€"])
        #expect(HTTPTarget("/%FF").pathSegments == ["%FF"])
    }

    @Test func keysCompareWholly() {
        #expect(ConstantTime.equals("secret", "secret"))
        #expect(!ConstantTime.equals("secret", "secreT"))
        #expect(!ConstantTime.equals("secret", "secret2"))
        #expect(!ConstantTime.equals("", "a"))
        #expect(ConstantTime.equals("", ""))
        #expect(ConstantTime.lookup("b", in: ["a": 1, "b": 2]) == 2)
        #expect(ConstantTime.lookup("c", in: ["a": 1, "b": 2]) == nil)
    }

    @Test func theAdminKeyComesFromOneSource() throws {
        let env = [AdminKeySource.environmentVariable: "env"]
        #expect(try AdminKeySource.resolve(option: nil, file: nil, environment: env) == "env")
        #expect(try AdminKeySource.resolve(option: "flag", file: nil, environment: env) == "flag")
        #expect(try AdminKeySource.resolve(option: nil, file: nil, environment: [AdminKeySource.environmentVariable: ""]) == nil)
        #expect(throws: ServerError.self) { try AdminKeySource.resolve(option: "a", file: "/dev/null", environment: [:]) }
        #expect(throws: ServerError.self) { try AdminKeySource.resolve(option: nil, file: "/dev/null", environment: [:]) }
        #expect(throws: ServerError.self) { try AdminKeySource.resolve(option: "", file: nil, environment: [:]) }
    }
}
