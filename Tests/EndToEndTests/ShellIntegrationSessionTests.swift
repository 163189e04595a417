import Foundation
import Testing

/// Shell integration in real shells: the integration `instantsearch --bash / --zsh / --fish` prints,
/// loaded as a user's startup file would, driven with the keys a user presses.
@Suite(.serialized) struct ShellIntegrationSessionTests {
    enum Shell: String, CaseIterable, CustomTestStringConvertible {
        case bash, zsh, fish

        var testDescription: String { rawValue }

        var isInstalled: Bool {
            ["/bin/", "/usr/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + rawValue) }
        }

        /// How each quotes "my notes/plan b.md" when it inserts it.
        var quotedPlan: String {
            self == .fish ? "'my notes/plan b.md'" : #"my\ notes/plan\ b.md"#
        }

        /// How each quotes the folder "my notes/" (fzf's walker ends a folder with a slash).
        var quotedNotesFolder: String {
            self == .fish ? "'my notes/'" : #"my\ notes/"#
        }

        /// The line Alt-C runs for "deep/inner folder/" (fish changes folder in its function,
        /// without a line).
        var altCLine: String? {
            self == .fish ? nil : #"$ builtin cd -- deep/inner\ folder/"#
        }

        /// How each quotes `awkwardFiles` when it inserts them: one word each, a name with a
        /// line end too, a name starting with a dash as ./-name.
        var quotedAwkwardFiles: String {
            switch self {
            case .bash: #"./-rf.txt one\ a.txt $'new\nline.txt'"#
            case .zsh: #"./-rf.txt one\ a.txt new$'\n'line.txt"#
            case .fish: #"./-rf.txt 'one a.txt' new\nline.txt"#
            }
        }
    }

    /// Names a command would misread unless each is quoted as one word: a dash first (an
    /// option), a line end inside, a space; each file holds one letter, for `cat` to show. In
    /// the order fzf ranks them for `txt` (the shorter first), as the list shows them.
    static let awkwardFiles = [("-rf.txt", "R"), ("one a.txt", "O"), ("new\nline.txt", "N")]

    /// The shells installed here (scripts/ensure-deps.sh --test installs all three).
    static var shells: [Shell] { Shell.allCases.filter(\.isInstalled) }

