import Foundation
import Testing

/// A package registry's list as it is published (IANA TSV: quotes are text), opened as a user
/// would, and a load that stops far into a file: its reason readable whole on screen.
@Suite(.serialized) struct TSVSessionTests {
    static let fixture = Project.root.appendingPathComponent("Tests/EndToEndTests/Fixtures/packages.tsv").path

    private func start(_ tmux: Tmux, _ commandLine: String, marker: String) throws {
        try tmux.shell("clear; export XDG_CACHE_HOME=$PWD/cache; \(commandLine); echo \"\(marker)=$?\"")
    }

    @Test func aPackageListWithQuotesInsideFieldsLoadsWholeAndPrintsItsRow() throws {
        let tmux = try Tmux(width: 120, height: 30)
        try start(tmux, "\(Project.binary) \(Self.fixture) > out.txt", marker: "exit")
        try tmux.waitFor("every row") { $0.contains("40 results") }
        try tmux.type("pkg01")
        try tmux.waitFor("the row whose summary starts with a quote") { $0.contains("❯ pkg01") && $0.contains("▌ pkg01") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let picked = try #require(tmux.file("out.txt"))
        #expect(picked.contains(#""summary":"\"AGENT\" K is a complete minimalistic kubectl \"doner\"-wrap 1""#))
        #expect(picked.contains(#""month":"2016-02""#))
    }

    @Test func whyLoadingStoppedIsInThePreviewWhole() throws {
        let tmux = try Tmux(width: 200, height: 30)  // a preview wide enough for the reason on one line
        // A row with a field too many past the sample (10,000 rows): found behind the interface.
        try tmux.shell(#"awk 'BEGIN { print "name,n"; for (i = 0; i < 30000; i++) print "row " i "," i; print "bad,1,extra" }' > big.csv"#)
        try start(tmux, "\(Project.binary) big.csv", marker: "exit")
        try tmux.waitFor("the stats line's notice") { $0.contains("⚠ loading stopped (F6 shows why)") }
        try tmux.press("F6")
        try tmux.waitFor("the whole reason in the preview") {
            $0.contains("⚠ loading stopped: big.csv:30002:7: expected 2 fields, found 3")
        }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}

/// `--format csv --delimiter '\t'` for the quoted kind, and what `--delimiter` refuses.
@Suite struct DelimiterCommandLineTests {
    private func sh(_ script: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("is-delim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try spawn("/bin/sh", ["-c", "cd \(directory.path) && export XDG_CACHE_HOME=$PWD/cache BIN=\(Project.binary) && \(script)"])
    }

    @Test func theQuotedKindOfTabSeparatedFileIsCSVSplitAtTabs() throws {
        let (status, output) = try sh(#"printf 'name\tnote\nann\t"tab\there"\n' > q.tsv && $BIN query q.tsv ann --format csv --delimiter '\t'"#)
        #expect(status == 0)
        #expect(output.contains(#""note":"tab\there""#))
    }

    @Test func delimiterGoesWithCSVOrLinesOnly() throws {
        let (status, output) = try sh(#"printf 'a\n1\n' > q.tsv && $BIN query q.tsv 1 --format tsv --delimiter ';'"#)
        #expect(status == 2)
        #expect(output.contains("--delimiter cuts plain lines into fields, or sets CSV's separator with --format csv"))
        let (badStatus, badOutput) = try sh(#"printf 'a\n1\n' > q.csv && $BIN query q.csv 1 --format csv --delimiter ab"#)
        #expect(badStatus == 2)
        #expect(badOutput.contains("--delimiter takes one ASCII character"))
    }
}
