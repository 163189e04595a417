import Foundation
import Testing

/// Signals sent to the real binary in tmux: every one whose default action ends the process
/// leaves the terminal as the shell had it (the same `stty -g`, the alternate screen left);
/// Ctrl-Z suspends and `fg` brings the session back; a crash restores, names its report and
/// ends at once.
@Suite(.serialized) struct SignalSessionTests {
    /// Starts the binary on a copy of the demo products named `name.json` (so `pkill -f`
    /// finds this process only), after saving the shell's tty modes in before.txt.
    private func start(_ name: String, in tmux: Tmux, redirect: String = "; echo \"exit=$?\"") throws -> String {
        let data = tmux.workDirectory.appendingPathComponent("\(name).json")
        try FileManager.default.copyItem(atPath: Project.resource("products.json"), toPath: data.path)
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.binary) \(data.path)\(redirect)")
        try tmux.waitFor("\(name) 338")
        #expect(try tmux.onAlternateScreen())
        return data.path
    }

    /// The shell's tty modes now, compared with before.txt.
    private func expectModesRestored(_ tmux: Tmux, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try !tmux.onAlternateScreen(), "the alternate screen is left", sourceLocation: sourceLocation)
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"), sourceLocation: sourceLocation)
    }

    /// Waits until the program has left the alternate screen: keys typed before that would
    /// go to the program, not to the shell.
    private func waitForTheShell(_ tmux: Tmux, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = Date().addingTimeInterval(20)
        while try tmux.onAlternateScreen() {
            guard Date() < deadline else {
                Issue.record("the program never left the alternate screen", sourceLocation: sourceLocation)
                throw TmuxError.timedOut("the shell")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Linux numbers, for the exit status 128 + N the program reports.
    static let endingSignals: [(name: String, number: Int)] = [
        ("USR1", 10), ("USR2", 12), ("ALRM", 14), ("PIPE", 13), ("XCPU", 24), ("XFSZ", 25), ("VTALRM", 26),
        ("PROF", 27), ("HUP", 1), ("INT", 2), ("QUIT", 3), ("TERM", 15),
    ]

    @Test(arguments: endingSignals.map(\.name))
    func aSignalThatEndsTheProcessRestoresTheTerminal(signal: String) throws {
        let number = try #require(Self.endingSignals.first { $0.name == signal }?.number)
        let tmux = try Tmux()
        let data = try start("sig\(signal.lowercased())", in: tmux)
        try spawn("pkill", ["-\(signal)", "-f", data])
        try tmux.waitFor("exit=\(128 + number)")
        try expectModesRestored(tmux)
    }

    @Test func killSegvFromOutsideRestoresAndEndsTheProcess() throws {
        let tmux = try Tmux()
        let data = try start("sigsegv", in: tmux)
        // A debug build starts again at start-up for its crash settings (CrashReport), under its own name.
        let pid = try spawn("pgrep", ["-f", data]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "instantsearch\n")
        try spawn("pkill", ["-SEGV", "-f", data])
        // Killed by the signal itself (status 128 + 11), not left running after a backtrace.
        try tmux.waitFor("exit=139")
        try expectModesRestored(tmux)
        #expect(try spawn("pgrep", ["-f", data]).status == 1, "no process left")
    }

    @Test func ctrlZSuspendsAndFgRedrawsTheSession() throws {
        let tmux = try Tmux()
        _ = try start("suspended", in: tmux, redirect: " > out.json")
        try tmux.type("sony")
        try tmux.waitFor("results for sony") { $0.contains("❯ sony") && $0.contains("Sony Bravia") }
        try tmux.press("C-z")
        try tmux.waitFor("the shell's job message") { $0.contains("Stopped") }
        try expectModesRestored(tmux)
        try tmux.shell("fg")
        // The whole screen again, the query kept; typing goes on where it was.
        try tmux.waitFor("the session back") { $0.contains("❯ sony") && $0.contains("Sony Bravia") && $0.contains("Hits F2") }
        #expect(try tmux.onAlternateScreen())
        try tmux.type(" play")
        try tmux.waitFor("results for sony play") { $0.contains("❯ sony play") && $0.contains("PlayStation") && !$0.contains("Sony Bravia") }
        try tmux.press("C-c")
        try waitForTheShell(tmux)
        try tmux.shell("echo \"exit=$?\"")
        try tmux.waitFor("exit=130")
        try expectModesRestored(tmux)
    }

    @Test func sigtstpFromOutsideSuspendsLikeCtrlZ() throws {
        let tmux = try Tmux()
        let data = try start("tstp", in: tmux, redirect: " > out.json")
        try spawn("pkill", ["-TSTP", "-f", data])
        try tmux.waitFor("the shell's job message") { $0.contains("Stopped") }
        try expectModesRestored(tmux)
        try tmux.shell("fg")
        try tmux.waitFor("the session back") { $0.contains("tstp 338") && $0.contains("Hits F2") }
        try tmux.press("C-c")
        try waitForTheShell(tmux)
        try tmux.shell("echo \"exit=$?\"")
        try tmux.waitFor("exit=130")
    }

    /// A real fault inside a running session (the probe traps on "!"): the terminal comes
    /// back, standard error names the report file, which holds the backtrace, and the process
    /// ends at once (Swift's backtracer would otherwise wait 30 s for a key on a terminal).
    @Test func aCrashRestoresTheTerminalNamesItsReportAndEndsAtOnce() throws {
        let tmux = try Tmux(width: 220)  // the report's path on one line
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.probe); echo \"exit=$?\"")
        try tmux.waitFor("probe ready")
        try tmux.press("!")
        // SIGILL: Swift's trap for the out-of-range index. The limit is well under the
        // backtracer's 30 s prompt.
        let screen = try tmux.waitFor("exit=132", timeout: 15)
        try expectModesRestored(tmux)
        let line = try #require(screen.split(separator: "\n").first { $0.contains("the crash report is in ") })
        let path = String(line[line.range(of: "the crash report is in ")!.upperBound...]).trimmingCharacters(in: .whitespaces)
        #expect(path.hasPrefix(tmux.workDirectory.path + "/.local/state/instantsearch/crashes/terminal-probe-"))
        let report = try String(contentsOfFile: path, encoding: .utf8)
        #expect(report.contains("crashed"))
        #expect(report.contains("terminal-probe"))
    }
}