    /// A shell with the integration loaded, `instantsearch` on its PATH, its state in the
    /// work folder, a prompt of "$ ", a file with spaces in its path and a cleared screen.
    /// `trace`: the shell runs under `strace`, its execve calls written to that file. A
    /// terminal of 110 by 40 unless `width` and `height` say otherwise.
    static func start(_ shell: Shell, width: Int = 110, height: Int = 40, trace: String? = nil) throws -> Tmux {
        let binaries = URL(fileURLWithPath: Project.binary).deletingLastPathComponent().path
        let path = "\(binaries):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let command =
            switch shell {
            case .bash: "bash --norc --noprofile"
            case .zsh: "zsh -f"
            case .fish: "fish --no-config"
            }
        let traced = trace.map { "strace -f -qq -e trace=execve -o '\($0)' \(command)" } ?? command
        let tmux = try Tmux(width: width, height: height, shell: traced, environment: ["PATH='\(path)'"])
        let state = tmux.workDirectory.appendingPathComponent("state").path
        switch shell {
        case .bash:
            try tmux.shell(#"export XDG_STATE_HOME='\#(state)'; eval "$(instantsearch --bash)""#)
        case .zsh:
            try tmux.shell(#"PS1='$ '; export XDG_STATE_HOME='\#(state)'; eval "$(instantsearch --zsh)""#)
        case .fish:
            try tmux.shell(#"function fish_prompt; echo -n '$ '; end; set -gx XDG_STATE_HOME '\#(state)'; instantsearch --fish | source"#)
        }
        try tmux.shell("mkdir -p 'my notes' && echo 'the plan' > 'my notes/plan b.md' && clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        return tmux
    }

    /// The hits' texts on a screen of the compact picker: each row's text after the selection
    /// bar and the blank mark column, up to the side pane's rule.
    static func hitTexts(_ screen: String) -> [String] {
        screen.split(separator: "\n").dropFirst(2).map { row in
            String(row.drop { $0 == "▌" || $0 == " " }.prefix { $0 != "│" && $0 != "├" }).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    /// The last line that starts with the prompt.
    static func promptLine(_ screen: String) -> String {
        screen.split(separator: "\n").last { $0.hasPrefix("$ ") }.map(String.init) ?? ""
    }

    @Test(arguments: shells)
    func ctrlRFindsACommandTypedWithATypoAndPutsItOnThePrompt(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try tmux.shell("echo unrelated words")
        try tmux.shell("echo pineapple-marker")
        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-r")
        try tmux.waitFor("the history listed") { $0.contains("echo unrelated words") && $0.contains("echo pineapple-marker") }
        try tmux.type("pineaple")  // a letter missing
        try tmux.waitFor("only the pineapple") { $0.contains("echo pineapple-marker") && !$0.contains("unrelated") }
        try tmux.press("Enter")
        let screen = try tmux.waitFor("the command on the prompt") { Self.promptLine($0) == "$ echo pineapple-marker" }
        #expect(!screen.split(separator: "\n").contains("pineapple-marker"), "Enter put the command on the prompt without running it")
        try tmux.press("Enter")
        try tmux.waitFor("the command run") { $0.split(separator: "\n").contains("pineapple-marker") }

        // Ctrl-O runs the pick at once.
        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-r")
        try tmux.waitFor("the history listed") { $0.contains("echo unrelated words") }
        try tmux.type("unrelated")
        try tmux.waitFor("only the unrelated words") { $0.contains("echo unrelated words") && !$0.contains("pineapple") }
        try tmux.press("C-o")
        try tmux.waitFor("the command run at once") { $0.split(separator: "\n").contains("unrelated words") }
    }

    @Test(arguments: shells)
    func ctrlRRefinedByTheFolderACommandRanIn(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try tmux.shell("mkdir alpha beta")
        try tmux.shell("cd alpha")
        try tmux.shell("echo fruit-in-alpha")
        try tmux.shell("cd ../beta")
        try tmux.shell("echo fruit-in-beta")
        try tmux.shell("cd .. && clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-r")
        try tmux.waitFor("both fruits") { $0.contains("echo fruit-in-alpha") && $0.contains("echo fruit-in-beta") }
        try tmux.type("fruit")
        try tmux.press("F3")
        try tmux.waitFor("the folder list focused") { $0.contains("▌[ ]") }
        try tmux.moveSelection(marker: "▌[") { $0.contains("~/alpha ") }
        try tmux.press("Enter")
        try tmux.waitFor("beta's command gone") { $0.contains("echo fruit-in-alpha") && !$0.contains("echo fruit-in-beta") }
        try tmux.press("F2")
        try tmux.press("Enter")
        try tmux.waitFor("the command on the prompt") { Self.promptLine($0) == "$ echo fruit-in-alpha" }
    }

    @Test(arguments: shells)
    func ctrlTInsertsAQuotedPathWithASpace(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try tmux.type("cat ")
        try tmux.press("C-t")
        try tmux.waitFor("the files listed") { $0.contains("my notes/plan b.md") }
        try tmux.type("plan b")
        try tmux.waitFor("the plan selected") { $0.contains("▌") && $0.contains("plan b.md") }
        try tmux.press("Enter")
        try tmux.waitFor("the quoted path on the prompt") { Self.promptLine($0).hasPrefix("$ cat \(shell.quotedPlan)") }
        try tmux.press("Enter")
        try tmux.waitFor("the file shown") { $0.split(separator: "\n").contains("the plan") }
    }

    @Test(arguments: shells)
    func altCChangesDirectory(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try tmux.shell("mkdir -p 'deep/inner folder' && clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("M-c")
        // Folders listed as fzf's walker lists them, a slash after each.
        let listed = try tmux.waitFor("the folders listed") { $0.contains("deep/inner folder/") }
        let folders = Self.hitTexts(listed)
        #expect(["deep/", "my notes/", "deep/inner folder/"].allSatisfy(folders.contains), "\(listed)")
        #expect(folders.allSatisfy { $0.hasSuffix("/") }, "\(listed)")
        try tmux.type("inner")
        try tmux.waitFor("only the inner folder") { $0.contains("deep/inner folder/") && !$0.contains("my notes") }
        try tmux.press("Enter")
        // Keys typed while the picker still runs are the picker's, as in fzf: wait for it to go.
        let after = try tmux.waitFor("the picker gone") { !$0.contains("result") }
        if let line = shell.altCLine {
            #expect(after.split(separator: "\n").contains { $0 == line }, "the line run:\n\(after)")
        }
        try tmux.shell("pwd")
        try tmux.waitFor("the new folder") { $0.split(separator: "\n").contains { $0.hasSuffix("/deep/inner folder") } }
    }

    /// A folder picked with Ctrl-T goes on the line with fzf's slash after it.
    @Test(arguments: shells)
    func ctrlTInsertsAFolderWithASlash(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try tmux.type("echo ")
        try tmux.press("C-t")
        try tmux.waitFor("the files listed") { $0.contains("my notes/plan b.md") }
        try tmux.type("notes/")
        let screen = try tmux.waitFor("the folder and its file") { $0.contains(" 2 results") }
        #expect(Self.hitTexts(screen) == ["my notes/", "my notes/plan b.md"], "\(screen)")
        #expect(screen.split(separator: "\n").contains { $0.hasPrefix("▌  my notes/ ") }, "the folder selected:\n\(screen)")
        try tmux.press("Enter")
        try tmux.waitFor("the folder on the prompt") { Self.promptLine($0) == "$ echo \(shell.quotedNotesFolder)" }
        try tmux.press("Enter")
        try tmux.waitFor("the word the shell read") { $0.split(separator: "\n").contains("my notes/") }
    }

    @Test(arguments: shells)
    func starStarTabCompletesAPath(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try tmux.type("vim plan**")
        try tmux.press("Tab")
        try tmux.waitFor("the picker on the query") { $0.contains("plan b.md") && $0.contains("plan") }
        try tmux.press("Enter")
        try tmux.waitFor("the path completed") { Self.promptLine($0).hasPrefix("$ vim \(shell.quotedPlan)") }
        try tmux.press("C-u")
    }

    /// Marks the three awkward files in the open picker, once it lists them alone.
    private func markTheAwkwardFiles(in tmux: Tmux) throws {
        try tmux.waitFor("the three files") { $0.contains("3 results") && $0.contains("one a.txt") }
        try tmux.press("C-Space", "Down", "C-Space", "Down", "C-Space")
        try tmux.waitFor("three marked") { $0.contains("3 marked") }
        try tmux.press("Enter")
    }

    private func writeTheAwkwardFiles(in tmux: Tmux) throws {
        for (name, letter) in Self.awkwardFiles {
            try (letter + "\n").write(to: tmux.workDirectory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    /// Ctrl-T with several marks: each path its own word, whatever it holds.
    @Test(arguments: shells)
    func ctrlTInsertsEveryMarkedPathAsAWordOfItsOwn(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try writeTheAwkwardFiles(in: tmux)
        try tmux.type("printf '[%s]' ")
        try tmux.press("C-t")
        try tmux.waitFor("the files listed") { $0.contains("my notes/plan b.md") }
        try tmux.type("txt")
        try markTheAwkwardFiles(in: tmux)
        try tmux.waitFor("the quoted paths on the prompt") { Self.promptLine($0).hasPrefix("$ printf '[%s]' \(shell.quotedAwkwardFiles)") }
        try tmux.type("> out.txt")
        try tmux.press("Enter")
        try tmux.waitFor("the command run") { _ in tmux.file("out.txt") != nil }
        #expect(tmux.file("out.txt") == "[./-rf.txt][one a.txt][new\nline.txt]")
    }

    /// `**<Tab>` with several marks, the same.
    @Test(arguments: shells)
    func starStarTabInsertsEveryMarkedPathAsAWordOfItsOwn(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try writeTheAwkwardFiles(in: tmux)
        try tmux.type("cat txt**")
        try tmux.press("Tab")
        try markTheAwkwardFiles(in: tmux)
        try tmux.waitFor("the quoted paths on the prompt") { Self.promptLine($0).hasPrefix("$ cat \(shell.quotedAwkwardFiles)") }
        try tmux.press("Enter")
        try tmux.waitFor("the three files shown") { $0.contains("R\nO\nN\n$") }
    }

    /// Each shell quotes what Ctrl-T inserts with its own builtin (`printf %q`, `(q)`, `string
    /// escape`), which reads code points, not graphemes: a quote followed by a combining mark
    /// is still a quote, and the name reaches the command whole.
    @Test(arguments: shells)
    func aQuoteInsideAGraphemeInAFileNameNeverRuns(shell: Shell) throws {
        let tmux = try Self.start(shell)
        let name = "a'\u{301}; touch pwned; echo '\u{301}.txt"
        try "x\n".write(to: tmux.workDirectory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        try tmux.type("printf '[%s]' ")
        try tmux.press("C-t")
        try tmux.waitFor("the files listed") { $0.contains("my notes/plan b.md") }
        try tmux.type("txt")
        try tmux.waitFor("the file alone") { $0.contains("1 result") }
        try tmux.press("Enter")
        try tmux.waitFor("the path on the prompt") { Self.promptLine($0).hasPrefix("$ printf '[%s]' a") }
        try tmux.type("> out.txt")
        try tmux.press("Enter")
        try tmux.waitFor("the command run") { _ in tmux.file("out.txt") != nil }
        #expect(tmux.file("out.txt") == "[\(name)]")
        #expect(tmux.file("pwned") == nil, "the name ran as a command")
    }

    /// Ctrl-T at the default --height 40% (16 rows of 40): one row a hit when the query
    /// matches (no `name: …` row under each), files without an extension under `(none)` in
    /// the extension facet, and no toggle made of the files' age (all of today).
    @Test(arguments: shells)
    func ctrlTListsOneRowAHitAndNamesFilesWithoutAnExtension(shell: Shell) throws {
        let tmux = try Self.start(shell)
        for name in (1...6).map({ "note-\($0).txt" }) + ["NOTES", "LICENSE"] {
            try "x\n".write(to: tmux.workDirectory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-t")
        let listed = try tmux.waitFor("the files listed") { $0.contains("note-1.txt") && $0.contains("EXT") }
        #expect(listed.contains("(none)"), "LICENSE and NOTES under (none):\n\(listed)")
        #expect(!listed.contains("TOGGLES") && !listed.contains("[ ] age"), "no toggle named after a constant:\n\(listed)")
        try tmux.type("note")
        // The six notes, NOTES, the folder "my notes" and "my notes/plan b.md".
        let screen = try tmux.waitFor("the notes matched") { $0.contains(" 9 results") }
        let rows = screen.split(separator: "\n").map(String.init)
        let hits = rows.indices.filter { ["note-", "NOTES", "my notes"].contains(where: rows[$0].contains) }
        #expect(hits.count == 9, "the nine matches, one row each:\n\(screen)")
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $1 == $0 + 1 }, "no row between two hits:\n\(screen)")
        #expect(!screen.contains("name:"), "no second row naming the file:\n\(screen)")
        try tmux.press("Escape")
        try tmux.waitFor("the interface gone") { !$0.contains("Hits F2") }
    }

    /// The shell keys match as fzf's do: a query's letters in order anywhere in the path or
    /// the command (`srctap` for `src/terminal/app`), which no word of it starts with, and
    /// what is picked is the row drawn as selected.
    @Test(arguments: shells)
    func theKeysFindLettersInOrderAsFzfsDo(shell: Shell) throws {
        let tmux = try Self.start(shell)
        try tmux.shell("mkdir -p src/terminal/app src/other && echo main > src/terminal/app/main.txt")
        try tmux.shell("echo alpha-beta-gamma")
        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.type("cat ")
        try tmux.press("C-t")
        try tmux.waitFor("the files listed") { $0.contains("src/other") }
        try tmux.type("srctapmn")
        let files = try tmux.waitFor("the file found by its letters") { $0.contains(" 1 result") }
        #expect(files.split(separator: "\n").contains { $0.contains("▌") && $0.contains("src/terminal/app/main.txt") }, "\(files)")
        try tmux.press("Enter")
        try tmux.waitFor("the path on the prompt") { Self.promptLine($0) == "$ cat src/terminal/app/main.txt" }
        try tmux.press("Enter")
        try tmux.waitFor("the file shown") { $0.split(separator: "\n").contains("main") }

        try tmux.press("M-c")
        try tmux.waitFor("the folders listed") { $0.contains("src/other") }
        try tmux.type("srctap")
        try tmux.waitFor("the folder found by its letters") { $0.contains(" 1 result") && $0.contains("src/terminal/app") }
        try tmux.press("Enter")
        try tmux.waitFor("the picker gone") { !$0.contains("src/other") && !$0.contains("result") }
        try tmux.shell("pwd")
        try tmux.waitFor("the new folder") { $0.split(separator: "\n").contains { $0.hasSuffix("/src/terminal/app") } }

        try tmux.shell("clear")
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-r")
        try tmux.waitFor("the history listed") { $0.contains("echo alpha-beta-gamma") }
        try tmux.type("ehabg")
        try tmux.waitFor("the command found by its letters") { $0.contains(" 1 result") && $0.contains("echo alpha-beta-gamma") }
        try tmux.press("Enter")
        try tmux.waitFor("the command on the prompt") { Self.promptLine($0) == "$ echo alpha-beta-gamma" }
    }

    /// The command log is written at every prompt by the shell itself: no program runs
    /// (`strace` sees every execve between two commands of ours).
    @Test(arguments: shells)
    func theCommandLogRunsNoProgramAtAPrompt(shell: Shell) throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let tmux = try Self.start(shell, trace: trace)
        try tmux.shell("/bin/echo marker-start")
        try tmux.shell("echo one")
        try tmux.shell("echo two")
        try tmux.shell("/bin/echo marker-end")
        try tmux.waitFor("the last command") { $0.split(separator: "\n").contains("marker-end") }
        let log = try #require(tmux.file("state/instantsearch/history.\(shell.rawValue)"))
        #expect(log.contains("\techo one\n") && log.contains("\techo two\n"), "both commands logged:\n\(log)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("execve(") }
        let start = try #require(calls.firstIndex { $0.contains("marker-start") })
        let end = try #require(calls.firstIndex { $0.contains("marker-end") })
        #expect(calls[(start + 1)..<end].isEmpty, "programs run at a prompt:\n\(calls[(start + 1)..<end].joined(separator: "\n"))")
    }
}
