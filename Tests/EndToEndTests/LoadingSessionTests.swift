import Foundation
import Testing

/// Opening things nobody wrote for this program: plain lines on standard input, a pipe that
/// trickles, and the index cache (kept in the test's own directory: the shell's HOME and
/// XDG_CACHE_HOME are the temporary work directory, never the user's).
@Suite(.serialized) struct LoadingSessionTests {
    private func start(_ tmux: Tmux, _ commandLine: String, marker: String) throws {
        try tmux.shell("clear; export XDG_CACHE_HOME=$PWD/cache; \(commandLine); echo \"\(marker)=$?\"")
    }

    @Test func lsOutputIsSearchedLineByLineAndThePickIsTheLine() throws {
        let tmux = try Tmux()
        try tmux.shell("mkdir d && touch d/alpha.txt d/beta.conf d/gamma.sh d/delta.md d/name,with,commas")
        try start(tmux, "ls d | \(Project.binary) > out.txt", marker: "exit")
        try tmux.waitFor("every line") { $0.contains("  5/5 ─") && $0.contains("▌ name,with,commas") }
        try tmux.type("beta")
        try tmux.waitFor("the line") { FzfScreen.rows($0).suffix(3) == FzfScreen.bottom(["beta.conf"], count: "1/5", query: "beta")[...] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "beta.conf\n")
    }

    @Test func psAuxOutputIsLinesNotABrokenCSV() throws {
        let tmux = try Tmux()
        // A process of our own with a name to find: its line is what Enter must print. `ps`
        // waits until the background shell has become it (under load, a CI run listed the
        // process before its `exec`, so no line held the name).
        try start(
            tmux,
            "exec -a sleeper-4242 sleep 60 & SLEEPER=$!; until ps -o args= -p $SLEEPER | grep -q sleeper-4242; do sleep 0.05; done; "
                + "ps aux | \(Project.binary) > out.txt", marker: "exit")
        try tmux.waitFor("the process table") { $0.contains("USER") && $0.contains("PID") }
        try tmux.type("sleeper 4242")
        // Subsequences of other lines match too (as in fzf); the process is the best match.
        try tmux.waitFor("the sleeping process") { screen in
            screen.contains("> sleeper 4242") && screen.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains("sleeper-4242 60") }
        }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let picked = try #require(tmux.file("out.txt"))
        #expect(picked.contains("sleeper-4242 60\n"))
        #expect(!picked.hasPrefix("{"))  // the line itself, not a JSON record
        try tmux.shell("kill $SLEEPER")
    }

    @Test func aSlowPipeCanBeSearchedWhileItLoads() throws {
        let tmux = try Tmux()
        try start(tmux, "(for i in $(seq 1 80); do echo \"row number $i\"; sleep 0.1; done) | \(Project.binary) > out.txt", marker: "exit")
        // The first frame comes before the last line: fzf's spinner on the info line, lines above it.
        try tmux.waitFor("progress and results while loading") { FzfScreen.isReading($0) && $0.contains("row number 1") }
        try tmux.type("number 7")
        try tmux.waitFor("the query's results, still loading") {
            $0.contains("> number 7") && $0.contains("row number 7") && FzfScreen.isReading($0)
        }
        // Re-run on each bigger snapshot: every line with a 7 once every line is in (17, as
        // fzf finds), the shortest first.
        try tmux.waitFor("the whole input searched") {
            !FzfScreen.isReading($0) && $0.contains("  17/80 ─") && $0.contains("row number 79")
        }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "row number 7\n")
    }

    @Test func escapeWhileLoadingLeavesCleanly() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try start(tmux, "(for i in $(seq 1 600); do echo \"row $i\"; sleep 0.05; done) | \(Project.binary)", marker: "exit")
        try tmux.waitFor("loading") { FzfScreen.isReading($0) }
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
    }

    @Test func theSecondOpenUsesTheCacheATouchedFileRebuildsADamagedEntryIsRebuilt() throws {
        let tmux = try Tmux()
        let rows = (1...3000).map { "Person \($0),\(["Oslo", "Rome", "Lima"][$0 % 3]),\(1900 + $0 % 100)" }
        try ("name,city,year\n" + rows.joined(separator: "\n") + "\n")
            .write(to: tmux.workDirectory.appendingPathComponent("people.csv"), atomically: true, encoding: .utf8)

        try start(tmux, "\(Project.binary) people.csv", marker: "first")
        try tmux.waitFor("built and cached") { $0.contains("3000 results") && $0.contains("cached for next time") }
        try tmux.press("Escape")
        try tmux.waitFor("first=130")

        try start(tmux, "\(Project.binary) people.csv", marker: "second")
        try tmux.waitFor("opened from the cache") { $0.contains("3000 results") && $0.contains("index from the cache") }
        try tmux.press("Escape")
        try tmux.waitFor("second=130")

        try start(tmux, "touch people.csv; \(Project.binary) people.csv", marker: "touched")
        try tmux.waitFor("rebuilt after touch") { $0.contains("3000 results") && $0.contains("cached for next time") }
        try tmux.press("Escape")
        try tmux.waitFor("touched=130")

        // Cut every entry short, as a full disk or a crash elsewhere would.
        try start(tmux, "for f in cache/instantsearch/*.idx; do head -c 3000 $f > cut && mv cut $f; done; \(Project.binary) people.csv", marker: "damaged")
        try tmux.waitFor("rebuilt with a note") {
            $0.contains("3000 results") && $0.contains("the cached index was damaged: rebuilt")
        }
        try tmux.press("Escape")
        // The one-line note stays on the terminal once the interface is gone.
        let after = try tmux.waitFor("damaged=130")
        #expect(after.contains("people.csv: the cached index was damaged ("))

        // Damage past the header and settings is found behind the interface: built again too.
        try start(tmux, "for f in cache/instantsearch/*.idx; do \(Self.damageMiddle("$f")); done; \(Project.binary) people.csv", marker: "flipped")
        try tmux.waitFor("rebuilt behind the interface") {
            $0.contains("3000 results") && $0.contains("the cached index was damaged: rebuilt")
        }
        try tmux.press("Escape")
        try tmux.waitFor("flipped=130")

        try start(tmux, "\(Project.binary) people.csv --no-index-cache", marker: "uncached")
        try tmux.waitFor("built, not cached") { $0.contains("3000 results") && !$0.contains("· loading") }
        #expect(!(try tmux.screen()).contains("cache"))
        try tmux.press("Escape")
        try tmux.waitFor("uncached=130")
    }

    @Test func aNamedIndexFileOpensBehindTheInterfaceAndItsDamageIsPrintedAfter() throws {
        let tmux = try Tmux()
        let rows = (1...3000).map { "Person \($0),\(["Oslo", "Rome", "Lima"][$0 % 3])" }
        try ("name,city\n" + rows.joined(separator: "\n") + "\n")
            .write(to: tmux.workDirectory.appendingPathComponent("people.csv"), atomically: true, encoding: .utf8)
        try start(tmux, "\(Project.binary) index people.csv -o people.idx > /dev/null && \(Project.binary) people.idx", marker: "whole")
        try tmux.waitFor("the index file's records") { $0.contains("3000 results") }
        try tmux.type("person 2999")
        try tmux.waitFor("searched") { $0.contains("1 result") && $0.contains("Person 2999") }
        try tmux.press("Escape")
        try tmux.waitFor("whole=130")

        try start(tmux, "\(Self.damageMiddle("people.idx")); \(Project.binary) people.idx", marker: "damaged")
        try tmux.waitFor("the damage on the stats line") { $0.contains("⚠ loading stopped (F6 shows why): people.idx") }
        try tmux.press("Escape")
        // Printed whole once the screen is gone, where the stats line may have cut it short.
        let after = try tmux.waitFor("damaged=130")
        #expect(after.contains("instantsearch: people.idx: the index file is damaged (section "))
    }

    /// A shell command that overwrites two bytes in the middle of `file`, as a bad disk would.
    private static func damageMiddle(_ file: String) -> String {
        "printf 'XQ' | dd of=\(file) bs=1 seek=$(( $(stat -c %s \(file)) / 2 )) conv=notrunc 2>/dev/null"
    }
}

