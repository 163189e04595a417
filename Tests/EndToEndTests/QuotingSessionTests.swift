import Foundation
import Testing

/// A value that meets a shell never runs as a command, in the real binary: a quote followed by a
/// combining mark, a ZWJ or VS16 (one Swift Character that is not `'`) in a line, a record's
/// field, a typed query, an argument or a variable of the `--tmux` popup. Each command prints a
/// last word once it has run (one the typed command line does not hold: `$((40 + 2))`, in capitals), so the
/// check for the marker file comes after the command.
@Suite(.serialized) struct QuotingSessionTests {
    /// `'` and the scalar after it, the payload between two of them.
    static let marks = ["\u{301}", "\u{200D}", "\u{FE0F}"]

    static func payload(_ mark: String, marker: String) -> String {
        "a'\(mark); touch \(marker); echo '\(mark)"
    }

    private func write(_ text: String, _ name: String, in tmux: Tmux) throws {
        try text.write(to: tmux.workDirectory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func expectNothingRan(_ tmux: Tmux, _ marker: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            !FileManager.default.fileExists(atPath: tmux.workDirectory.appendingPathComponent(marker).path),
            "\(marker) was created: the value ran as a command", sourceLocation: sourceLocation)
    }

    @Test(arguments: marks.indices)
    func theSelectedLineInThePreviewNeverRuns(mark: Int) throws {
        let tmux = try Tmux(width: 110, height: 24)
        try write(Self.payload(Self.marks[mark], marker: "pwned") + "\nb\n", "lines.txt", in: tmux)
        try tmux.shell("\(Project.binary) lines.txt --preview 'echo {}; echo preview-$((40 + 2))'; echo \"exit=$?\"")
        try tmux.waitFor("preview-42")
        expectNothingRan(tmux, "pwned")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aRecordsFieldInExecuteSilentNeverRuns() throws {
        let tmux = try Tmux(width: 110, height: 24)
        let name = Self.payload(Self.marks[1], marker: "pwned")
        let record = try JSONSerialization.data(withJSONObject: ["objectID": "1", "name": name])
        try write(String(decoding: record, as: UTF8.self) + "\n", "hostile.ndjson", in: tmux)
        try tmux.shell(
            "\(Project.binary) hostile.ndjson --bind 'ctrl-e:execute-silent(printf \"%s\\n\" {name} > got.txt; echo done > done.txt)'; echo \"exit=$?\"")
        try tmux.waitFor("1 result")
        try tmux.press("C-e")
        try tmux.waitFor("the command to finish") { _ in tmux.file("done.txt") == "done\n" }
        #expect(tmux.file("got.txt") == name + "\n", "the field reached the command whole")
        expectNothingRan(tmux, "pwned")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    /// fish reads `\\` and `\'` inside single quotes: with SHELL=fish (commands run in
    /// $SHELL, as fzf runs them) a line's backslash before a quote must not end the quoting.
    @Test func aLineWithBackslashesNeverRunsInFish() throws {
        let tmux = try Tmux(width: 110, height: 24)
        let line = "a\\'; touch pwned; echo \\' end\\"
        try write(line + "\n", "lines.txt", in: tmux)
        try tmux.shell(
            "SHELL=$(command -v fish) \(Project.binary) lines.txt --bind 'ctrl-e:execute-silent(printf \"%s\\n\" {} > got.txt; echo done > done.txt)'; echo \"exit=$?\""
        )
        try tmux.waitFor("1 result")
        try tmux.press("C-e")
        try tmux.waitFor("the command to finish") { _ in tmux.file("done.txt") == "done\n" }
        #expect(tmux.file("got.txt") == line + "\n", "the line reached fish whole")
        expectNothingRan(tmux, "pwned")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func theQueryInAReloadNeverRuns() throws {
        let tmux = try Tmux(width: 110, height: 24)
        let query = Self.payload(Self.marks[0], marker: "pwned")
        try tmux.shell(
            "echo st''art | \(Project.binary) --disabled --bind 'change:reload(echo {q}; echo reload-done | tr a-z A-Z)' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the list") { $0.contains("start") && $0.contains("1 result") }
        try tmux.type(query)
        try tmux.waitFor("the reloaded list") { $0.contains("RELOAD-DONE") }
        expectNothingRan(tmux, "pwned")
        try tmux.waitFor("the query's line and the last word") { $0.contains("2 results") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == query + "\n", "the query came back as the list's first line, whole")
    }

    /// The popup's script exports the environment and runs the command line again: neither an
    /// argument nor a variable runs (each on its own: a quote gone wrong in one shifts how sh
    /// reads the rest), and a variable's bytes (not UTF-8) arrive as they are.
    @Test(arguments: ["argument", "variable"])
    func thePopupsArgumentsAndVariablesNeverRun(hostile: String) throws {
        let tmux = try Tmux(width: 100, height: 30)
        let socket = "instantsearch-quoting-\(getpid())-\(UUID().uuidString.prefix(6))"
        defer { _ = try? spawn("tmux", ["-L", socket, "kill-server"], captureOutput: true) }
        try tmux.shell("tmux -L \(socket) -f /dev/null new-session -s inner \"PS1='in$ ' bash --norc --noprofile\"")
        try tmux.waitFor("the inner shell") { $0.contains("in$") }
        let variable = hostile == "variable" ? Self.payload(Self.marks[2], marker: "pwned") : "plain"
        let query = hostile == "argument" ? Self.payload(Self.marks[0], marker: "pwned") : "plain"
        let script = """
            export HOSTILE=\(shellQuoted(variable))
            export RAW=$(printf '\\377\\047x')
            printf 'one\\ntwo\\n' | \(Project.binary) --tmux center,80%,60% --query \(shellQuoted(query)) \\
              --disabled --preview 'printf %s "$RAW" > raw.bin; echo "$HOSTILE"; echo preview-done' > out.txt
            echo "exit=$?"

            """
        try write(script, "popup.sh", in: tmux)
        try tmux.shell("bash popup.sh")
        // A broken quoting may leave the popup without its preview: the time-out is recorded, and
        // the marker is looked for again once the popup has closed.
        let screen = try? tmux.waitFor("the popup's preview") { $0.contains("preview-done") }
        expectNothingRan(tmux, "pwned")
        try tmux.press("C-c")
        try tmux.waitFor("exit=")
        expectNothingRan(tmux, "pwned")
        #expect(screen?.contains("│ ❯ \(query.prefix(2))") == true, "the query as given")
        #expect(screen?.contains("│ \(variable.prefix(2))") == true, "the variable as exported")
        let raw = try? Data(contentsOf: tmux.workDirectory.appendingPathComponent("raw.bin"))
        #expect(raw.map(Array.init) == [0xFF, 0x27, 0x78], "the variable's bytes as they were")
    }

    /// Single quotes for the test's own scripts (ASCII quotes only in what they quote here).
    private func shellQuoted(_ text: String) -> String {
        "'" + text.unicodeScalars.map { $0 == "'" ? #"'\''"# : String($0) }.joined() + "'"
    }
}
