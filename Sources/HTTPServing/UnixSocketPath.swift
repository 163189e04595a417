import FlyingSocks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Unix socket's file: bound only where nothing else is (a stale socket of an earlier run is
/// replaced, a live one or any other file is refused), reachable by its owner alone, and
/// removed when the front stops — if it is still the one bound.
enum UnixSocketPath {
    /// What `sun_path` holds, less its final NUL (FlyingSocks cuts longer paths short, which
    /// would bind another file than the one named).
    static let maxPathBytes = 104

    /// The socket file as bound: removed later only if it is still this file.
    struct Bound: Sendable {
        let path: String
        let device: UInt64
        let inode: UInt64

        func remove() {
            var status = stat()
            guard lstat(path, &status) == 0, UInt64(status.st_dev) == device, UInt64(status.st_ino) == inode else { return }
            unlink(path)
        }
    }

    /// Binds `socket` at `path`, mode 0600, and listens: the mode is set before `listen`, so
    /// no one else can ever connect.
    static func bind(_ socket: Socket, at path: String) throws(ListenError) -> Bound {
        guard path.utf8.count <= maxPathBytes else {
            throw ListenError(path: path, code: ENAMETOOLONG, explanation: "a Unix socket's path holds at most \(maxPathBytes) bytes")
        }
        try clear(path)
        do {
            try socket.bind(to: sockaddr_un.unix(path: path))
        } catch SocketError.failed(_, let code, _) {
            throw ListenError(path: path, code: code)
        } catch {
            throw ListenError(path: path, code: EINVAL)
        }
        var status = stat()
        guard chmod(path, 0o600) == 0, lstat(path, &status) == 0 else {
            let code = errno
            unlink(path)
            throw ListenError(path: path, code: code)
        }
        guard listen(socket.file.rawValue, 128) == 0 else {
            let code = errno
            unlink(path)
            throw ListenError(path: path, code: code)
        }
        return Bound(path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Nothing at `path`, or a socket no one listens on any more (removed): else refused.
    private static func clear(_ path: String) throws(ListenError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFSOCK else {
            throw ListenError(path: path, code: EEXIST, explanation: "a file that is not a socket is there (remove it or choose another path)")
        }
        guard !isListenedOn(path) else { throw ListenError(path: path, code: EADDRINUSE) }
        unlink(path)
    }

    private static func isListenedOn(_ path: String) -> Bool {
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un.unix(path: path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return connected == 0
    }
}
