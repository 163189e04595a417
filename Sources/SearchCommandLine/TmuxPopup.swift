import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// fzf's `--tmux` inside tmux: this very command line (without `--tmux`) run again in
/// `tmux display-popup -E`, standard input passed through a FIFO, what it prints written to a
/// file and copied to our standard output once the popup closes, and its exit status kept.
///
/// The popup runs `sh FILE`, a script of ours in a private directory: the environment
/// exported, then the command — every value quoted by `ShellQuoting` (over bytes), so
/// nothing in an argument or a variable is read by the shell. The default options' variables are left out: their options are
/// in the command line already.
public enum TmuxPopup {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A variable of this process's environment, its value as the bytes it holds.
    public struct Variable: Equatable, Sendable {
        public var name: String
        public var value: [UInt8]

        public init(name: String, value: [UInt8]) {
            self.name = name
            self.value = value
        }
    }

    /// Runs the popup and returns the command's exit status.
    public static func run(
        _ spec: TmuxPopupSpec, executable: String, arguments: [String], environment: [Variable] = currentEnvironment(),
        directory: String = FileManager.default.currentDirectoryPath
    ) throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)  // the popup's command may stop reading its input: a write error, not a signal
        let workspace = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let (output, status, script) = (workspace + "/output", workspace + "/status", workspace + "/run.sh")
        var input: String?
        if isatty(STDIN_FILENO) == 0 {
            let fifo = workspace + "/input"
            guard mkfifo(fifo, 0o600) == 0 else {
                throw Failure(description: "--tmux: cannot make a FIFO in \(workspace): \(String(cString: strerror(errno)))")
            }
            input = fifo
        }
        let text = scriptText(
            command: [executable] + arguments, input: input, output: output, status: status, environment: environment)
        try write(text, to: script)
        if let input { feed(input) }
        let tmux = ["display-popup", "-E", "-d", directory] + spec.popupArguments + ["sh", script]
        let started = try runTmux(tmux)
        // The popup may have closed before the command opened the FIFO (tmux failed to start
        // it): open it ourselves, so the copying thread is not left waiting for a reader.
        // Without waiting: a FIFO opened to read blocks until a writer comes, unless non-blocking.
        if let input {
            let reader = open(input, O_RDONLY | O_NONBLOCK)
            if reader >= 0 { close(reader) }
        }
        guard let text = try? String(contentsOfFile: status, encoding: .utf8), let code = Int32(text.trimmingBlanksAndLineEnds()) else {
            throw Failure(description: "--tmux: the popup did not run the search (tmux display-popup exited \(started)).")
        }
        if let data = FileManager.default.contents(atPath: output) { [UInt8](data).withUnsafeBufferPointer { StandardError.write($0, to: STDOUT_FILENO) } }
        return code
    }

    /// The script the popup runs with `sh`: the environment exported (but
    /// the default options' variables, and names sh cannot export), then the command, its input
    /// from `input`, its output to `output`, its status written to `status`. Every value is
    /// quoted by `ShellQuoting`, over bytes.
    static func scriptText(command: [String], input: String?, output: String, status: String, environment: [Variable]) -> [UInt8] {
        var text: [UInt8] = []
        for variable in environment.sorted(by: { $0.name < $1.name })
        where isShellName(variable.name) && !DefaultOptions.variables.contains(variable.name) {
            text += Array("export \(variable.name)=".utf8) + ShellQuoting.quote(bytes: variable.value) + [UInt8(ascii: "\n")]
        }
        var line = command.map { ShellQuoting.quote($0) }.joined(separator: " ")
        if let input { line += " < " + ShellQuoting.quote(input) }
        let redirections = " > " + ShellQuoting.quote(output) + "; echo $? > " + ShellQuoting.quote(status)
        line += redirections + "\n"
        return text + Array(line.utf8)
    }

    /// This process's environment as it holds it: bytes, not decoded text.
    public static func currentEnvironment() -> [Variable] {
        var variables: [Variable] = []
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                variables.append(Variable(name: String(decoding: bytes[..<equals], as: UTF8.self), value: Array(bytes[(equals + 1)...])))
            }
            entry += 1
        }
        return variables
    }

    /// Writes `bytes` to a new file at `path`, readable by us alone.
    private static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw Failure(description: "--tmux: cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "--tmux: cannot write \(path): \(String(cString: strerror(errno)))") }
            written += count
        }
    }

    private static func isShellName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    private static func temporaryDirectory() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/instantsearch-tmux-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "--tmux: cannot make a temporary directory: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Copies our standard input into the FIFO on its own thread (opening it waits for the
    /// command in the popup to open the other end).
    private static func feed(_ fifo: String) {
        Threads.start(named: "instantsearch tmux input") {
            let sink = open(fifo, O_WRONLY | O_CLOEXEC)
            guard sink >= 0 else { return }
            defer { close(sink) }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            copying: while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                guard count > 0 else { break }
                var offset = 0
                while offset < count {
                    let written = buffer.withUnsafeBytes { Glibc.write(sink, $0.baseAddress! + offset, count - offset) }
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { break copying }
                    offset += written
                }
            }
        }
    }

    private static func runTmux(_ arguments: [String]) throws -> Int32 {
        let argv = (["/usr/bin/env", "tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", nil, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "--tmux: cannot run tmux: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The exit status when it exited, else the signal that ended it.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// The command line without `--tmux` and its value, for the command in the popup.
    public static func withoutTmuxOption(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var skipNext = false
        for (index, argument) in arguments.enumerated() {
            if skipNext {
                skipNext = false
                continue
            }
            if argument == "--" { return result + arguments[index...] }
            if argument.hasPrefix("--tmux=") { continue }
            if argument == "--tmux" {
                skipNext = true
                continue
            }
            result.append(argument)
        }
        return result
    }
}
