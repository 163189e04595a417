import TerminalUI
import Testing

@testable import SearchCommandLine

/// The one rewrite of fzf's words, as every executable and INSTANTSEARCH_DEFAULT_OPTS get it.
@Suite struct FzfWordsTests {
    @Test func everyFzfFormIsRewrittenAndFileNamesAfterDashesAreLeftAlone() {
        #expect(
            FzfWords.normalized(["+x", "+i", "--border", "-m3", "a.txt"])
                == ["--no-extended", "--no-ignore-case", "--border=default", "--multi", "--multi-max=3", "a.txt"])
        #expect(
            FzfWords.normalized(["--multi", "2", "--", "+x", "--border", "-m3"])
                == ["--multi", "--multi-max=2", "--", "+x", "--border", "-m3"])
        #expect(FzfWords.normalized(["-q", "x"]) == ["-q", "x"])
        #expect(
            FzfWords.normalized(["-e", "+e", "+s", "+m", "--inline-info", "--no-info", "--phony", "--", "+m"])
                == ["-e", "--no-exact", "--no-sort", "--no-multi", "--info=inline", "--info=hidden", "--disabled", "--", "+m"])
        #expect(FzfWords.normalized(["-f", "+s", "--query", "+x", "+i"]) == ["-f", "+s", "--query", "+x", "--no-ignore-case"], "a text option's value stays")
    }

    /// fzf reads a short option's value written onto it: `rg -n x | fzf -d: -n2..` is common.
    @Test func aShortOptionsValueWrittenOntoItIsItsValue() throws {
        #expect(
            FzfWords.normalized(["-d:", "-n2..", "-qword", "-f+s", "-d", "-n2", "-q", "-fx", "--", "-d:"])
                == ["-d", ":", "-n", "2..", "-q", "word", "-f", "+s", "-d", "-n2", "-q", "-fx", "--", "-d:"])
        #expect(FzfWords.normalized(["-10q", "x", "-d", "-m3"]) == ["-10q", "x", "-d", "-m3"], "flags grouped, and a value after -d, stay")
        #expect(
            FzfWords.normalized(["-q", "--border", "--query", "--tmux", "-f", "--multi", "--multi", "2", "--prompt", "+m"])
                == ["-q", "--border", "--query", "--tmux", "-f", "--multi", "--multi", "--multi-max=2", "--prompt", "+m"],
            "no rewrite reads a text option's value as an option")
        let options = try SessionOptions.parse(FzfWords.normalized(["-d\\t", "-n-1", "-qa b"]))
        #expect(options.lines.delimiter == "\\t" && options.lines.nth == "-1" && options.pick.query == "a b")
    }

    /// `--pointer=` is fzf's empty value, never the next word.
    @Test func anEqualsSignWithNothingAfterItIsAnEmptyValue() throws {
        #expect(
            FzfWords.normalized(["--pointer=", "--jump-labels", "12345", "--query=a=b", "--", "--marker="])
                == ["--pointer", "", "--jump-labels", "12345", "--query=a=b", "--", "--marker="])
        var options = SearchApp.Options()
        try SessionOptions.parse(FzfWords.normalized(["--pointer=", "--marker="])).layout.configure(&options)
        #expect(options.pointer == "" && options.marker == "")
    }

    /// fzf's older spellings: `--toggle-sort KEY` binds the key, `+c` is `--no-color`.
    @Test func toggleSortAndPlusC() throws {
        #expect(
            FzfWords.normalized(["--toggle-sort", "ctrl-s", "+c", "--toggle-sort=alt-s", "a.txt"])
                == ["--bind", "ctrl-s:toggle-sort", "--no-color", "--bind", "alt-s:toggle-sort", "a.txt"])
        let options = try SessionOptions.parse(FzfWords.normalized(["--toggle-sort", "ctrl-s", "+c"]))
        #expect(options.noColor)
        #expect(try options.interface.keyTable().actions(for: try #require(KeyName.parse("ctrl-s")), in: [.global]) == [BoundAction(.toggleSort)])
    }

    /// fzf's `--scrollbar[=C]`, `--no-scrollbar` and `--no-separator` as the one option each.
    @Test func scrollbarAndSeparatorSpellings() throws {
        #expect(
            FzfWords.normalized(["--scrollbar", "a.txt", "--no-scrollbar", "--no-separator"])
                == ["--scrollbar=│", "a.txt", "--scrollbar", "", "--separator", ""])
        var options = SearchApp.Options()
        try SessionOptions.parse(FzfWords.normalized(["--scrollbar=▐▌", "--separator", "·"])).layout.configure(&options)
        #expect(options.scrollbar == "▐" && options.separator == "·", "of two, the list's")
        try SessionOptions.parse(FzfWords.normalized(["--scrollbar", "--no-scrollbar", "--no-separator"])).layout.configure(&options)
        #expect(options.scrollbar == "" && options.separator == "", "the last one wins, as in fzf")
        #expect(throws: (any Error).self) { try SessionOptions.parse(["--scrollbar=abc"]) }
        #expect(throws: (any Error).self) { try SessionOptions.parse(["--separator", "a\tb"]) }
    }

    /// What fzf's other spellings mean once parsed: the same session as the names they stand for.
    @Test func otherSpellingsParseAsTheOptionsTheyStandFor() throws {
        let options = try SessionOptions.parse(FzfWords.normalized(["-m3", "+m", "--inline-info", "--phony", "-n", "2.."]))
        let limit = try options.pick.multiLimit()
        #expect(!options.pick.multi && limit == nil, "+m after -m3: one pick")
        #expect(options.layout.info == "inline" && options.interface.disabled && options.lines.nth == "2..")
        let noInfo = try SessionOptions.parse(FzfWords.normalized(["--no-info"]))
        #expect(noInfo.layout.info == "hidden")
    }

    /// fzf's `--listen[=ADDR]`: bare, it takes a free port on loopback; a word after it is its
    /// value only when it reads as an address or a socket path (here a file may follow it).
    @Test func aBareListenTakesAFreePortAndAFileAfterItStaysAFile() throws {
        #expect(
            FzfWords.normalized(["--listen", "a.txt", "--listen-unsafe", "--listen", "6266", "--listen", "/tmp/x.sock", "--listen", ":0", "--listen"])
                == ["--listen", "", "a.txt", "--listen-unsafe", "", "--listen", "6266", "--listen", "/tmp/x.sock", "--listen", ":0", "--listen", ""])
        let bare = try SessionOptions.parse(FzfWords.normalized(["--listen", "--cycle"]))
        #expect(try bare.interface.listenAddress(environment: [:]) == ListenAddress(place: .tcp(host: "127.0.0.1", port: 0)))
        let socket = try SessionOptions.parse(["--listen", "/tmp/x.sock"]).interface.listenAddress(environment: ["FZF_API_KEY": "k"])
        #expect(socket == ListenAddress(place: .socket(path: "/tmp/x.sock"), apiKey: "k"))
        var remote = InterfaceArguments()
        remote.listenUnsafe = "0.0.0.0:6266"
        let ours = try remote.listenAddress(environment: ["FZF_API_KEY": "theirs", "INSTANTSEARCH_API_KEY": "ours"])
        #expect(ours == ListenAddress(place: .tcp(host: "0.0.0.0", port: 6266), apiKey: "ours", unsafe: true), "our name first")
        #expect(throws: (any Error).self) { try remote.listenAddress(environment: [:]) }
    }
}