/// Messages and `query` on standard input, without a terminal.
@Suite struct LoadingCommandLineTests {
    private func sh(_ script: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("is-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try spawn("/bin/sh", ["-c", "cd \(directory.path) && export XDG_CACHE_HOME=$PWD/cache BIN=\(Project.binary) && \(script)"])
    }

    @Test func queryReadsStandardInput() throws {
        let (status, output) = try sh(#"printf 'alpha one\nbeta two\n' | $BIN query - "beta""#)
        #expect(status == 0)
        #expect(output.contains(#""hits":[{"line":"beta two","objectID":"2""#))
    }

    @Test func aBadRowOnStandardInputIsOneLineNamingTheSource() throws {
        let (status, output) = try sh(#"printf 'a,b\n1,2\n3\n' | $BIN --format csv"#)
        #expect(status == 2)
        // One line of its own, naming the source and the line; nothing glued before it.
        #expect(output.hasPrefix("instantsearch: <stdin>:3"))
        #expect(output.hasSuffix("\n") && output.filter { $0 == "\n" }.count == 1)
    }

    @Test func aJSONFileThatIsNotJSONSaysSo() throws {
        let (status, output) = try sh(#"printf 'name,age\nann,3\n' > people.json && $BIN query people.json ann"#)
        #expect(status == 2)
        #expect(output == "instantsearch query: people.json:1:1: expected JSON: an array '[' or an object '{'\n")
    }

    @Test func queryOpensTheCacheTheSecondTime() throws {
        let (status, output) = try sh(
            #"printf 'name\nann\nbob\n' > p.csv && $BIN query p.csv ann --verbose --index-cache > /dev/null && $BIN query p.csv ann --verbose"#)
        #expect(status == 0)
        #expect(output.contains("p.csv: index cached as "))
        #expect(output.contains("p.csv: index from the cache ("))
    }

    /// `--select-1` and `--exit-0` answer without the interface: they wait for every record,
    /// whether the file is read past its sample or its index comes from the cache.
    @Test func selectOneSeesTheWholeFileReadOrCached() throws {
        let script = #"""
            awk 'BEGIN { print "name,n"; for (i = 0; i < 30000; i++) print "row " i % 7 "," i; print "zebracorn,30000" }' > many.csv
            for open in first cached; do $BIN many.csv --query zebracorn --select-1 < /dev/null; done
            $BIN many.csv --query quokka --exit-0 < /dev/null; echo "exit=$?"
            """#
        let (status, output) = try sh(script)
        #expect(status == 0)
        #expect(output == "{\"name\":\"zebracorn\",\"n\":30000}\n{\"name\":\"zebracorn\",\"n\":30000}\nexit=1\n")
    }
}
