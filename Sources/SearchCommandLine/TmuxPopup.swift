import Foundation

/// fzf's `--tmux` inside tmux: this very command line (without `--tmux`) run again in
/// `tmux display-popup -E`, standard input passed through a FIFO, what it prints written to a
/// file and copied to our standard output once the popup closes, and its exit status kept.
///
/// The popup runs `sh FILE`, a script of ours in a private directory: the environment
/// exported, then the command — every value single-quoted, so nothing in an argument or a
/// variable is read by the shell. `INSTANTSEARCH_DEFAULT_OPTS` is left out: its options are
/// in the command line already.
public enum TmuxPopup {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs the popup and returns the command's exit status.
    public static func run(
        _ spec: TmuxPopupSpec, executable: String, arguments: [String], environment: [String: String],
        directory: String = FileManager.default.currentDirectoryPath
    ) throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)  // the popup's command may stop reading its input: a write error, not a signal
        let workspace = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let (output, status, script) = (workspace + "/output", workspace + "/status", workspace + "/run.sh")
        var command = ([executable] + arguments).map(shellQuoted).joined(separator: " ")
        var input: String?
        if isatty(STDIN_FILENO) == 0 {
            let fifo = workspace + "/input"
            guard mkfifo(fifo, 0o600) == 0 else {
                throw Failure(description: "--tmux: cannot make a FIFO in \(workspace): \(String(cString: strerror(errno)))")
            }
            command += " < " + shellQuoted(fifo)
            input = fifo
        }
        command += " > " + shellQuoted(output) + "; echo $? > " + shellQuoted(status)
        let exports = environment.keys.sorted().filter { isShellName($0) && $0 != DefaultOptions.variable }
            .map { "export \($0)=\(shellQuoted(environment[$0]!))" }
        try (exports + [command]).joined(separator: "\n").appending("\n").write(toFile: script, atomically: true, encoding: .utf8)
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
        guard let text = try? String(contentsOfFile: status, encoding: .utf8), let code = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "--tmux: the popup did not run the search (tmux display-popup exited \(started)).")
        }
        if let data = FileManager.default.contents(atPath: output) { FileHandle.standardOutput.write(data) }
        return code
    }

    /// A value as one word for sh: single-quoted, each ' written as '\''.
    static func shellQuoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func isShellName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    private static func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/instantsearch-tmux-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "--tmux: cannot make a temporary directory: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Copies our standard input into the FIFO on its own thread (opening it waits for the
    /// command in the popup to open the other end).
    private static func feed(_ fifo: String) {
        let thread = Thread {
            guard let sink = FileHandle(forWritingAtPath: fifo) else { return }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                guard count > 0 else { break }
                do { try sink.write(contentsOf: Data(buffer[0..<count])) } catch { break }
            }
            try? sink.close()
        }
        thread.start()
    }

    private static func runTmux(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        do {
            try process.run()
        } catch {
            throw Failure(description: "--tmux: cannot run tmux: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        return process.terminationStatus
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
