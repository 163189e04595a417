#if canImport(Glibc)
import Glibc
#endif

/// `--listen [ADDR:]PORT`, fzf's remote control: where the HTTP endpoint listens. Without an
/// address, loopback (127.0.0.1); another address only with an API key (`INSTANTSEARCH_API_KEY`),
/// since whoever reaches it can run commands as the user. Port 0 takes a free one (commands learn
/// it from `INSTANTSEARCH_PORT`).
public struct ListenAddress: Sendable, Equatable {
    public static let keyVariable = "INSTANTSEARCH_API_KEY"

    /// IPv4, as dotted decimal.
    public var host: String
    public var port: Int
    /// Required in the `x-api-key` header of every request, when set.
    public var apiKey: String?

    public init(host: String = "127.0.0.1", port: Int, apiKey: String? = nil) {
        self.host = host
        self.port = port
        self.apiKey = apiKey
    }

    /// Reads `PORT`, `ADDR:PORT` or `localhost:PORT`; `apiKey` from the environment.
    public init(parsing spec: String, apiKey: String?) throws(ListenAddressError) {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { throw .malformed(spec) }
        var host = parts.count == 2 ? parts[0] : "127.0.0.1"
        if host == "localhost" || host.isEmpty { host = "127.0.0.1" }
        guard let port = Int(parts.last ?? ""), (0...65_535).contains(port) else { throw .badPort(spec) }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { throw .badAddress(spec) }
        let key = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.init(host: host, port: port, apiKey: key)
        if !isLoopback && key == nil { throw .needsKey(spec) }
    }

    /// 127.0.0.0/8.
    public var isLoopback: Bool { host.hasPrefix("127.") }
}

public enum ListenAddressError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case badPort(String)
    case badAddress(String)
    case needsKey(String)

    public var description: String {
        switch self {
        case .malformed(let spec): return "--listen \"\(spec)\": expected [ADDR:]PORT, e.g. 6266 or 127.0.0.1:6266"
        case .badPort(let spec): return "--listen \"\(spec)\": the port must be 0 to 65535"
        case .badAddress(let spec): return "--listen \"\(spec)\": the address must be an IPv4 address such as 127.0.0.1, or localhost"
        case .needsKey(let spec):
            return "--listen \"\(spec)\": an address other than loopback needs an API key in \(ListenAddress.keyVariable) (whoever reaches it can run commands)"
        }
    }
}
