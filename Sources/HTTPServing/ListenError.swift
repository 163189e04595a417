#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the server could not start listening, said plainly: "address already in use", not a
/// socket error code, and at once (no waiting for a listener that will never come).
public struct ListenError: Error, Equatable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: UInt16
    /// A Unix socket's path (host and port are then empty).
    public let path: String?
    public let code: Int32
    /// Said instead of the system's reason (a file in the socket's place, say).
    public let explanation: String?

    public init(host: String, port: UInt16, code: Int32) {
        self.host = host
        self.port = port
        self.code = code
        path = nil
        explanation = nil
    }

    public init(path: String, code: Int32, explanation: String? = nil) {
        host = ""
        port = 0
        self.path = path
        self.code = code
        self.explanation = explanation
    }

    public var isAddressInUse: Bool { code == EADDRINUSE }

    public var description: String {
        if let path { return "cannot listen on \(path): \(explanation ?? reason)" }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "cannot listen on \(shownHost):\(port): \(explanation ?? reason)"
    }

    private var reason: String {
        switch code {
        case EADDRINUSE where path != nil: return "another program is listening on this socket"
        case EADDRINUSE: return "address already in use (another program is listening there; stop it or choose another port)"
        case EACCES: return "permission denied (ports below 1024 need privileges)"
        case EADDRNOTAVAIL: return "no network interface of this machine has that address"
        default: return String(cString: strerror(code))
        }
    }
}

/// The open-file limit, raised towards its hard ceiling so the connection cap fits under it.
public enum FileLimit {
    /// Descriptors kept apart from connections: the listening socket, the event queue, index files.
    public static let reserve = 64

    /// Raises the soft limit (up to the hard one) to hold `needed` descriptors; returns the soft limit then in force.
    public static func raise(toHold needed: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return needed }
        if limit.rlim_cur != infinity, Int(clamping: limit.rlim_cur) < needed {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == infinity ? rlim_t(needed) : min(limit.rlim_max, rlim_t(needed))
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == infinity ? Int.max : Int(clamping: limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    private static let infinity = rlim_t.max  // glibc's RLIM_INFINITY, which Swift cannot import
    #else
    private static let resource = RLIMIT_NOFILE
    private static let infinity = RLIM_INFINITY
    #endif
}
