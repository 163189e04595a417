import Foundation
import Testing

/// Plain lines as an fzf user types into them, run from a shell in tmux: a subsequence into an
/// `ls /usr/bin`-style list (a fixture written here, not the real directory), fields with
/// `--delimiter : --nth 2 --with-nth 1,3`, `--select-1` beside a typo-near neighbour, and a line
/// that is not UTF-8 printed byte for byte.
@Suite(.serialized) struct LinesSessionTests {
    static let bin = ["bunzip2", "bzip2", "dpkg", "dpkg-deb", "dpkg-query", "gzip", "ssh", "ssh-keygen", "ssh-keyscan", "unzip"]

    private func writeBin(_ tmux: Tmux) throws {
        try tmux.shell("printf '%s\\n' \(Self.bin.joined(separator: " ")) > bin.txt; echo written-$((1 + 1))")
        try tmux.waitFor("written-2")
    }

    @Test func typingASubsequencePicksTheCommand() throws {
        let tmux = try Tmux()
        try writeBin(tmux)
        try tmux.shell("\(Project.binary) < bin.txt > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("every line") { FzfScreen.rows($0).suffix(2) == [FzfScreen.info("10/10"), ">"] }
        try tmux.type("dpkgq")
        try tmux.waitFor("dpkg-query alone") { FzfScreen.rows($0).suffix(3) == FzfScreen.bottom(["dpkg-query"], count: "1/10", query: "dpkgq")[...] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "dpkg-query\n")
    }

    @Test func insideWordsEveryLineWithTheLetters() throws {
        let tmux = try Tmux()
        try writeBin(tmux)
        try tmux.shell("\(Project.binary) < bin.txt > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("every line") { FzfScreen.rows($0).suffix(2) == [FzfScreen.info("10/10"), ">"] }
        try tmux.type("zip")
        // bunzip2, bzip2, gzip, unzip: inside words, in fzf's order (the shortest first).
        let zips = FzfScreen.bottom(["gzip", "bzip2", "unzip", "bunzip2"], count: "4/10", query: "zip")
        try tmux.waitFor("the zips") { FzfScreen.rows($0).suffix(6) == zips[...] }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func fieldsMatchAndShowAsAskedAndTheWholeLineIsPrinted() throws {
        let tmux = try Tmux()
        try tmux.shell("printf '%s\\n' root:x:/var/lib alice:x:/home/bob bob:x:/srv/www > users.txt; echo written-$((1 + 1))")
        try tmux.waitFor("written-2")
        try tmux.shell("\(Project.binary) --delimiter : --nth 2 --with-nth 1,3 < users.txt > out.txt; echo \"exit=$?\"")
        // Fields 1 and 3 shown (field 2 of the line is not).
        let all = FzfScreen.bottom(["root:/var/lib", "alice:/home/bob", "bob:/srv/www"], count: "3/3")
        try tmux.waitFor("every line") { FzfScreen.rows($0).suffix(5) == all[...] }
        try tmux.type("bob")
        // "bob" is searched in field 2 of what is shown: alice's home, not bob's name.
        let alice = FzfScreen.bottom(["alice:/home/bob"], count: "1/3", query: "bob")
        try tmux.waitFor("alice's line alone") { FzfScreen.rows($0).suffix(3) == alice[...] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "alice:x:/home/bob\n")
    }

    @Test func selectOnePicksWhatFzfPicksBesideATypoNearNeighbour() throws {
        let tmux = try Tmux()
        try writeBin(tmux)
        try tmux.shell("\(Project.binary) -q ssh-keyg --select-1 < bin.txt > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "ssh-keygen\n")
    }

    @Test func aLineThatIsNotUTF8IsShownAndPrintedByteForByte() throws {
        let tmux = try Tmux()
        try tmux.shell("printf 'caf\\351 noir\\nplain\\n' > latin1.txt; echo written-$((1 + 1))")
        try tmux.waitFor("written-2")
        try tmux.shell("\(Project.binary) < latin1.txt > out.bin; echo \"exit=$?\"")
        try tmux.waitFor("both lines") { FzfScreen.rows($0).suffix(2) == [FzfScreen.info("2/2"), ">"] }
        try tmux.type("noir")
        let line = FzfScreen.bottom(["caf\u{FFFD} noir"], count: "1/2", query: "noir")
        try tmux.waitFor("the line") { FzfScreen.rows($0).suffix(3) == line[...] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let printed = try #require(FileManager.default.contents(atPath: tmux.workDirectory.appendingPathComponent("out.bin").path))
        #expect([UInt8](printed) == Array("caf".utf8) + [0xE9] + Array(" noir\n".utf8))
    }

    @Test func badLineOptionsAreOneLineAndExitTwo() throws {
        for (arguments, named) in [
            (["--scheme", "paths"], "--scheme"), (["--tiebreak", "lenght"], "--tiebreak"),
            (["--nth", "0"], "--nth"), (["--delimiter", "("], "--delimiter"),
        ] {
            let (status, output) = try spawn(Project.binary, arguments + ["-"], captureOutput: true)
            #expect(status == 2)
            #expect(output.contains(named), "\(arguments): \(output)")
            #expect(output.split(separator: "\n").count <= 2, "\(arguments): \(output)")
        }
    }
}
