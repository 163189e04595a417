#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library opened at its first use (`dlopen`), not linked: libcurl and libpq, with the
/// dozens of libraries they pull in (TLS, Kerberos, LDAP, SSH…), are then mapped only by a
/// process that talks to a server, and a picker over standard input starts without them.
/// Its functions are looked up once, each as a typed C function pointer.
public struct SharedLibrary: @unchecked Sendable {
    /// What a user reads when the library cannot be opened: one line naming it and what needs it.
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The library's name as a user would install it ("libcurl").
    public let name: String
    /// What needs it ("--remote and --elasticsearch"), for the message.
    public let neededBy: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `files` the dynamic loader finds (a versioned soname first, so that
    /// the runtime package is enough, the development package's bare `.so` last).
    public init(_ name: String, files: [String], neededBy: String) throws(Missing) {
        // The first file's reason: the later ones are fallbacks, their "not found" says less.
        var reason: String?
        for file in files {
            if let opened = dlopen(file, RTLD_NOW | RTLD_LOCAL) {
                self.name = name
                self.neededBy = neededBy
                handle = opened
                return
            }
            if reason == nil, let error = dlerror() { reason = String(cString: error) }
        }
        throw Missing(description: "cannot load \(name) (needed by \(neededBy)): \(reason ?? "not found")")
    }

    /// The function `symbol` as the C function pointer type `T` (`@convention(c) (…) -> …`).
    /// `T` must be the function's C signature: nothing can check it, so each is written once,
    /// beside the header's declaration it mirrors.
    public func function<T>(_ symbol: String, as type: T.Type = T.self) throws(Missing) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw Missing(description: "the installed \(name) has no \(symbol) (needed by \(neededBy))")
        }
        return unsafeBitCast(address, to: T.self)
    }

    /// A function's address untyped, for the shim's wrappers of C's variadic functions.
    public func address(_ symbol: String) throws(Missing) -> UnsafeMutableRawPointer {
        guard let address = dlsym(handle, symbol) else {
            throw Missing(description: "the installed \(name) has no \(symbol) (needed by \(neededBy))")
        }
        return address
    }
}
