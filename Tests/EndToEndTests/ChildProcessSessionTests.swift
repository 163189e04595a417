import Foundation
import Testing

/// Every command the session starts ends with it: closing the terminal (the tmux session goes,
/// the shell and the program get SIGHUP, the shell passes its own on), two signals at once (the
/// loop has no time to end the session itself), or a signal while `execute` holds the terminal.
/// Each command sleeps for a time no other process uses, so it is found by its command line.
@Suite(.serialized) struct ChildProcessSessionTests {
    /// The processes whose command line holds `marker` (read from /proc), "PID: COMMAND LINE"
    /// each; the program itself (whose --bind holds every marker) only when `program`.
    private func processes(holding marker: String, program: Bool = false) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            guard line.contains(marker), program == line.contains("--bind") else { return nil }
            return "\(pid): \(line)"
        }
    }

    /// Waits until `condition` holds of the processes holding `marker`; on time-out, fails
    /// naming them. The limit only bounds a broken run.
    private func waitForProcesses(
        _ description: String, holding marker: String, program: Bool = false, timeout: Double = 20,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: ([String]) -> Bool
    ) {
        let deadline = Date().addingTimeInterval(timeout)
        var found = processes(holding: marker, program: program)
        while !condition(found) {
            guard Date() < deadline else {
                Issue.record("timed out waiting for \(description); still running:\n\(found.joined(separator: "\n"))", sourceLocation: sourceLocation)
                for line in found { if let pid = Int32(line.prefix { $0 != ":" }) { kill(pid, SIGKILL) } }
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
            found = processes(holding: marker, program: program)
        }
    }

    /// Starts the binary with a reload and an execute-silent that sleep (`sh -c`, a child each),
    /// and waits until both run. Returns the marker their command lines hold.
    private func startSleepers(in tmux: Tmux, round: Int) throws -> String {
        let marker = "4242.\(getpid() % 1000)\(round)"
        try tmux.shell(
            "seq 3 | \(Project.binary) --bind 'start:reload(sleep \(marker)1; echo x),ctrl-e:execute-silent(sleep \(marker)2; echo y)'; echo \"exit=$?\"")
        try tmux.waitFor("the interface") { $0.contains(" ─────") }
        try tmux.press("C-e")
        waitForProcesses("both commands and their sleeps", holding: "sleep \(marker)") { $0.count == 4 }
        return marker
    }

    /// Closing the terminal: whichever way the signals fall (the shell's SIGHUP may come while
    /// the session is already ending), nothing is left. Three rounds, as the race went either way.
    @Test func closingTheTerminalLeavesNoCommandRunning() throws {
        for round in 1...3 {
            let tmux = try Tmux()
            let marker = try startSleepers(in: tmux, round: round)
            try spawn("tmux", ["-L", tmux.socket, "kill-session", "-t", tmux.session])
            waitForProcesses("no command left after the terminal closed (round \(round))", holding: "sleep \(marker)") { $0.isEmpty }
            waitForProcesses("the program gone", holding: marker, program: true) { $0.isEmpty }
        }
    }

    /// A second signal before the loop took the first ends the process at once (the loop may be
    /// stuck): the commands still go first. The program is stopped while both are sent, so
    /// both handlers run before the loop can look; the shell runs it without job control, so
    /// that the stop does not take the terminal away from it.
    @Test func twoSignalsAtOnceLeaveNoCommandRunning() throws {
        let tmux = try Tmux()
        try tmux.shell("set +m")
        let marker = try startSleepers(in: tmux, round: 0)
        let program = try #require(processes(holding: marker, program: true).first.flatMap { Int32($0.prefix { $0 != ":" }) })
        kill(program, SIGSTOP)
        kill(program, SIGTERM)
        kill(program, SIGHUP)
        kill(program, SIGCONT)
        waitForProcesses("no command left after two signals", holding: "sleep \(marker)") { $0.isEmpty }
        // Ended by whichever of the two signals came second.
        try tmux.waitFor("the exit status") { $0.contains("exit=143") || $0.contains("exit=129") }
    }

    /// `execute` holds the terminal (in our process group, the foreground): a signal to the
    /// program ends its command too, and the program then ends as the signal asks.
    @Test func aSignalWhileExecuteRunsEndsItsCommand() throws {
        let tmux = try Tmux()
        let marker = "4343.\(getpid() % 1000)"
        try tmux.shell("seq 3 | \(Project.binary) --bind 'ctrl-o:execute(sleep \(marker); echo after)'; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  3/") }
        try tmux.press("C-o")
        waitForProcesses("the command on the terminal", holding: "sleep \(marker)") { $0.count == 2 }
        let program = try #require(processes(holding: marker, program: true).first.flatMap { Int32($0.prefix { $0 != ":" }) })
        kill(program, SIGTERM)
        waitForProcesses("the command ended", holding: "sleep \(marker)") { $0.isEmpty }
        try tmux.waitFor("exit=143")
    }
}
