import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe: other threads (and signal handlers) write a byte to wake the event loop
/// out of `poll`. Both ends are non-blocking: a full pipe already means "wake up", so a
/// failed write loses nothing, and draining stops when the pipe is empty.
final class WakePipe: Sendable {
    let readFD: Int32
    /// Guarded so that a late `wake()` from a background task can never write into a
    /// descriptor number that `close()` released and the process reused for something else.
    private let writeFD: Mutex<Int32>
    /// The raw write end, for signal handlers (which must not take locks). They are
    /// uninstalled before the pipe is closed.
    let signalSafeWriteFD: Int32

    init() throws(TerminalError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .system("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = Mutex(fds[1])
        signalSafeWriteFD = fds[1]
    }

    /// Callable from any thread, any number of times.
    func wake() {
        writeFD.withLock { fd in
            guard fd >= 0 else { return }
            var byte: UInt8 = 1
            _ = write(fd, &byte, 1)
        }
    }

    /// Empties the pipe; true if anything was in it.
    @discardableResult
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        var any = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if n > 0 { any = true; continue }
            if n < 0 && errno == EINTR { continue }
            return any
        }
    }

    /// Closes both ends; later `wake()` calls do nothing.
    func close() {
        writeFD.withLock { fd in
            if fd >= 0 { _ = Glibc.close(fd) }
            fd = -1
        }
        _ = Glibc.close(readFD)
    }
}

/// Why the terminal could not be set up.
public enum TerminalError: Error, Sendable, CustomStringConvertible {
    /// /dev/tty could not be opened: no controlling terminal (e.g. under CI or cron).
    case noTerminal(errno: Int32)
    /// curses could not start on the terminal (unknown TERM, for instance).
    case cursesFailed(term: String)
    /// A system call failed.
    case system(String, Int32)

    public var description: String {
        switch self {
        case .noTerminal(let e): "cannot open /dev/tty: \(String(cString: strerror(e)))"
        case .cursesFailed(let term): "cannot start curses on terminal type '\(term)'"
        case .system(let call, let e): "\(call) failed: \(String(cString: strerror(e)))"
        }
    }
}
