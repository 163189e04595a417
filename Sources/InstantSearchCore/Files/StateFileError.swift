#if canImport(Glibc)
import Glibc
#endif

/// Why a state file was not read or written.
public struct StateFileError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case symbolicLink(target: String?)
        /// "a directory", "a FIFO", "a device", "a socket".
        case notRegular(String)
        /// Owned by another user.
        case notOwned
        /// The folder named is a link, not a folder, or another user's.
        case folderNotOurs(String)
        case tooLarge(limit: Int)
        /// Another process held its lock too long.
        case locked
        case system(String, Int32)
    }

    public let path: String
    public let problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// Not a file of the user's where one should be: left alone, neither read nor written.
    public var isRefusal: Bool {
        switch problem {
        case .symbolicLink, .notRegular, .notOwned, .folderNotOurs: true
        case .tooLarge, .locked, .system: false
        }
    }

    public var reason: String {
        switch problem {
        case .symbolicLink(let target): "is a symbolic link" + (target.map { " (to '\($0)')" } ?? "")
        case .notRegular(let kind): "is \(kind), not a regular file"
        case .notOwned: "belongs to another user"
        case .folderNotOurs(let folder): "its folder \(folder) is not a folder of yours (a symbolic link, not a folder, or another user's)"
        case .tooLarge(let limit): "is larger than \(limit >> 20) MiB"
        case .locked: "another instance held it locked for too long"
        case .system(let what, let code): "\(what): \(String(cString: strerror(code)))"
        }
    }

    public var description: String {
        "\(path): \(reason)" + (isRefusal ? "; left as it is, neither read nor written (remove it to start afresh)" : "")
    }
}
