import CNcurses

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gathers what curses writes for one frame and hands it to the terminal in one `write`.
///
/// ncurses (6.4, as Debian builds it) flushes its output buffer at each cursor move inside
/// `doupdate`, so one keystroke's frame reached the terminal as 20 to 30 small writes, one
/// per changed row or so. Every write wakes the terminal emulator, which on a busy machine
/// takes the CPU between them, so the frame was only whole on screen after all those round
/// trips; fzf writes a frame at once. So while curses draws, the descriptor it writes to is
/// pointed at an in-memory file, and what it gathered goes to the terminal afterwards in one
/// write (more only if the kernel takes it in parts).
final class FrameCapture {
    /// The descriptor curses writes to (its output FILE's); pointed back at the terminal
    /// whenever curses is not drawing, so everything else (tty modes, sizes) sees the terminal.
    let target: Int32
    /// The terminal, also under a number of its own that is never redirected: the frames go
    /// out through it, and so do the crash path's bytes (a signal may come mid-capture).
    let terminal: Int32
    /// Where curses' bytes gather during a capture: an in-memory file, so no frame is too big.
    private let buffer: Int32
    private var bytes: [UInt8] = []

    /// nil when the descriptors cannot be had (then curses writes to the terminal as it likes).
    init?(target: Int32) {
        let terminal = fcntl(target, F_DUPFD_CLOEXEC, 0)
        guard terminal >= 0 else { return nil }
        let buffer = Self.memoryFile()
        guard buffer >= 0 else {
            _ = close(terminal)
            return nil
        }
        self.target = target
        self.terminal = terminal
        self.buffer = buffer
    }

    deinit {
        _ = close(buffer)
        _ = close(terminal)
    }

    /// Runs `draw` (curses' `doupdate`) with `target` writing into the buffer, then writes what
    /// it wrote to the terminal at once. Returns how many bytes the frame took.
    @discardableResult
    func capture(_ draw: () -> Void) -> Int {
        guard lseek(buffer, 0, SEEK_SET) == 0, dup2(buffer, target) >= 0 else {
            draw()
            return 0
        }
        draw()
        let count = Int(lseek(buffer, 0, SEEK_CUR))
        _ = dup2(terminal, target)
        guard count > 0 else { return 0 }
        if bytes.count < count { bytes = [UInt8](repeating: 0, count: count) }
        let read = bytes.withUnsafeMutableBytes { pread(buffer, $0.baseAddress, count, 0) }
        guard read > 0 else { return 0 }
        Self.writeAll(bytes, count: read, to: terminal)
        return read
    }

    /// Writes `count` bytes, through partial writes and interruptions; gives up on an error
    /// (the terminal went away: the loop sees the hang-up on its next poll).
    static func writeAll(_ bytes: [UInt8], count: Int, to fd: Int32) {
        var offset = 0
        while offset < count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 100)
            } else {
                return
            }
        }
    }

    /// An in-memory file; where the system has none, an unlinked temporary file.
    private static func memoryFile() -> Int32 {
        let fd = cn_memfd("instantsearch-frame")
        if fd >= 0 { return fd }
        var template = Array("/tmp/instantsearch-frame-XXXXXX".utf8CString)
        let temporary = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard temporary >= 0 else { return -1 }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        _ = fcntl(temporary, F_SETFD, FD_CLOEXEC)
        return temporary
    }
}
