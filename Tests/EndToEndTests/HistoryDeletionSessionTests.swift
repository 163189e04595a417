import Foundation
import Testing

/// Ctrl-R's Shift-Delete in real shells: the selected command, once confirmed with y, is gone
/// from the shell's history file (every time it was there), from the command log, from the
/// shell's own memory (what it would write back on exit) and from the list; n keeps it.
@Suite(.serialized) struct HistoryDeletionSessionTests {
    typealias Shell = ShellIntegrationSessionTests.Shell

    /// The shell's history file, as the test writes it before the session reads it.
    private func historyFile(_ shell: Shell) -> String {
        switch shell {
        case .bash: ".bash_history"
        case .zsh: ".zsh_history"
        case .fish: ".local/share/fish/deletion_history"
        }
    }

    /// A history with the secret twice among two commands to keep, in the shell's format.
    private func history(_ shell: Shell) -> String {
        switch shell {
        case .bash: "#1700000000\necho keep-one\n#1700000001\necho zqxv-token\n#1700000002\necho keep-two\n#1700000003\necho zqxv-token\n"
        case .zsh: ": 1700000000:0;echo keep-one\n: 1700000001:0;echo zqxv-token\n: 1700000002:0;echo keep-two\n: 1700000003:0;echo zqxv-token\n"
        case .fish:
            "- cmd: echo keep-one\n  when: 1700000000\n- cmd: echo zqxv-token\n  when: 1700000001\n- cmd: echo keep-two\n  when: 1700000002\n"
                + "- cmd: echo zqxv-token\n  when: 1700000003\n"
        }
    }

    /// Has the shell read the file written after it started (fish: its history named so).
    private func readHistory(_ shell: Shell) -> String {
        switch shell {
        case .bash: "HISTFILE=~/.bash_history; history -c; history -r"
        case .zsh: "HISTFILE=~/.zsh_history SAVEHIST=1000 HISTSIZE=1000; setopt extended_history; fc -R"
        case .fish: "set -g fish_history deletion"
        }
    }

    @Test(arguments: ShellIntegrationSessionTests.shells)
    func shiftDeleteTakesACommandOutOfTheFileTheLogAndTheShell(shell: Shell) throws {
        let tmux = try ShellIntegrationSessionTests.start(shell)
        let file = tmux.workDirectory.appendingPathComponent(historyFile(shell))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try history(shell).write(to: file, atomically: true, encoding: .utf8)
        try tmux.shell(readHistory(shell))
        // One typed in this session: in the shell's memory and the command log only.
        try tmux.shell("echo typed-zqxv")
        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }

        try tmux.press("C-r")
        try tmux.waitFor("the history listed") { $0.contains("echo keep-two") }
        try tmux.type("zqxv")
        try tmux.waitFor("both zqxv commands") { $0.contains("2 results") && $0.contains("echo typed-zqxv") && $0.contains("echo zqxv-token") }
        try tmux.press("S-Delete")
        let asked = try tmux.waitFor("the question") { $0.contains("from the history? y/n") }
        let selected = try #require(asked.split(separator: "\n").first { $0.hasPrefix("▌ ") })
        let firstCommand = try #require(["echo typed-zqxv", "echo zqxv-token"].first { selected.dropFirst(2).hasPrefix($0) })
        #expect(asked.contains("delete “\(firstCommand)” from the history? y/n"), "\(asked)")
        try tmux.press("n")
        try tmux.waitFor("kept") { $0.contains("kept") && $0.contains("2 results") }
        try tmux.press("S-Delete")
        try tmux.waitFor("asked again") { $0.contains("from the history? y/n") }
        try tmux.press("y")
        let once = try tmux.waitFor("one deleted") { $0.contains("deleted “\(firstCommand)”") && $0.contains("1 result") }
        let other = firstCommand == "echo typed-zqxv" ? "echo zqxv-token" : "echo typed-zqxv"
        #expect(once.split(separator: "\n").contains { $0.hasPrefix("▌ \(other)") }, "the selection on the hit left:\n\(once)")
        try tmux.press("S-Delete")
        try tmux.waitFor("asked about the other") { $0.contains("delete “\(other)” from the history? y/n") }
        try tmux.press("y")
        try tmux.waitFor("both deleted") { $0.contains("deleted “\(other)”") && $0.contains("0 results") }
        try tmux.press("Escape")
        try tmux.waitFor("the prompt back") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }

        // The file: every zqxv-token gone, the rest as it was.
        let kept = try String(contentsOf: file, encoding: .utf8)
        switch shell {
        case .bash: #expect(kept == "#1700000000\necho keep-one\n#1700000002\necho keep-two\n")
        // zsh wrote this session's commands first (fc -AI), without the deleted one.
        case .zsh: #expect(kept.hasPrefix(": 1700000000:0;echo keep-one\n: 1700000002:0;echo keep-two\n: ") && !kept.contains("zqxv"), "\(kept)")
        case .fish: #expect(!kept.contains("zqxv") && kept.contains("- cmd: echo keep-one\n") && kept.contains("- cmd: echo keep-two\n"), "\(kept)")
        }
        let log = try #require(tmux.file("state/instantsearch/history.\(shell.rawValue)"))
        #expect(!log.contains("zqxv") && log.contains("\tclear\n"), "the log, its other lines kept:\n\(log)")
        let state = try FileManager.default.contentsOfDirectory(atPath: tmux.workDirectory.appendingPathComponent("state/instantsearch").path)
        #expect(!state.contains { $0.hasPrefix("deleted.") }, "the hand-off is gone: \(state)")

        // The shell's memory: what it lists (what bash and zsh would write back on exit).
        try tmux.shell("history > memory.txt")
        try tmux.waitFor("memory listed") { _ in tmux.file("memory.txt")?.contains("keep-two") == true }
        let memory = try #require(tmux.file("memory.txt"))
        #expect(!memory.contains("zqxv") && memory.contains("echo keep-one"), "in memory:\n\(memory)")
    }
}
