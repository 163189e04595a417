import InstantSearchCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Runs the session's shell commands (`sh -c`) off the UI thread: the `--preview` command and
/// the commands of `--bind` actions (`execute-silent`, `transform`, `reload`, …). Each `Slot`
/// runs one command at a time: starting one kills the one before it in that slot (its whole
/// process group, so `sh -c 'a | b'` goes too). Output is read on a thread of its own, up to
/// `outputLimit` bytes (then the command is killed), and handed over on the UI thread through
/// `take` after `wake` is called — the same road as search answers. Every group is also in
/// `ChildProcessGroups`, which ends them all when the session ends, however it ends.
///
/// `execute` and `become` need the terminal itself: `runInTerminal` and `replaceProcess`.
public final class CommandRunner: Sendable {
    public static let outputLimit = 256 * 1024
    /// The bound for output holding an image (kitty, iTerm2, sixel), which takes far more bytes
    /// than text; text alone is re-read whole at every chunk, so it keeps the smaller bound.
    public static let imageOutputLimit = 4 << 20
    /// Standard error kept of a command whose output goes elsewhere (shown when it fails).
    public static let errorLimit = 4 * 1024

    /// Where a command runs; one at a time in each.
    public enum Slot: Int, Sendable, CaseIterable {
        /// `--preview`, `preview(cmd)`: output and errors together, as the pane shows them.
        case preview
        /// `execute-silent`, `transform`, `transform-query`: output, errors apart.
        case action
        /// `reload`: output to the loader, errors kept apart.
        case reload
        /// `bg-transform` and its kin: output, errors apart, while the chain goes on.
        case background
        /// `--info-command`: output, errors apart.
        case info
    }

    /// Where a command's standard output goes.
    public enum Output: Sendable {
        /// Read here, standard error with it (what a terminal would show).
        case merged
        /// Read here; standard error read apart (`CommandResult.errors`).
        case separate
        /// The read end of a pipe handed to `consumer`, which closes it; errors read here.
        case handOff(@Sendable (Int32) -> Void)
    }

    private struct Run {
        var number = 0
        var processGroup: pid_t?
        var bytes: [UInt8] = []
        var errors: [UInt8] = []
        var isFinished = false
        var status: Int32?
        var isTruncated = false
        /// Whether `take` has handed over what the run holds now.
        var isTaken = true
    }

    private let runs = Mutex([Run](repeating: Run(), count: Slot.allCases.count))
    private let wake: @Sendable () -> Void

    public init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    deinit { Slot.allCases.forEach(cancel) }

    /// Kills the command running in `slot`, if any, and starts `command` with `sh -c`, with
    /// `environment` added to this process's. Returns its run number.
    @discardableResult
    public func start(_ command: String, in slot: Slot = .preview, environment: [String: String] = [:], output: Output = .merged) -> Int {
        cancel(slot)
        let number = runs.withLock { runs in
            runs[slot.rawValue] = Run(number: runs[slot.rawValue].number + 1)
            runs[slot.rawValue].isTaken = false
            return runs[slot.rawValue].number
        }
        guard let out = Self.pipe(), let err = Self.pipe() else {
            finish(slot, number, bytes: Array("no pipe: \(String(cString: strerror(errno)))\n".utf8), status: nil)
            return number
        }
        let merged: Bool
        if case .merged = output { merged = true } else { merged = false }
        let spawned = Self.spawn(command, stdout: out.write, stderr: merged ? out.write : err.write, environment: environment)
        close(out.write)
        close(err.write)
        if merged { close(err.read) }
        switch spawned {
        case .failure(let message):
            close(out.read)
            if !merged { close(err.read) }
            finish(slot, number, bytes: Array("\(message)\n".utf8), status: nil)
        case .success(let pid):
            runs.withLock { if $0[slot.rawValue].number == number { $0[slot.rawValue].processGroup = pid } }
            var streams: [(fd: Int32, isError: Bool)] = merged ? [(out.read, false)] : [(out.read, false), (err.read, true)]
            if case .handOff(let consumer) = output {
                streams.removeFirst()
                consumer(out.read)
            }
            Threads.start(named: "instantsearch command") { [self, streams] in read(streams, pid: pid, slot: slot, run: number) }
        }
        return number
    }

    /// Kills the command running in `slot`, if any (the selection moved, the pane closed, the
    /// session ended, another reload started).
    public func cancel(_ slot: Slot = .preview) {
        runs.withLock { runs in
            if let group = runs[slot.rawValue].processGroup, !runs[slot.rawValue].isFinished { kill(-group, SIGKILL) }
            runs[slot.rawValue].processGroup = nil
        }
    }

