import Foundation
import Testing

/// `--source files|history` on their own: frecency (a pick comes up next time, never above a
/// clearly better match, shown in the preview's ranking, off with --no-frecency) and the
/// one-line errors.
@Suite(.serialized) struct ShellSourceSessionTests {
    /// The row the selection bar is on.
    private func selectedRow(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map(String.init) ?? ""
    }

    private func open(_ tmux: Tmux, _ options: String = "", query: String? = nil) throws {
        try tmux.shell("clear; XDG_STATE_HOME=\"$PWD/state\" \(Project.binary) --source files --walker-root tree \(options) > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the files listed") { $0.contains("files 3") }
    }

    @Test func aPickMovesItsLineUpOnTheNextRunButNotAboveABetterMatch() throws {
        let tmux = try Tmux(width: 110, height: 30)
        try tmux.shell("mkdir tree && touch tree/a-notes.md tree/notes.md tree/zz-notes-old.md")
        try open(tmux)
        #expect(selectedRow(try tmux.screen()).contains("a-notes.md"), "first in name order before any pick")
        try tmux.type("old")
        try tmux.waitFor("the old notes alone") { self.selectedRow($0).contains("zz-notes-old.md") && $0.contains("files 1") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "zz-notes-old.md\n")

        // Next run: the pick comes first with no query, and the preview's ranking says why.
        try open(tmux)
        try tmux.waitFor("the pick first") { self.selectedRow($0).contains("zz-notes-old.md") }
        try tmux.press("F6")
        try tmux.waitFor("the boost in the ranking explanation") { $0.contains("custom") && $0.contains("frecency 6.93") }
        try tmux.press("F6")
        // A clearly better text match still wins: "notes md" are next to each other in the
        // other two names, two words apart in the pick's.
        try tmux.type("notes md")
        try tmux.waitFor("a closer match first") {
            $0.contains("files 3") && self.selectedRow($0).contains("notes.md") && !self.selectedRow($0).contains("zz-notes-old")
        }
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")

        // --no-frecency: name order again, and this pick is not remembered.
        try open(tmux, "--no-frecency")
        #expect(selectedRow(try tmux.screen()).contains("a-notes.md"))
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let remembered = try String(contentsOf: tmux.workDirectory.appendingPathComponent("state/instantsearch/frecency/files.tsv"), encoding: .utf8)
        #expect(remembered.contains("/tree/zz-notes-old.md") && !remembered.contains("a-notes"))
    }

    /// The shell keys' lists take every query word as the start of a longer one
    /// (`queryType: prefixAll`), as commands and paths are typed: `dock comp up`.
    @Test func historyMatchesEveryWordAsTheStartOfALongerOne() throws {
        let tmux = try Tmux(width: 110, height: 30)
        try tmux.shell("printf 'docker compose up -d\\ndockerd --debug\\ngit status\\n' > hist")
        try tmux.shell(
            "clear; XDG_STATE_HOME=\"$PWD/state\" \(Project.binary) --source history --shell bash --shell-history hist > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the history listed") { $0.contains("history 3") }
        try tmux.type("dock comp up")
        try tmux.waitFor("the one command whose words start so") {
            $0.contains("history 1") && self.selectedRow($0).contains("docker compose up -d")
        }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "docker compose up -d\n")
    }

    @Test func anUnreadableHistoryFileIsOneLineAndStatusTwo() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/history"
        let (status, output) = try spawn(Project.binary, ["--source", "history", "--shell", "bash", "--shell-history", missing])
        #expect(status == 2)
        #expect(output == "instantsearch: --shell-history \(missing): no such file (give a readable history file, or leave the option out)\n")
    }

    @Test func anUnknownShellGetsPlainLines() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try ": 1700000000:0;make\n- cmd: ls\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, output) = try spawn(
            Project.binary,
            [
                "--source", "history", "--shell", "nushell", "--shell-history", file.path, "--command-log", file.path,
                "--query", "cmd: ls", "--select-1",
            ])
        #expect(status == 0)
        #expect(output == "- cmd: ls\n")
    }
}

extension ShellSourceSessionTests {
    @Test func aWalkerRootThatIsNoFolderIsOneLineAndStatusTwo() throws {
        let (status, output) = try spawn(Project.binary, ["--source", "files", "--walker-root", "/etc/hostname"])
        #expect(status == 2)
        #expect(output == "instantsearch: --walker-root /etc/hostname: not a folder (--source files and dirs walk a folder)\n")
    }
}

extension ShellSourceSessionTests {
    @Test func nothingToListIsSaidPlainly() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let (status, output) = try spawn(Project.binary, ["--source", "dirs", "--walker-root", empty.path])
        #expect(status == 2)
        #expect(
            output
                == "instantsearch: --source dirs: no folder under \(empty.path) (hidden entries and what .gitignore ignores are left out: --walker-hidden, --walker-no-ignore)\n"
        )
    }
}

extension ShellSourceSessionTests {
    /// A script's answer never depends on what was picked before: `--filter` lists the files
    /// in the same order whatever the frecency store holds, and adds nothing to it.
    @Test func filterNeitherReadsNorRecordsPicks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filter-frecency-\(UUID().uuidString)")
        let files = folder.appendingPathComponent("files")
        let state = folder.appendingPathComponent("state/instantsearch/frecency")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["notes-a.txt", "notes-b.txt", "notes-c.txt"] {
            try "x\n".write(to: files.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let arguments = ["XDG_STATE_HOME=\(folder.path)/state", Project.binary, "--source", "files", "--walker-root", files.path, "--filter", "notes"]
        let before = try spawn("/usr/bin/env", arguments)
        #expect(before.status == 0)
        #expect(before.output == "notes-a.txt\nnotes-b.txt\nnotes-c.txt\n")
        // notes-c.txt picked many times, just now: an interactive session would list it first.
        let store = state.appendingPathComponent("files.tsv")
        let now = Int(Date().timeIntervalSince1970)
        try "50\t\(now)\t\(files.path)/notes-c.txt\n".write(to: store, atomically: true, encoding: .utf8)
        let after = try spawn("/usr/bin/env", arguments)
        #expect(after.output == before.output)
        #expect(try String(contentsOf: store, encoding: .utf8) == "50\t\(now)\t\(files.path)/notes-c.txt\n", "nothing recorded")
    }
}
