import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The shell every command of the session runs in (`--preview`, `execute`, `reload`, `become`,
/// `FZF_DEFAULT_COMMAND`), as fzf 0.74 starts them: `$SHELL -c COMMAND` (`sh` when `SHELL` is
/// unset), or the program and arguments `--with-shell` gives (`--with-shell 'bash -c'`).
/// Placeholders are quoted for that shell: fish reads `\\` and `\'` inside single quotes, so
/// for fish both are escaped, as fzf escapes them; every other shell gets POSIX quoting.
public struct CommandShell: Sendable, Equatable {
    /// A path, or a name looked up in PATH.
    public let program: String
    /// What comes between the program and the command (`-c`).
    public let arguments: [String]

    public init(program: String, arguments: [String]) {
        (self.program, self.arguments) = (program, arguments)
    }

    /// fzf's default: `$SHELL -c`, `sh -c` without SHELL.
    public static func standard(environment: [String: String]) -> CommandShell {
        CommandShell(program: environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "sh", arguments: ["-c"])
    }

    /// `--with-shell`'s words (split as a shell splits them, by the caller): the program, then its arguments.
    public init(words: [String]) throws(LineOptionError) {
        guard let first = words.first, !first.isEmpty else { throw LineOptionError("--with-shell: give a shell and its flags, e.g. 'bash -c'") }
        (program, arguments) = (first, Array(words.dropFirst()))
    }

    /// The program's path: as given when it holds a slash, else the first of PATH's folders
    /// holding an executable of that name (as `execvp` looks), else the name as it is.
    public func executablePath() -> String {
        guard !program.contains("/"), let path = getenv("PATH") else { return program }
        for folder in String(cString: path).split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return program
    }

    /// The words a command runs as.
    public func argv(_ command: String) -> [String] { [program] + arguments + [command] }

    public var isFish: Bool { program.split(separator: "/").last == "fish" }

    /// `bytes` as one single-quoted word of this shell (NUL bytes left out: no argument holds one).
    public func quote(bytes: some Sequence<UInt8>) -> [UInt8] {
        guard isFish else { return ShellQuoting.quote(bytes: bytes) }
        var out: [UInt8] = [UInt8(ascii: "'")]
        for byte in bytes {
            switch byte {
            case 0: continue
            case UInt8(ascii: "'"), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "'"))
        return out
    }

    public func quote(_ text: String) -> String { String(decoding: quote(bytes: text.utf8), as: UTF8.self) }

    private static let chosen = Mutex<CommandShell?>(nil)

    /// The session's shell: set once at start from the command line, else fzf's default.
    public static var current: CommandShell {
        get { chosen.withLock { $0 } ?? standard(environment: environmentVariables()) }
        set { chosen.withLock { $0 = newValue } }
    }

    private static func environmentVariables() -> [String: String] {
        guard let shell = getenv("SHELL") else { return [:] }
        return ["SHELL": String(cString: shell)]
    }
}
