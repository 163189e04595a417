#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request as the routes see it: its head and its whole body.
public struct HTTPRequest: Sendable {
    public var head: HTTPRequestHead
    public var body: [UInt8]
}

/// An answer: always a complete body with its length, so a kept-alive connection stays in step.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// Close the connection after this answer (after a refused request, say).
    public var closes: Bool

    public init(status: Int, contentType: String = "application/json; charset=utf-8", body: [UInt8], closes: Bool = false) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.closes = closes
    }

    /// Status line, headers and body in one buffer: one write, so Nagle never holds the body back.
    func encoded(keepAlive: Bool, http10: Bool = false) -> Data {
        var head = "HTTP/1.1 \(status) \(HTTPFailure.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        if !keepAlive {
            head += "Connection: close\r\n"
        } else if http10 {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        var data = Data(head.utf8)
        data.append(contentsOf: body)
        return data
    }

    static let continueHead = Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
