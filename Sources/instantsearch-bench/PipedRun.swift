import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One whole process as a script runs it: `cat FILE | PROGRAM ARGS`, its output read to the
/// end. No shell: the program runs under `--peak` (`reportPeak`), which times it from its start
/// to its exit and reads its peak memory from `wait4`. Not spawned from here: a process spawned
/// (or forked) from this one, which may hold hundreds of megabytes of generated lines, starts
/// with this one's resident size as its peak, and `wait4` would report that.
enum PipedRun {
    struct Outcome {
        var wallMS: Double
        var peakMB: Double
        var status: Int32
        /// What the program printed: its size and a digest, to compare two programs' output.
        var bytes: Int
        var digest: UInt64
    }

    /// `cat file | program arguments`, the output consumed by this process.
    static func run(program: String, arguments: [String], file: String) throws -> Outcome {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw BenchFailure("pipe failed: errno \(errno)") }
        let peakFile = NSTemporaryDirectory() + "instantsearch-bench-\(getpid())-filter.peak"
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        let cat = try spawn(["/bin/cat", file], stdin: nil, stdout: input[1], closing: [input[0], output[0], output[1]])
        let tool = try spawn(
            [KeyLatencySide.benchExecutable, "--peak", peakFile, "--", program] + arguments, stdin: input[0], stdout: output[1],
            closing: [input[1], output[0]])
        close(input[0])
        close(input[1])
        close(output[1])
        // FNV-1a over the output: equal outputs give equal digests, and a difference shows.
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        var bytes = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(output[0], &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes += n
            for byte in buffer[0..<n] { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        close(output[0])
        var status: Int32 = 0
        while waitpid(tool, &status, 0) < 0, errno == EINTR {}
        // "PEAK_KB WALL_MS", as `reportPeak` writes it.
        let measured = ((try? String(contentsOfFile: peakFile, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var catStatus: Int32 = 0
        while waitpid(cat, &catStatus, 0) < 0, errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard measured.count == 2 else { throw BenchFailure("\(program) left no peak and time") }
        return Outcome(wallMS: measured[1], peakMB: measured[0] / 1024, status: exit, bytes: bytes, digest: digest)
    }

    /// `arguments[0]` started with the given standard input and output (nil: this process's),
    /// the descriptors in `closing` closed in the child.
    static func spawn(_ arguments: [String], stdin: Int32?, stdout: Int32?, closing: [Int32] = []) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
            posix_spawn_file_actions_addclose(&actions, stdin)
        }
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
            posix_spawn_file_actions_addclose(&actions, stdout)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0]!, &actions, nil, argv, environ)
        guard result == 0 else { throw BenchFailure("cannot start \(arguments[0]): errno \(result)") }
        return pid
    }

    /// `instantsearch-bench --peak FILE -- COMMAND…`: runs the command with this process's
    /// standard streams, then writes its peak resident memory in kilobytes (its own, or its
    /// largest waited-for descendant's) and its wall time from start to exit in milliseconds
    /// into FILE, and exits with its status. The keystroke tool starts programs this way, so that an interactive session's
    /// memory is read when it ends.
    static func reportPeak(into file: String, command: [String]) -> Never {
        let started = ContinuousClock.now
        guard !command.isEmpty, let child = try? spawn(command, stdin: nil, stdout: nil) else { exit(127) }
        // The session is the terminal's: a Ctrl-C or a hang-up is for the command, which ends.
        signal(SIGINT, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0, errno == EINTR {}
        let wall = milliseconds(since: started)
        try? "\(usage.ru_maxrss) \(wall)\n".write(toFile: file, atomically: true, encoding: .utf8)
        exit((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }
}
