import Foundation
import Testing

/// Drives a program in a real terminal: a private tmux server, `send-keys` to type,
/// `capture-pane` to read the screen (the way fzf tests itself).
final class Tmux {
    let socket = "instantsearch-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let session = "e2e"
    let workDirectory: URL

    /// Starts a bash shell in a terminal of the given size, in a fresh temporary directory;
    /// `shell` runs another (the shell integration's tests: zsh, fish), `environment` adds
    /// NAME=value words (already quoted for the shell that runs tmux's command).
    init(width: Int = 100, height: Int = 30, shell: String = "bash --norc --noprofile", environment: [String] = []) throws {
        workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("instantsearch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        // The server forks from this first command and would keep a pipe open forever:
        // give it no pipe.
        try run(
            quietly: true,
            [
                "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)",
                "-c", workDirectory.path,
                "env -i HOME=\(workDirectory.path) PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") TERM=screen-256color LANG=C.UTF-8 PS1='$ ' \(environment.joined(separator: " ")) \(shell)",
            ])
        try run(["set-option", "-t", session, "remain-on-exit", "on"])
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// Types text literally (no key names).
    func type(_ text: String) throws {
        try run(["send-keys", "-t", session, "-l", text])
    }

    /// Sends tmux key names: "Enter", "Tab", "BTab", "C-c", "F3", "Space", "Escape", "Down".
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", session] + keys)
    }

    /// Sends many tmux key names at once (a burst, as keys held down send them).
    func press(contentsOf keys: [String]) throws {
        try run(["send-keys", "-t", session] + keys)
    }

    /// Runs a shell command line in the pane's shell.
    func shell(_ commandLine: String) throws {
        try type(commandLine)
        try press("Enter")
    }

    /// Pastes `text` the way a terminal does when the program asked for bracketed paste
    /// (tmux wraps it in ESC [200~ … ESC [201~ only then); newlines go as carriage returns.
    func paste(_ text: String) throws {
        let file = workDirectory.appendingPathComponent("paste-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try run(["load-buffer", "-b", "pasted", file.path])
        try run(["paste-buffer", "-p", "-d", "-b", "pasted", "-t", session])
    }

    /// Whether the pane is on the alternate screen (a curses program that has not left).
    func onAlternateScreen() throws -> Bool {
        try run(["display-message", "-p", "-t", session, "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Changes the terminal's size, as a user dragging the window would.
    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", session])
    }

    /// The screen with its colours and attributes as SGR sequences (`capture-pane -e`).
    func styledScreen() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", session])
    }

    /// Waits until the screen satisfies `condition` and has settled: the same on two captures
    /// in a row, so a frame caught half-drawn does not count. On time-out, fails showing the
    /// screen. The limit is generous: it only bounds a broken run, it measures nothing.
    @discardableResult
    func waitFor(
        _ description: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        var previous: String?
        while Date() < deadline {
            last = try screen()
            if condition(last), last == previous { return last }
            previous = condition(last) ? last : nil
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(description); the screen was:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxError.timedOut(description)
    }

    /// Presses `key` until the selected row (the one holding `marker`) satisfies `condition`,
    /// waiting after each press for the selection to move, so no press is wasted or doubled.
    func moveSelection(
        marker: String = "▌", with key: String = "Down", limit: Int = 30,
        sourceLocation: SourceLocation = #_sourceLocation, until condition: (String) -> Bool
    ) throws {
        func selectedRow(_ screen: String) -> String {
            screen.split(separator: "\n").first { $0.contains(marker) }.map(String.init) ?? ""
        }
        for _ in 0..<limit {
            let row = selectedRow(try screen())
            if condition(row) { return }
            try press(key)
            try waitFor("the selection to move from \(row)", sourceLocation: sourceLocation) { selectedRow($0) != row }
        }
        Issue.record("no selected row matched after \(limit) presses of \(key)", sourceLocation: sourceLocation)
        throw TmuxError.timedOut("selection")
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    func file(_ name: String) -> String? {
        try? String(contentsOf: workDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    @discardableResult
    private func run(quietly: Bool = false, _ arguments: [String]) throws -> String {
        let (status, output) = try spawn("tmux", ["-L", socket, "-f", "/dev/null"] + arguments, captureOutput: !quietly)
        guard status == 0 else {
            throw TmuxError.failed("tmux \(arguments.joined(separator: " ")) exited \(status): \(output)")
        }
        return output
    }
}

enum TmuxError: Error {
    case timedOut(String)
    case failed(String)
}

/// Where the binary under test and the demo data are.
enum Project {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: String {
        ProcessInfo.processInfo.environment["INSTANTSEARCH_BIN"]
            ?? root.appendingPathComponent(".build/debug/instantsearch").path
    }

    /// The end-to-end tests' crashing stand-in (Sources/terminal-probe), beside the binary.
    static var probe: String {
        URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("terminal-probe").path
    }

    static func resource(_ name: String) -> String {
        root.appendingPathComponent("Resources/demo/\(name)").path
    }

    static var demoCommand: String {
        "\(binary) \(resource("products.json")) \(resource("categories.json"))"
    }
}
