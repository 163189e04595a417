import Foundation
import Testing

/// A user's fzf setup, unchanged: FZF_DEFAULT_OPTS (and its file), FZF_DEFAULT_COMMAND, and
/// fzf's FZF_* variables in the commands the session runs.
@Suite(.serialized) struct FzfEnvironmentSessionTests {
    func lines(_ tmux: Tmux, _ count: Int = 30) throws {
        let text = (1...count).map { "line number \($0)" }.joined(separator: "\n") + "\n"
        try text.write(to: tmux.workDirectory.appendingPathComponent("lines.txt"), atomically: true, encoding: .utf8)
    }

    @Test func aUsersFzfDefaultOptsShapeTheSession() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try lines(tmux)
        let options = "--height 40% --layout reverse --preview 'echo preview of {}'"
        try tmux.shell("clear; export FZF_DEFAULT_OPTS=\"\(options)\"; \(Project.binary) < lines.txt > out.txt; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the preview of the first line") { $0.contains("preview of line number 1") }
        let rows = screen.components(separatedBy: "\n")
        // --height 40%: 12 of the 30 rows, under the command line, not the whole screen.
        #expect(try !tmux.onAlternateScreen())
        let used = rows.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(used.count <= 13, "at most 40% of the rows, and the command line: \(used.count)")
        // --layout reverse: the prompt on top, the first line right under it.
        let prompt = try #require(rows.firstIndex { $0.contains("❯") || $0.contains(">") })
        let first = try #require(rows.firstIndex { $0.contains("line number 1 ") || $0.hasSuffix("line number 1") || $0.contains("line number 1│") })
        #expect(prompt < first)
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "line number 1\n")
    }

    @Test func thePreviewCommandIsToldItsPanesRealSize() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try lines(tmux, 5)
        try tmux.shell(
            "clear; \(Project.binary) --preview 'echo \"size=$FZF_PREVIEW_LINES,$FZF_PREVIEW_COLUMNS,$LINES,$COLUMNS,$FZF_PREVIEW_LEFT\"' --preview-window right:40% < lines.txt; echo \"exit=$?\""
        )
        let screen = try tmux.waitFor("the preview's size") { $0.range(of: #"size=\d+,\d+,\d+,\d+,\d+"#, options: .regularExpression) != nil }
        let rows = screen.components(separatedBy: "\n")
        let row = try #require(rows.first { $0.contains("size=") })
        let match = try #require(row.range(of: #"size=\d+,\d+,\d+,\d+,\d+"#, options: .regularExpression))
        let numbers = row[match].dropFirst(5).split(separator: ",").compactMap { Int($0) }
        let (lines, columns, left) = (numbers[0], numbers[1], numbers[4])
        #expect(numbers[2] == lines && numbers[3] == columns, "LINES and COLUMNS are the pane's too")
        // The text starts where the pane does, and the pane reaches the screen's right edge.
        let column = row.distance(from: row.startIndex, to: match.lowerBound)
        #expect(column == left, "the pane starts at column \(column), FZF_PREVIEW_LEFT says \(left)")
        #expect(left + columns == 98, "the pane is \(columns) wide from \(left), inside the box's border and padding")
        // fzf 0.74.5's figures for this pane: the 40-column box's text room, 28 of its 30 rows, from row 1.
        #expect(numbers == [28, 36, 28, 36, 62], "\(numbers)")
        // As many rows as the box has between its top and bottom corners (its left side two columns before the text).
        let paneRows = rows.filter { $0.count > left && $0.dropFirst(left - 2).first == "│" }.count
        #expect(paneRows == lines, "pane rows \(paneRows), FZF_PREVIEW_LINES \(lines)")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func anUnknownOptionInFzfDefaultOptsIsNamedWithWhereItCameFrom() throws {
        let tmux = try Tmux()
        try lines(tmux, 3)
        try tmux.shell("FZF_DEFAULT_OPTS='--height 40% --no-such-option' \(Project.binary) -f line < lines.txt 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let message = try #require(tmux.file("err.txt"))
        #expect(message.hasPrefix("instantsearch: FZF_DEFAULT_OPTS: ") && message.contains("--no-such-option"), "\(message)")
        #expect(message.split(separator: "\n").count == 1)
        try "--no-such-file-option\n".write(to: tmux.workDirectory.appendingPathComponent("fzfrc"), atomically: true, encoding: .utf8)
        try tmux.shell("FZF_DEFAULT_OPTS_FILE=fzfrc \(Project.binary) -f line < lines.txt 2> err2.txt; echo \"second=$?\"")
        try tmux.waitFor("second=2")
        let second = try #require(tmux.file("err2.txt"))
        #expect(second.hasPrefix("instantsearch: fzfrc: ") && second.contains("--no-such-file-option"), "\(second)")
    }

    @Test func theDefaultsFileThenTheVariableThenOursThenTheCommandLine() throws {
        let tmux = try Tmux()
        try lines(tmux, 12)
        // Each later source overrides the query the one before gave (one line matches each).
        try "# what to find\n--filter 11  # the eleventh\n".write(
            to: tmux.workDirectory.appendingPathComponent("fzfrc"), atomically: true, encoding: .utf8)
        let run = "\(Project.binary) < lines.txt"
        try tmux.shell(
            "export FZF_DEFAULT_OPTS_FILE=fzfrc; \(run) > a.txt; FZF_DEFAULT_OPTS='--filter 12' \(run) > b.txt; "
                + "FZF_DEFAULT_OPTS='--filter 12' INSTANTSEARCH_DEFAULT_OPTS='--filter 10' \(run) > c.txt; "
                + "FZF_DEFAULT_OPTS='--filter 12' \(run) --filter 10 > d.txt; echo done=$?")
        // Four sessions one after the other: a debug build on a busy machine takes seconds each.
        try tmux.waitFor("done=0", timeout: 120)
        #expect(
            ["a.txt", "b.txt", "c.txt", "d.txt"].map { tmux.file($0) } == ["line number 11\n", "line number 12\n", "line number 10\n", "line number 10\n"])
    }

    @Test func fzfDefaultCommandGivesTheLinesWhenStandardInputIsATerminal() throws {
        let tmux = try Tmux()
        try tmux.shell("FZF_DEFAULT_COMMAND='printf \"alpha\\nbeta\\ngamma\\n\"' \(Project.binary) --filter a > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "alpha\ngamma\nbeta\n" || tmux.file("out.txt")?.split(separator: "\n").sorted() == ["alpha", "beta", "gamma"])
        // It is run through $SHELL -c, so the shell's syntax works.
        try tmux.shell("SHELL=/bin/sh FZF_DEFAULT_COMMAND='for w in one two; do echo $w; done' \(Project.binary) --filter two > two.txt; echo \"second=$?\"")
        try tmux.waitFor("second=0")
        #expect(tmux.file("two.txt") == "two\n")
    }

    /// Without FZF_DEFAULT_COMMAND, fzf's built-in walker: the files under the current folder
    /// (hidden ones too, .git and node_modules left out), folders with `--walker dir`, and the
    /// path scheme: `b` ranks `src/b.go` over `.bashrc` as fzf 0.74.5 does.
    @Test func theBuiltInWalkerGivesTheFilesWhenNothingElseDoes() throws {
        let tmux = try Tmux()
        try tmux.shell("mkdir -p tree/src tree/.git tree/node_modules && touch tree/.bashrc tree/a.txt tree/src/b.go tree/.git/g tree/node_modules/m")
        try tmux.shell("cd tree; unset FZF_DEFAULT_COMMAND; \(Project.binary) --filter '' > ../all.txt; echo \"all=$?\"")
        try tmux.waitFor("all=0")
        #expect(tmux.file("all.txt") == ".bashrc\na.txt\nsrc/b.go\n")
        try tmux.shell(
            "\(Project.binary) --filter b > ../b.txt; \(Project.binary) --filter '' --walker dir,hidden --walker-skip node_modules > ../dirs.txt; echo \"dirs=$?\""
        )
        try tmux.waitFor("dirs=0")
        #expect(tmux.file("b.txt") == "src/b.go\n.bashrc\n")
        #expect(tmux.file("dirs.txt") == ".git/\nsrc/\n")
        // Interactive: the walk fills the list; what is picked is the path.
        try tmux.shell("clear; \(Project.binary) > ../picked.txt; echo \"picked=$?\"")
        try tmux.waitFor("the walked files") { $0.contains("src/b.go") && $0.contains("a.txt") }
        try tmux.type("bgo")
        try tmux.waitFor("one match") { !$0.contains("a.txt") && $0.contains("src/b.go") }
        try tmux.press("Enter")
        try tmux.waitFor("picked=0")
        #expect(tmux.file("picked.txt") == "src/b.go\n")
    }

    /// Commands run in $SHELL (sh without it), or in what `--with-shell` names, as in fzf.
    @Test func commandsRunInTheShellWithShellNames() throws {
        let tmux = try Tmux()
        try tmux.shell(
            "export FZF_DEFAULT_COMMAND='echo $0'; SHELL=/bin/sh \(Project.binary) -f '' > sh.txt; \(Project.binary) -f '' --with-shell 'bash -c' > bash.txt; echo \"done=$?\""
        )
        try tmux.waitFor("done=0")
        #expect(tmux.file("sh.txt") == "/bin/sh\n")
        #expect(tmux.file("bash.txt") == "bash\n")
        let (status, output) = try spawn(Project.binary, ["--with-shell", "'bash", "-f", "x"])
        #expect(status == 2)
        #expect(output.hasPrefix("instantsearch: --with-shell: column 1: "))
    }
}
