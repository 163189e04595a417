/// A request the HTTP front refuses before any route sees it: the status, a message for the
/// client, and whether the connection can carry on (it cannot once the framing is in doubt).
///
/// Kept free of Foundation and of the rest of the server so the fuzz target
/// (`Fuzz/HTTPRequestFuzz`) compiles the parser files on their own.
public struct HTTPFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let status: Int
    public let message: String

    public init(status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "HTTP \(status): \(message)" }

    public static func badRequest(_ message: String) -> HTTPFailure { HTTPFailure(status: 400, message) }

    /// The reason phrase of every status this server sends, and of the usual others a
    /// service answers (what a client names when the answer carries no message).
    public static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 417: return "Expectation Failed"
        case 414: return "URI Too Long"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Error"
        }
    }
}

/// How large a request may be before it is refused. Every check runs as bytes arrive, so the
/// work done on a request is linear in what was read and never more than these limits.
public struct HTTPLimits: Sendable, Equatable {
    /// The request line (method, target, version): longer gets 414.
    public var maxRequestLineBytes: Int
    /// The header section after the request line: larger gets 431.
    public var maxHeaderBytes: Int
    /// Header fields: more gets 431.
    public var maxHeaderCount: Int
    /// The body, declared or chunked: larger gets 400 and the connection is closed.
    public var maxBodyBytes: Int

    public init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 32 * 1024, maxHeaderCount: Int = 100, maxBodyBytes: Int = 1 << 20) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}
