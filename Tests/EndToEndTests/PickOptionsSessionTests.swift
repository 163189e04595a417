import Foundation
import Testing

/// fzf's --query, --select-1, --exit-0, --print-query and INSTANTSEARCH_DEFAULT_OPTS, run from
/// a shell in tmux as a user would. No key is sent in the --select-1 / --exit-0 tests: an
/// interface, had one opened, would wait for keys forever, so a prompt exit shows there was none.
@Suite(.serialized) struct PickOptionsSessionTests {
    let products = Project.resource("products.json")

    /// The record lines of out.json, parsed; the query line (with --print-query) as it is.
    private func outputLines(_ tmux: Tmux) throws -> [String] {
        try #require(tmux.file("out.json")).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    private func record(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func selectOnePrintsTheOnlyHitWithoutTheInterface() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.binary) \(products) --select-1 --query 'fairphone green' > out.json; echo \"exit=$?\"")
        try tmux.waitFor("exit=0")
        let lines = try outputLines(tmux)
        #expect(lines.count == 1)
        #expect(try record(lines[0])["colour"] as? String == "Green")
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"), "the terminal was never touched")
    }

    @Test func selectOneWithSeveralHitsOpensTheInterfaceOnTheQuery() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --select-1 -q fairphone > out.json; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the interface on three Fairphones") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        #expect(screen.contains("Fairphone 5"))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func exitZeroWithNoHitExitsOneAtOnceAndPrintsTheQueryWhenAsked() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --exit-0 --query zzqqxx > out.json; echo \"exit=$?\"")
        try tmux.waitFor("exit=1")
        #expect(tmux.file("out.json") == "")
        try tmux.shell("\(Project.binary) \(products) --exit-0 -q 'zzqqxx' --print-query > query.txt; echo \"second=$?\"")
        try tmux.waitFor("second=1")
        #expect(tmux.file("query.txt") == "zzqqxx\n")
    }

    @Test func theInitialQueryIsEditableAndPrintQueryPrintsTheFinalOne() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --query fairph --print-query > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the initial query searched") { $0.contains("❯ fairph") && $0.contains("3 results") }
        try tmux.type("one")
        try tmux.waitFor("the query typed on") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let lines = try outputLines(tmux)
        #expect(lines.count == 2)
        #expect(lines.first == "fairphone", "the query as it was when the hit was picked")
        #expect(try record(lines[1])["brand"] as? String == "Fairphone")
    }

    @Test func defaultOptionsComeFromTheEnvironmentAndTheCommandLineWins() throws {
        let tmux = try Tmux()
        let defaults = "INSTANTSEARCH_DEFAULT_OPTS=\"--query 'bravia 65' --print-query\""
        try tmux.shell("\(defaults) \(Project.binary) \(products) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the query from the variable") { $0.contains("❯ bravia 65") && $0.contains("1 result") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        var lines = try outputLines(tmux)
        #expect(lines.first == "bravia 65")
        #expect(try record(lines[1])["name"] as? String == "Sony Bravia 65\" OLED TV")

        try tmux.shell("clear; \(defaults) \(Project.binary) \(products) --query 'sony bravia 55' --select-1 > out.json; echo \"exit=$?\"")
        try tmux.waitFor("exit=0")
        lines = try outputLines(tmux)
        #expect(lines.first == "sony bravia 55", "--query on the command line wins; --print-query still holds")
        #expect(try record(lines[1])["name"] as? String == "Sony Bravia 55\" 4K TV")
    }

    @Test func defaultOptionsThatDoNotParseAreOneLineNamingTheVariable() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("INSTANTSEARCH_DEFAULT_OPTS=\"--strategy 'fast\" \(Project.binary) \(products); echo \"exit=$?\"")
        var screen = try tmux.waitFor("exit=2")
        #expect(screen.contains("instantsearch: INSTANTSEARCH_DEFAULT_OPTS: column 12: unterminated single quote"))
        try tmux.shell("clear; INSTANTSEARCH_DEFAULT_OPTS=\"--strategy fast\" \(Project.binary) \(products); echo \"second=$?\"")
        screen = try tmux.waitFor("second=2")
        #expect(screen.contains("instantsearch: INSTANTSEARCH_DEFAULT_OPTS: The value 'fast' is invalid for '--strategy <strategy>'"))
        #expect(!screen.contains("USAGE"), "one line, not the usage text")
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
    }
}
