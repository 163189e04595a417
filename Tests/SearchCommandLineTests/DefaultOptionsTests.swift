import Testing

@testable import SearchCommandLine

/// Where INSTANTSEARCH_DEFAULT_OPTS goes: in front of the interactive search's options only.
@Suite struct DefaultOptionsTests {
    let others: Set<String> = ["query", "index", "serve", "import-postgres", "help"]

    func insert(_ defaults: [String], _ arguments: [String]) -> [String] {
        DefaultOptions.insert(defaults, into: arguments, searchCommand: "search", otherSubcommands: others)
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
    }
}
