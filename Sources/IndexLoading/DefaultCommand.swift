import InstantSearchCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// fzf's `FZF_DEFAULT_COMMAND`: with standard input a terminal and no input named, the lines
/// come from this command, run as fzf runs it — in the session's shell (`CommandShell.current`:
/// `$SHELL -c COMMAND`, `sh` when `SHELL` is unset, or `--with-shell`), standard input from /dev/null, standard error left to the terminal — and read as
/// piped lines are.
public enum DefaultCommand {
    public static let variable = "FZF_DEFAULT_COMMAND"

    /// The command to run, when there is one to run: the variable set and not empty.
    public static func command(in environment: [String: String]) -> String? {
        guard let command = environment[variable], !command.isEmpty else { return nil }
        return command
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The command's process group, ended with this process (it could otherwise outlive a
    /// session that quit before it finished).
    private static let group = Atomic<Int32>(0)

    /// Starts the command; returns the read end of its standard output.
    public static func start(_ command: String, environment: [String: String]) throws(Failure) -> Int32 {
        let shell = CommandShell.current
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "\(variable): cannot make a pipe: \(String(cString: strerror(errno)))") }
        // Neither end is inherited by a later command of the session (the child's copy is its fd 1).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let arguments = shell.argv(command)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        // `posix_spawnp`: a SHELL without a slash is looked up in PATH, as Go's exec does.
        let result = posix_spawnp(&pid, shell.program, &actions, &attributes, &argv, environ)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            throw Failure(description: "\(variable): cannot run \(shell.program): \(String(cString: strerror(result)))")
        }
        if group.exchange(pid, ordering: .sequentiallyConsistent) == 0 {
            atexit {
                let pid = DefaultCommand.group.exchange(0, ordering: .sequentiallyConsistent)
                if pid > 0 { kill(-pid, SIGTERM) }
            }
        }
        return pipeEnds[0]
    }
}