/// fzf's `--no-X`, read in order over the whole command line, defaults included.
@Suite struct FzfNegationsTests {
    @Test func aNegationUndoesWhatCameBeforeAndALaterOptionSetsItAgain() {
        #expect(FzfNegations.resolved(["-e", "a.txt", "--no-exact"]) == ["a.txt"])
        #expect(FzfNegations.resolved(["--exact", "--no-exact", "-e"]) == ["-e"])
        #expect(FzfNegations.resolved(FzfWords.normalized(["-e", "+e", "-1", "+1", "-0", "+0"])) == [])
        #expect(FzfNegations.resolved(FzfWords.normalized(["--phony", "--no-phony", "--sync", "--async"])) == [])
    }

    @Test func aValueGoesWithItsOptionAndIsNeverReadAsOne() {
        #expect(FzfNegations.resolved(["--preview", "cat {}", "--header=x", "--no-preview", "--no-header"]) == [])
        #expect(FzfNegations.resolved(["--preview", "--no-exact", "-e", "--no-preview"]) == ["-e"], "--no-exact is the preview command")
        #expect(FzfNegations.resolved(["-q", "--no-exact", "-e"]) == ["-q", "--no-exact", "-e"], "a text option's value stays")
        #expect(FzfNegations.resolved(["--border=rounded", "x", "--no-border"]) == ["x"], "--border's value comes after = only")
        #expect(FzfNegations.resolved(["--expect", "ctrl-a", "--no-expect", "--expect=ctrl-b"]) == ["--expect=ctrl-b"])
        #expect(FzfNegations.resolved(["-e", "--", "--no-exact"]) == ["-e", "--", "--no-exact"], "after -- nothing is read")
    }

    @Test func theResultParses() throws {
        let options = try SessionOptions.parse(FzfNegations.resolved(FzfWords.normalized(["-e", "--preview", "cat", "+e", "--no-preview", "--tac"])))
        #expect(!options.lines.exact && options.lines.tac)
    }
}
