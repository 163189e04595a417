/// Finds where a request's head (request line and header fields) ends as its bytes arrive,
/// looking at each byte once however the bytes are split between reads, and refusing as soon
/// as a limit is passed: a 1 MB request line costs 8 KiB of scanning, not a megabyte squared.
///
/// A line ends with CRLF or a bare LF (RFC 9112 §2.2); empty lines before the request line are
/// skipped but count towards its limit.
public struct HTTPHeadScanner: Sendable {
    public enum Progress: Equatable, Sendable {
        case needMore
        /// The head is `bytes[..<bodyStart]`; what follows belongs to the body or the next request.
        case complete(bodyStart: Int)
    }

    private let limits: HTTPLimits
    private var position = 0
    private var lineStart = 0
    private var requestLineEnd: Int?
    private var fieldLines = 0
    private var bodyStart: Int?

    public init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Whether any byte of a request has been seen (the idle wait is over).
    public var hasStarted: Bool { position > 0 }

    /// Scans what arrived since the last call; `bytes` holds the whole request so far.
    public mutating func scan(_ bytes: [UInt8]) throws(HTTPFailure) -> Progress {
        if let bodyStart { return .complete(bodyStart: bodyStart) }
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        while position < bytes.count {
            let index = position
            position += 1
            if bytes[index] == lf {
                let lineIsEmpty = index == lineStart || (index == lineStart + 1 && bytes[lineStart] == cr)
                if requestLineEnd == nil {
                    if !lineIsEmpty { requestLineEnd = index }
                } else if lineIsEmpty {
                    bodyStart = position
                    return .complete(bodyStart: position)
                } else {
                    fieldLines += 1
                    if fieldLines > limits.maxHeaderCount {
                        throw HTTPFailure(status: 431, "more than \(limits.maxHeaderCount) header fields")
                    }
                }
                lineStart = position
            }
            if let requestLineEnd {
                if position - requestLineEnd - 1 > limits.maxHeaderBytes {
                    throw HTTPFailure(status: 431, "header fields longer than \(limits.maxHeaderBytes) bytes")
                }
            } else if position > limits.maxRequestLineBytes {
                throw HTTPFailure(status: 414, "request line longer than \(limits.maxRequestLineBytes) bytes")
            }
        }
        return .needMore
    }
}
