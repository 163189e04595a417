import Foundation
import Glibc  // the tests run on Linux, as CI does

/// A client on a bare TCP socket, for what URLSession will not send: a megabyte request line,
/// a header that never ends, a body promised and never sent, a connection left idle.
/// Blocking calls with receive and send time-outs; run them through `offThread`.
final class RawConnection: @unchecked Sendable {
    let descriptor: Int32
    /// Bytes read past the last response (a pipelined answer that came in the same read).
    private var pending: [UInt8] = []

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    static func open(port: UInt16, timeout seconds: Int = 20) throws -> RawConnection {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let message = String(cString: strerror(errno))
            _ = Glibc.close(fd)
            throw HarnessError("connect: \(message)")
        }
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return RawConnection(descriptor: fd)
    }

    /// Sends all of `bytes`; false once the server has closed or reset the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Everything the server sends until it closes; `closed` is false when the wait timed out instead.
    func readUntilClosed() -> (text: String, closed: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                bytes.append(contentsOf: buffer[..<n])
            } else {
                let timedOut = n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
                return (String(decoding: bytes, as: UTF8.self), !timedOut)
            }
        }
    }

    /// One response on a kept-alive connection: the head, then as many bytes as Content-Length says.
    func readResponse() -> (status: Int, body: String)? {
        var bytes = pending
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if bytes.count - end >= length {
                    pending = Array(bytes[(end + length)...])
                    let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                    return (status, String(decoding: bytes[end..<end + length], as: UTF8.self))
                }
            }
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return nil }
            bytes.append(contentsOf: buffer[..<n])
        }
    }

    /// Whether the server has closed its side, without waiting.
    var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        let n = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Waits at most `seconds` for the peer to close (or for anything to read), then says
    /// whether it has closed: a wait that ends as soon as the server acts, not a fixed pause.
    func isClosedByPeer(within seconds: Double) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&watched, 1, Int32(seconds * 1000))
        return isClosedByPeer
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// Runs blocking socket calls on a thread of their own, never on the cooperative pool the
/// server under test needs (two cores: two cooperative threads).
func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A plain request line and headers for the demo server, with the admin key.
func rawRequest(_ method: String = "GET", _ path: String = "/1/indexes", headers: [String] = [], body: String = "") -> String {
    var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "X-Algolia-API-Key: admin"] + headers
    if !body.isEmpty || method == "POST" { lines.append("Content-Length: \(body.utf8.count)") }
    return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
}

/// Raises this process's open-file limit to its ceiling; returns the limit then in force.
func raiseOpenFileLimit() -> Int {
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    return Int(clamping: limit.rlim_cur)
}
