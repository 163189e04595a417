import Foundation
import Testing

/// The TUI on PostgreSQL, end to end: `instantsearch import-postgres` loads the demo products
/// into the throwaway server `make test` starts, then `instantsearch --postgres … --table …`
/// (which runs instantsearch-postgres) is driven in tmux like the file-based sessions.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["INSTANTSEARCH_POSTGRES_URL"] != nil,
        "INSTANTSEARCH_POSTGRES_URL is not set: run `make test`, which starts a throwaway PostgreSQL"))
struct PostgresSessionTests {
    static let url = ProcessInfo.processInfo.environment["INSTANTSEARCH_POSTGRES_URL"] ?? ""

    /// Imports the demo products once per test (replacing the table: each test stands alone).
    private func importDemo() throws {
        let (status, output) = try spawn(
            Project.binary,
            [
                "import-postgres", Project.resource("products.json"), "--postgres", Self.url, "--table", "demo_products",
                "--replace",
            ])
        #expect(status == 0, "import-postgres failed: \(output)")
        #expect(output.contains("imported 338 records"))
    }

    private func start(_ tmux: Tmux) throws {
        try tmux.shell("\(Project.binary) --postgres \(Self.url) --table demo_products > out.json; echo \"exit=$?\"")
        // The tab shows the hit count once the first (empty-query) search has answered.
        try tmux.waitFor("demo_products 338")
    }

    @Test func typingSearchesTheTableWithHighlightsAndTypos() throws {
        try importDemo()
        let tmux = try Tmux()
        try start(tmux)
        try tmux.type("bravia")
        let screen = try tmux.waitFor("Sony Bravia among the hits") { $0.contains("❯ bravia") && $0.contains("Sony Bravia") }
        #expect(!screen.contains("Nikon"))
        try tmux.press("C-u")
        try tmux.type("hedphones ")
        try tmux.waitFor("headphones despite the typo") { $0.contains("❯ hedphones") && $0.contains("Headphones") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func refiningAFacetNarrowsTheHitsAndEnterPrintsTheRecord() throws {
        try importDemo()
        let tmux = try Tmux()
        try start(tmux)
        try tmux.type("sony")
        try tmux.waitFor("sony results") { $0.contains("❯ sony") && $0.contains("Sony Bravia") }
        try tmux.press("F3")
        try tmux.waitFor("the refinement list focused") { $0.contains("▌[ ]") }
        try tmux.moveSelection(marker: "▌[") { $0.contains("▌[ ] Headphones") }  // not a hit's "Headphones" beside the row
        try tmux.press("Enter")
        let after = try tmux.waitFor("the refined results") { $0.contains("[x] Headphones") && !$0.contains("Sony Bravia") }
        #expect(after.contains("❯ sony"))
        try tmux.press("F2")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let record = try JSONSerialization.jsonObject(with: Data((tmux.file("out.json") ?? "").utf8)) as? [String: Any]
        #expect(record?["brand"] as? String == "Sony")
        #expect(record?["category"] as? String == "Headphones")
    }

    /// fzf's options reach instantsearch-postgres: one search of the table settles them, no interface.
    @Test func selectOneAndExitZeroAreForwardedToThePostgresExecutable() throws {
        try importDemo()
        let picked = try spawn(
            Project.binary,
            [
                "--postgres", Self.url, "--table", "demo_products", "--query", "fairphone green", "--select-1", "--print-query",
            ])
        #expect(picked.status == 0, "\(picked.output)")
        let lines = picked.output.split(separator: "\n")
        #expect(lines.first == "fairphone green")
        let record = try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any]
        #expect(record?["colour"] as? String == "Green")
        let none = try spawn(Project.binary, ["--postgres", Self.url, "--table", "demo_products", "--query", "zzqqxx", "--exit-0"])
        #expect(none.status == 1)
        #expect(none.output == "")
    }

    @Test func aMissingTableIsReportedAndTheTerminalIsNotTouched() throws {
        let (status, output) = try spawn(Project.binary, ["--postgres", Self.url, "--table", "no_such_table"])
        #expect(status == 2)
        #expect(output.contains("no table named no_such_table"))
    }
}

/// `--postgres` and `import-postgres` run the sibling binary; without it they say how to get it.
@Suite(.serialized) struct SiblingDispatchTests {
    @Test(arguments: [
        ["--postgres", "postgres://me@127.0.0.1/db", "--table", "t"],
        ["import-postgres", "data.json", "--postgres", "postgres://me@127.0.0.1/db"],
    ])
    func aMissingPostgresBinaryIsExplained(arguments: [String]) throws {
        // A hard link, not a copy: a copy's write descriptor, inherited by a child another test
        // forks meanwhile, makes exec fail with ETXTBSY. Beside the binary: same file system.
        let binary = URL(fileURLWithPath: Project.binary)
        let directory = binary.deletingLastPathComponent().appendingPathComponent("is-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let alone = directory.appendingPathComponent("instantsearch").path
        try FileManager.default.linkItem(atPath: binary.path, toPath: alone)
        let (status, output) = try spawn(alone, arguments)
        #expect(status == 2)
        #expect(output.contains("needs instantsearch-postgres beside this binary"))
        // Outside a build folder (installed, or moved): the install puts every sibling beside it.
        #expect(output.contains("make install PREFIX="))
    }
}
