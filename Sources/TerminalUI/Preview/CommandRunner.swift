import Foundation
import Synchronization

/// Runs `--preview` commands off the UI thread, one at a time: starting one kills the one
/// before it (its whole process group, so `sh -c 'a | b'` goes too). The output is read on a
/// thread of its own, up to `outputLimit` bytes (then the command is killed), and handed over
/// through `take()` on the UI thread after `wake` is called — the same road as search answers.
public final class PreviewCommandRunner: Sendable {
    public static let outputLimit = 256 * 1024

    private struct Run {
        var number = 0
        var processGroup: pid_t?
        var bytes: [UInt8] = []
        var isFinished = false
        var status: Int32?
        var isTruncated = false
        /// Whether `take()` has handed over what `bytes` holds now.
        var isTaken = true
    }

    private let current = Mutex(Run())
    private let wake: @Sendable () -> Void

    public init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    deinit { cancel() }

    /// Kills the command running, if any, and starts `command` with `sh -c`. Returns its run number.
    @discardableResult
    public func start(_ command: String) -> Int {
        cancel()
        let number = current.withLock { run in
            run = Run(number: run.number + 1)
            run.isTaken = false
            return run.number
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            finish(number, bytes: Array("preview: no pipe: \(String(cString: strerror(errno)))\n".utf8), status: nil)
            return number
        }
        // Neither end may leak into other children (the spawn gives the child its own copy).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let spawned = Self.spawn(command, output: fds[1])
        close(fds[1])
        switch spawned {
        case .failure(let message):
            close(fds[0])
            finish(number, bytes: Array("preview: \(message)\n".utf8), status: nil)
        case .success(let pid):
            current.withLock { if $0.number == number { $0.processGroup = pid } }
            let reader = fds[0]
            let thread = Thread { [self] in read(from: reader, pid: pid, run: number) }
            thread.start()
        }
        return number
    }

    /// Kills the command running, if any (the selection moved, the pane closed, the session ended).
    public func cancel() {
        current.withLock { run in
            if let group = run.processGroup, !run.isFinished { kill(-group, SIGKILL) }
            run.processGroup = nil
        }
    }

    /// The latest run's output, if it changed since the last call.
    public func take() -> PreviewOutput? {
        current.withLock { run in
            guard !run.isTaken else { return nil }
            run.isTaken = true
            return PreviewOutput(run: run.number, bytes: run.bytes, isFinished: run.isFinished, status: run.status, isTruncated: run.isTruncated)
        }
    }

    // MARK: Off the UI thread

    private func read(from fd: Int32, pid: pid_t, run number: Int) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        var truncated = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let kept = min(count, Self.outputLimit - total)
            total += kept
            let stillCurrent = current.withLock { run -> Bool in
                guard run.number == number else { return false }
                run.bytes += buffer[..<kept]
                run.isTaken = false
                return true
            }
            guard stillCurrent else { break }
            wake()
            if kept < count || total >= Self.outputLimit {
                truncated = true
                kill(-pid, SIGKILL)
                break
            }
        }
        close(fd)
        // Wait for the end without reaping, forget the process, then reap: `cancel` never
        // signals a number the system may already have handed to another process.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        current.withLock { if $0.number == number { $0.processGroup = nil } }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        finish(number, bytes: nil, status: exited ? (status >> 8) & 0xFF : nil, truncated: truncated)
    }

    private func finish(_ number: Int, bytes: [UInt8]?, status: Int32?, truncated: Bool = false) {
        let changed = current.withLock { run -> Bool in
            guard run.number == number else { return false }
            if let bytes { run.bytes = bytes }
            run.isFinished = true
            run.status = status
            run.isTruncated = truncated
            run.isTaken = false
            return true
        }
        if changed { wake() }
    }

    private enum Spawned { case success(pid_t), failure(String) }

    /// `sh -c command` in a process group of its own, standard output and error into `output`,
    /// standard input from /dev/null, signals back to their defaults (the UI blocks some).
    private static func spawn(_ command: String, output: Int32) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
        return result == 0 ? .success(pid) : .failure(String(cString: strerror(result)))
    }
}
