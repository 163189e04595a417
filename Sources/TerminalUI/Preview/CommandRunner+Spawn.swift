import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension CommandRunner {
    enum Spawned { case success(pid_t), failure(String) }

    /// `command` in the session's shell (`CommandShell.current`: `$SHELL -c`, or `--with-shell`) in a process group of its own, standard output and error into the
    /// descriptors given, standard input from /dev/null, signals back to their defaults (the UI
    /// blocks some), `environment` over this process's.
    static func spawn(_ command: String, stdout: Int32, stderr: Int32, environment: [String: String]) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        return spawn(command, actions: &actions, ownGroup: true, environment: environment)
    }

    /// fzf's `execute`: runs `command` on the terminal (standard input, output and error on
    /// /dev/tty) and waits for it, the caller having handed the terminal over (curses ended).
    /// As a shell runs a job: in a process group of its own made the terminal's foreground, so
    /// Ctrl-C and Ctrl-\ go to the command alone, Ctrl-Z stops it with us (and `fg` brings both
    /// back), and a termination signal to us ends it (SIGTERM, SIGKILL after the grace) before
    /// the session ends. Returns the exit status (nil: killed by a signal, or it could not
    /// start — `message` says why).
    static func runInTerminal(_ command: String, environment: [String: String]) -> (status: Int32?, message: String?) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        defer { if tty >= 0 { close(tty) } }
        // Only the foreground can give the terminal away; else the command stays in our group.
        let ownGroup = tty >= 0 && tcgetpgrp(tty) == getpgrp()
        return SignalGuard.ignoringInterrupts {
            switch spawn(command, actions: &actions, ownGroup: ownGroup, environment: environment) {
            case .failure(let message): return (nil, message)
            case .success(let pid):
                if ownGroup { ForegroundJob.giveTerminal(tty, to: pid) }
                let status = ForegroundJob.wait(for: pid, terminal: ownGroup ? tty : nil)
                if ownGroup { ForegroundJob.giveTerminal(tty, to: getpgrp()) }
                return (status, nil)
            }
        }
    }

    /// fzf's `become`: this process becomes the shell running `command` (the terminal already restored by
    /// the caller, standard input and output as the program got them). Returns only if the
    /// shell could not be started, with why.
    public static func replaceProcess(with command: String, environment: [String: String]) -> String {
        fflush(nil)
        let shell = CommandShell.current
        let arguments = shell.argv(command)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp = environmentBlock(adding: environment)
        defer { (argv + envp).forEach { free($0) } }
        // Signals we ignore or block would stay so across exec: the command gets the defaults.
        var empty = sigset_t()
        sigemptyset(&empty)
        sigprocmask(SIG_SETMASK, &empty, nil)
        for signal in SignalGuard.terminationSignals + SignalGuard.loopSignals { Glibc.signal(signal, SIG_DFL) }
        // As fzf's become: the command reads the terminal, not the data piped in (it was read).
        if isatty(STDIN_FILENO) == 0 {
            let terminal = open("/dev/tty", O_RDONLY | O_CLOEXEC)
            if terminal >= 0 {
                dup2(terminal, STDIN_FILENO)
                close(terminal)
            }
        }
        execve(shell.executablePath(), &argv, &envp)
        return "cannot run \(shell.program): \(String(cString: strerror(errno)))"
    }

    private static func spawn(
        _ command: String, actions: inout posix_spawn_file_actions_t, ownGroup: Bool, environment: [String: String]
    ) -> Spawned {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let shell = CommandShell.current
        let arguments = shell.argv(command)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp = environmentBlock(adding: environment)
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        // `posix_spawnp`: a shell named without a slash is looked up in PATH, as fzf's (Go's) exec does.
        let result = posix_spawnp(&pid, shell.program, &actions, &attributes, &argv, &envp)
        guard result == 0 else { return .failure("cannot run \(shell.program): \(String(cString: strerror(result)))") }
        if ownGroup { ChildProcessGroups.register(pid) }
        return .success(pid)
    }

    /// This process's environment with `extra` over it, as `NAME=value` C strings (to free).
    /// The inherited entries are copied as the bytes they are: a value that is not UTF-8 reaches
    /// the command unchanged.
    private static func environmentBlock(adding extra: [String: String]) -> [UnsafeMutablePointer<CChar>?] {
        var entries: [UnsafeMutablePointer<CChar>?] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let length = strchr(entry, Int32(UInt8(ascii: "="))).map { $0 - entry } ?? strlen(entry)
            let name = String(decoding: UnsafeRawBufferPointer(start: entry, count: length), as: UTF8.self)
            if extra[name] == nil { entries.append(strdup(entry)) }
            pointer += 1
        }
        // NUL cannot be in an environment string; the value stops there otherwise.
        entries += extra.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value.filter { $0 != "\0" })") }
        return entries + [nil]
    }
}
