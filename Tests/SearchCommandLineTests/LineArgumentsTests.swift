import ArgumentParser
import InstantSearchCore
import SearchCommandLine
import Testing

/// fzf's input and output options for lines as the command line reads them: each bad value is
/// one line naming the option and what it allows; `--ansi` prints a pick without its codes.
@Suite struct LineArgumentsTests {
    static func message(_ arguments: [String]) -> String? { refusal(LineArguments.self, arguments) }

    @Test(arguments: [
        (["--header-lines=-1"], "--header-lines takes a number of lines, 0 or more; got \"-1\""),
        (["--header-lines", "two"], "--header-lines takes a number of lines, 0 or more; got \"two\""),
        (["--tiebreak", "index,length"], "--tiebreak: index must be the last criterion"),
        (["--tiebreak", "length,lenght"], "--tiebreak: unknown criterion \"lenght\""),
        (["--tiebreak", "begin,begin"], "--tiebreak: \"begin\" is given twice"),
    ])
    func badValuesAreOneLineNamingTheOption(arguments: [String], expected: String) throws {
        let message = try #require(Self.message(arguments), "\(arguments) was accepted")
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
    }

    /// A `--filter` with no other option streams with `LineMatchOptions()` (PlainFilterCommand),
    /// which must be what the command line makes of no line option.
    @Test func noLineOptionIsFzfsDefaultMatching() throws {
        #expect(try LineArguments.parse([]).options() == LineMatchOptions())
    }

    @Test func severalTiebreaksAreKeptInOrder() throws {
        let options = try LineArguments.parse(["--tiebreak", "length,begin,index"]).options()
        #expect(options.tiebreaks == [.length, .begin, .index])
        #expect(options.rankingTiebreaks == [.length, .begin])
    }

    @Test func inputOptionsReadPlainLinesOnly() throws {
        let read0 = try LineArguments.parse(["--read0", "--header-lines", "1"])
        #expect(read0.readsPlainLines)
        #expect(throws: Never.self) { try read0.checkFormat(nil) }
        #expect(throws: Never.self) { try read0.checkFormat("lines") }
        do {
            try read0.checkFormat("json")
            Issue.record("--read0 with --format json was accepted")
        } catch {
            #expect("\(error)".contains("--read0, --header-lines read plain lines, not --format json"))
        }
        #expect(try LineArguments.parse([]).readsPlainLines == false)
    }

    @Test func ansiPrintsThePickWithoutItsCodes() throws {
        let line = Array("\u{1B}[01;34mbin\u{1B}[0m:x".utf8)
        #expect(try LineArguments.parse(["--ansi"]).printed(line, index: 0) == Array("bin:x".utf8))
        #expect(try LineArguments.parse(["--ansi", "--delimiter", ":", "--accept-nth", "2"]).printed(line, index: 0) == Array("x".utf8))
        #expect(try LineArguments.parse([]).printed(line, index: 0) == line)
        #expect(try LineArguments.parse(["--ansi"]).options().ansi)
    }

    @Test func headerLinesAreColouredOnlyWithAnsi() throws {
        let header = [Array("\u{1B}[31mUSER\u{1B}[0m PID".utf8)]
        #expect(try LineArguments.parse(["--ansi"]).headerText(header).map(\.text) == ["USER PID"])
        #expect(try LineArguments.parse(["--ansi"]).headerText(header)[0].spans.count == 1)
        #expect(try LineArguments.parse([]).headerText(header).map(\.text) == ["\u{1B}[31mUSER\u{1B}[0m PID"])
    }
}