    /// The preview's latest output, if it changed since the last call.
    public func take() -> PreviewOutput? {
        take(.preview).map { PreviewOutput(run: $0.run, bytes: $0.output, isFinished: $0.isFinished, status: $0.status, isTruncated: $0.isTruncated) }
    }

    /// The latest run of `slot`, if it changed since the last call.
    public func take(_ slot: Slot) -> CommandResult? {
        runs.withLock { runs in
            let run = runs[slot.rawValue]
            guard !run.isTaken else { return nil }
            runs[slot.rawValue].isTaken = true
            return CommandResult(
                run: run.number, output: run.bytes, errors: run.errors, isFinished: run.isFinished, status: run.status,
                isTruncated: run.isTruncated)
        }
    }

    // MARK: Off the UI thread

    private func read(_ streams: [(fd: Int32, isError: Bool)], pid: pid_t, slot: Slot, run number: Int) {
        var open = streams
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        var limit = Self.outputLimit
        var truncated = false
        reading: while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for (i, descriptor) in fds.enumerated().reversed() where descriptor.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    close(descriptor.fd)
                    open.remove(at: i)
                    continue
                }
                let isError = open[i].isError
                if !isError, limit == Self.outputLimit, total + count > limit {
                    let holdsImage = runs.withLock { TerminalGraphics.startsImage(in: $0[slot.rawValue].bytes) }
                    if holdsImage || TerminalGraphics.startsImage(in: buffer[..<count]) { limit = Self.imageOutputLimit }
                }
                let kept = isError ? count : min(count, limit - total)
                if !isError { total += kept }
                let stillCurrent = runs.withLock { runs -> Bool in
                    guard runs[slot.rawValue].number == number else { return false }
                    if isError {
                        runs[slot.rawValue].errors += buffer[..<min(count, max(0, Self.errorLimit - runs[slot.rawValue].errors.count))]
                    } else {
                        runs[slot.rawValue].bytes += buffer[..<kept]
                        runs[slot.rawValue].isTaken = false
                    }
                    return true
                }
                guard stillCurrent else { break reading }
                if !isError { wake() }
                if !isError, kept < count || total >= limit {
                    truncated = true
                    kill(-pid, SIGKILL)
                    break reading
                }
            }
        }
        open.forEach { close($0.fd) }
        // Wait for the end without reaping, forget the process, then reap: `cancel` never
        // signals a number the system may already have handed to another process.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        runs.withLock { if $0[slot.rawValue].number == number { $0[slot.rawValue].processGroup = nil } }
        ChildProcessGroups.forget(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        finish(slot, number, bytes: nil, status: exited ? (status >> 8) & 0xFF : nil, truncated: truncated)
    }

    private func finish(_ slot: Slot, _ number: Int, bytes: [UInt8]?, status: Int32?, truncated: Bool = false) {
        let changed = runs.withLock { runs -> Bool in
            guard runs[slot.rawValue].number == number else { return false }
            if let bytes { runs[slot.rawValue].bytes = bytes }
            runs[slot.rawValue].isFinished = true
            runs[slot.rawValue].status = status
            runs[slot.rawValue].isTruncated = truncated
            runs[slot.rawValue].isTaken = false
            return true
        }
        if changed { wake() }
    }

    private static func pipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { return nil }
        // Neither end may leak into other children (the spawn gives the child its own copy).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}

/// What one command of a `CommandRunner` slot has written so far, and how it ended.
public struct CommandResult: Sendable, Equatable {
    public var run: Int
    /// Standard output (with standard error, for `.merged`); empty for `.handOff`.
    public var output: [UInt8]
    /// Standard error, up to `CommandRunner.errorLimit` bytes (not for `.merged`).
    public var errors: [UInt8]
    public var isFinished: Bool
    /// The exit status once finished (nil: killed by a signal, or it never started).
    public var status: Int32?
    public var isTruncated: Bool

    /// Whether it ended otherwise than with status 0.
    public var failed: Bool { isFinished && status != 0 }

    /// "exited 2: grep: f: No such file or directory", for the stats line.
    public var failure: String {
        let message =
            String(decoding: errors.isEmpty ? output.suffix(CommandRunner.errorLimit) : errors, as: UTF8.self)
            .split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        let how = status.map { "exited \($0)" } ?? "killed"
        return message.isEmpty ? how : "\(how): \(message)"
    }
}

/// The name the preview's tests and callers have known it by.
public typealias PreviewCommandRunner = CommandRunner
