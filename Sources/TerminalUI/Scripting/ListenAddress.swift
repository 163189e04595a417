#if canImport(Glibc)
import Glibc
#endif

/// `--listen [ADDR:]PORT | PATH.sock`, fzf's remote control: where the HTTP endpoint listens.
/// As fzf 0.74 reads it: a bare `--listen` takes a free port on loopback (commands learn it from
/// `INSTANTSEARCH_PORT` and `FZF_PORT`); a path ending in `.sock` is a Unix socket only the user
/// can reach (`INSTANTSEARCH_SOCK`, `FZF_SOCK`); an address other than loopback needs an API
/// key (`INSTANTSEARCH_API_KEY`, or fzf's `FZF_API_KEY`), since whoever reaches it can act as
/// the user — and there, actions that run a command are refused unless `--listen-unsafe`.
public struct ListenAddress: Sendable, Equatable {
    /// Where the key is read from, ours first.
    public static let keyVariables = ["INSTANTSEARCH_API_KEY", "FZF_API_KEY"]
    /// fzf's suffix for a socket path.
    public static let socketSuffix = ".sock"

    public enum Place: Sendable, Equatable {
        /// An IPv4 address, dotted decimal; port 0 takes a free one.
        case tcp(host: String, port: Int)
        case socket(path: String)
    }

    public var place: Place
    /// Required in the `x-api-key` header of every request, when set.
    public var apiKey: String?
    /// `--listen-unsafe`: actions that run commands are taken from another address too.
    public var unsafe: Bool

    public init(place: Place, apiKey: String? = nil, unsafe: Bool = false) {
        self.place = place
        self.apiKey = apiKey
        self.unsafe = unsafe
    }

    /// Reads `""` (fzf's bare `--listen`), `PORT`, `ADDR:PORT`, `localhost:PORT` or `PATH.sock`;
    /// the key from `environment`.
    public init(parsing spec: String, environment: [String: String], unsafe: Bool = false) throws(ListenAddressError) {
        let key = Self.keyVariables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        if spec.hasSuffix(Self.socketSuffix) {
            self.init(place: .socket(path: spec), apiKey: key, unsafe: unsafe)
            return
        }
        let parts = spec.isEmpty ? ["0"] : spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { throw .malformed(spec) }
        var host = parts.count == 2 ? parts[0] : "127.0.0.1"
        if host == "localhost" || host.isEmpty { host = "127.0.0.1" }
        guard let port = Int(parts.last ?? ""), (0...65_535).contains(port) else { throw .badPort(spec) }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { throw .badAddress(spec) }
        self.init(place: .tcp(host: host, port: port), apiKey: key, unsafe: unsafe)
        if !isLocal && key == nil { throw .needsKey(spec) }
    }

    /// Loopback (127.0.0.0/8) or a Unix socket: only this machine's users reach it.
    public var isLocal: Bool {
        switch place {
        case .tcp(let host, _): return host.hasPrefix("127.")
        case .socket: return true
        }
    }

    /// Whether a word after a bare `--listen` is its value (fzf takes any word that is not an
    /// option; here a file to search may follow, so only what reads as an address does).
    public static func looksLikeValue(_ word: String) -> Bool {
        if word.hasSuffix(socketSuffix) { return true }
        let port = word.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init) ?? word
        return !port.isEmpty && port.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}

public enum ListenAddressError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case badPort(String)
    case badAddress(String)
    case needsKey(String)

    public var description: String {
        switch self {
        case .malformed(let spec): return "--listen \"\(spec)\": expected [ADDR:]PORT or PATH.sock, e.g. 6266, 127.0.0.1:6266 or /tmp/is.sock"
        case .badPort(let spec): return "--listen \"\(spec)\": the port must be 0 to 65535"
        case .badAddress(let spec): return "--listen \"\(spec)\": the address must be an IPv4 address such as 127.0.0.1, or localhost"
        case .needsKey(let spec):
            return
                "--listen \"\(spec)\": an address other than loopback needs an API key in \(ListenAddress.keyVariables[0]) or \(ListenAddress.keyVariables[1]) (whoever reaches it can act as you)"
        }
    }
}
