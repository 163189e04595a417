import Testing

@testable import SearchCommandLine

/// Where INSTANTSEARCH_DEFAULT_OPTS goes: in front of the interactive search's options only.
@Suite struct DefaultOptionsTests {
    let others: Set<String> = ["query", "index", "serve", "import-postgres", "help"]

    func insert(_ defaults: [String], _ arguments: [String]) -> [String] {
        DefaultOptions.insert(defaults, into: arguments, searchCommand: "search", otherSubcommands: others)
    }

    @Test func theRouteIsReadFromTheFirstWord() {
        func route(_ arguments: [String]) -> CommandLineRoute {
            CommandLineRoute.of(arguments, searchCommand: "search", otherSubcommands: others)
        }
        #expect(route([]) == .searchOptions)
        #expect(route(["a.json", "--filter", "query"]) == .searchOptions)
        #expect(route(["-e", "query"]) == .searchOptions)
        #expect(route(["search", "a.json"]) == .searchNamed)
        #expect(route(["query", "a.json", "text"]) == .root)
        #expect(route(["--version"]) == .root)
        #expect(route(["--generate-completion-script=zsh"]) == .root)
    }

    @Test func theDefaultsComeBeforeTheCommandLineSoItsOwnOptionsWin() {
        #expect(
            insert(["--strategy", "adaptive"], ["a.json", "--strategy", "realtime"])
                == ["--strategy", "adaptive", "a.json", "--strategy", "realtime"])
        #expect(insert(["--no-color"], []) == ["--no-color"])
    }

    @Test func anExplicitSearchSubcommandTakesThemAfterItsName() {
        #expect(insert(["--no-color"], ["search", "a.json"]) == ["search", "--no-color", "a.json"])
    }

    @Test(arguments: [
        ["query", "a.json", "text"], ["index", "a.csv", "-o", "a.idx"], ["serve", "a.json"], ["help"],
        ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"],
        ["--generate-completion-script=zsh"], ["--experimental-dump-help"],
    ])
    func otherSubcommandsAndTheRootsFlagsAreLeftAlone(arguments: [String]) {
        #expect(insert(["--no-color", "--select-1"], arguments) == arguments)
    }

    @Test func theVariableIsReadWithShellQuoting() throws {
        #expect(try DefaultOptions.words(in: [:]) == [])
        #expect(
            try DefaultOptions.words(in: ["INSTANTSEARCH_DEFAULT_OPTS": "--query 'sony head' --select-1"])
                == ["--query", "sony head", "--select-1"])
    }

    @Test func aValueThatDoesNotSplitIsBlamedOnTheVariable() {
        do {
            _ = try DefaultOptions.words(in: ["INSTANTSEARCH_DEFAULT_OPTS": "--query 'sony"])
            Issue.record("an unterminated quote was accepted")
        } catch {
            #expect("\(error)" == "INSTANTSEARCH_DEFAULT_OPTS: column 9: unterminated single quote in \"--query 'sony\"")
        }
    }
}

/// fzf's variables first, in fzf's order (its file, then FZF_DEFAULT_OPTS), ours after them.
@Suite struct FzfDefaultOptionsTests {
    func sources(_ environment: [String: String], files: [String: String] = [:]) throws -> [DefaultOptions.Source] {
        try DefaultOptions.sources(in: environment) { path in
            files[path].map { .success($0) } ?? .failure(DefaultOptions.FileFailure(message: "no such file or directory"))
        }
    }

    @Test func theFileThenFzfsVariableThenOursEachNamed() throws {
        let found = try sources(
            [
                "INSTANTSEARCH_DEFAULT_OPTS": "--no-color", "FZF_DEFAULT_OPTS": "--height 40% --layout reverse --bind 'ctrl-/:toggle-preview'",
                "FZF_DEFAULT_OPTS_FILE": "/home/u/.fzfrc",
            ],
            files: ["/home/u/.fzfrc": "# the look\n--border rounded  # a frame\n--prompt '# '\n"])
        #expect(
            found == [
                .init(name: "/home/u/.fzfrc", words: ["--border", "rounded", "--prompt", "# "]),
                .init(name: "FZF_DEFAULT_OPTS", words: ["--height", "40%", "--layout", "reverse", "--bind", "ctrl-/:toggle-preview"]),
                .init(name: "INSTANTSEARCH_DEFAULT_OPTS", words: ["--no-color"]),
            ])
    }

    @Test func aHashInsideAWordIsNoComment() throws {
        #expect(try sources(["FZF_DEFAULT_OPTS": "--color=fg:#ffffff --prompt=a#b"]).flatMap(\.words) == ["--color=fg:#ffffff", "--prompt=a#b"])
    }

    @Test func unsetOrBlankSourcesGiveNothing() throws {
        #expect(try sources([:]) == [])
        #expect(try sources(["FZF_DEFAULT_OPTS": "  ", "FZF_DEFAULT_OPTS_FILE": ""]) == [])
    }

    @Test func aFileThatCannotBeReadIsBlamedOnItsVariable() {
        #expect(throws: DefaultOptions.Error.self) { try sources(["FZF_DEFAULT_OPTS_FILE": "/nowhere"]) }
        do {
            _ = try sources(["FZF_DEFAULT_OPTS_FILE": "/nowhere"])
        } catch {
            #expect("\(error)" == "$FZF_DEFAULT_OPTS_FILE: /nowhere: no such file or directory")
        }
    }

    @Test func aQuoteLeftOpenInTheFileNamesTheFile() {
        do {
            _ = try sources(["FZF_DEFAULT_OPTS_FILE": "/f"], files: ["/f": "--prompt 'x"])
            Issue.record("an unterminated quote was accepted")
        } catch {
            #expect("\(error)" == "/f: column 10: unterminated single quote")
        }
    }
}

/// A command line that does not parse: one line, with ArgumentParser's pointer to the help kept.
@Suite struct CommandLineRunnerTests {
    @Test func theHelpPointerIsKeptOnTheLine() {
        let full = """
            Error: Missing expected argument '<source>'
            Usage: instantsearch query <source> [<text>]
              See 'instantsearch query --help' for more information.
            """
        #expect(CommandLineRunner.helpHint(full) == " (see 'instantsearch query --help')")
        #expect(CommandLineRunner.helpHint("Error: something else") == "")
        let own = "Error: Unknown option '--bogus'\n  See 'search --help' for more information."
        #expect(CommandLineRunner.helpHint(own, path: "instantsearch search") == " (see 'instantsearch search --help')")
    }
}
