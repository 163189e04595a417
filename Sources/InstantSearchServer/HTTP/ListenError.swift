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
    public let code: Int32

    public init(host: String, port: UInt16, code: Int32) {
        self.host = host
        self.port = port
        self.code = code
    }

    public var isAddressInUse: Bool { code == EADDRINUSE }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "cannot listen on \(shownHost):\(port): \(reason)"
    }

    private var reason: String {
        switch code {
        case EADDRINUSE: return "address already in use (another program is listening there; stop it or choose another --port)"
        case EACCES: return "permission denied (ports below 1024 need privileges)"
        case EADDRNOTAVAIL: return "no network interface of this machine has that address"
        default: return String(cString: strerror(code))
        }
    }
}

/// The open-file limit, raised towards its hard ceiling so the connection cap fits under it.
enum FileLimit {
    /// Descriptors kept apart from connections: the listening socket, the event queue, index files.
    static let reserve = 64

    /// Raises the soft limit (up to the hard one) to hold `needed` descriptors; returns the soft limit then in force.
    static func raise(toHold needed: Int) -> Int {
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
