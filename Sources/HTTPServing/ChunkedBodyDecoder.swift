/// Decodes a `Transfer-Encoding: chunked` body as its bytes arrive, each byte looked at once,
/// refusing it as soon as the body passes the limit or a size line or the trailer grows
/// beyond a few KiB. Chunk extensions and trailer fields are read and dropped.
public struct ChunkedBodyDecoder: Sendable {
    private enum State: Sendable {
        case size(value: Int, digits: Int, inExtension: Bool, lineBytes: Int)
        case data(remaining: Int)
        case dataEnd(sawCR: Bool)
        case trailer(lineBytes: Int)
        case done
    }

    static let maxLineBytes = 4096
    private let maxBodyBytes: Int
    private var state = State.size(value: 0, digits: 0, inExtension: false, lineBytes: 0)
    private var trailerBytes = 0
    public private(set) var body: [UInt8] = []

    public init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Consumes `bytes`; returns how many belonged to the body once it is complete (the rest
    /// is the next request), nil while more are needed.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) throws(HTTPFailure) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch state {
            case .data(let remaining):
                let take = min(remaining, bytes.endIndex - index)
                body.append(contentsOf: bytes[index..<index + take])
                index += take
                state = remaining == take ? .dataEnd(sawCR: false) : .data(remaining: remaining - take)
                continue
            case .done:
                return index - bytes.startIndex
            default:
                break
            }
            try step(bytes[index])
            index += 1
            if case .done = state { return index - bytes.startIndex }
        }
        return nil
    }

    private mutating func step(_ byte: UInt8) throws(HTTPFailure) {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        switch state {
        case .size(let value, let digits, let inExtension, let lineBytes):
            guard lineBytes < Self.maxLineBytes else { throw .badRequest("a chunk size line longer than \(Self.maxLineBytes) bytes") }
            if byte == lf {
                guard digits > 0 else { throw .badRequest("malformed chunk size") }
                try endSizeLine(value)
            } else if byte == cr || inExtension {
                state = .size(value: value, digits: digits, inExtension: inExtension, lineBytes: lineBytes + 1)
            } else if byte == UInt8(ascii: ";") {
                state = .size(value: value, digits: digits, inExtension: true, lineBytes: lineBytes + 1)
            } else if let digit = Self.hexValue(byte), digits < 8 {
                state = .size(value: value * 16 + digit, digits: digits + 1, inExtension: false, lineBytes: lineBytes + 1)
            } else {
                throw .badRequest("malformed chunk size")
            }
        case .dataEnd(let sawCR):
            if byte == lf {
                state = .size(value: 0, digits: 0, inExtension: false, lineBytes: 0)
            } else if byte == cr, !sawCR {
                state = .dataEnd(sawCR: true)
            } else {
                throw .badRequest("a chunk longer than its size")
            }
        case .trailer(let lineBytes):
            trailerBytes += 1
            guard trailerBytes <= Self.maxLineBytes * 2 else { throw HTTPFailure(status: 431, "chunked trailer too large") }
            if byte == lf {
                if lineBytes == 0 { state = .done } else { state = .trailer(lineBytes: 0) }
            } else if byte != cr {
                state = .trailer(lineBytes: lineBytes + 1)
            }
        case .data, .done:
            break
        }
    }

    private mutating func endSizeLine(_ size: Int) throws(HTTPFailure) {
        if size == 0 {
            state = .trailer(lineBytes: 0)
            return
        }
        guard size <= maxBodyBytes - body.count else {
            throw .badRequest("request body exceeds the limit of \(maxBodyBytes) bytes")
        }
        state = .data(remaining: size)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
