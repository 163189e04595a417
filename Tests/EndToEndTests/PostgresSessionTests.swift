import Foundation
import Testing

/// The TUI on PostgreSQL, end to end: `instantsearch import-postgres` loads the demo products
/// into the throwaway server `make test` starts, then `instantsearch --postgres … --table …`
/// is driven in tmux like the file-based sessions.
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

    /// fzf's options hold on a table: one search of it settles them, no interface.
    @Test func selectOneAndExitZeroHoldOnATable() throws {
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

/// A bad URL, a refused connection and a TLS the server does not offer: one line naming the
/// URL's host (never its password) and what failed, exit status 2, before the terminal is touched.
@Suite(.serialized) struct PostgresConnectionFailureTests {
    @Test(arguments: [
        (
            ["--postgres", "postgres://me:secret@127.0.0.1:1/shop", "--table", "t"],
            "instantsearch --postgres: cannot connect to PostgreSQL at postgres://me@127.0.0.1:1/shop: "
        ),
        (
            ["import-postgres", "DATA", "--postgres", "postgres://me:secret@127.0.0.1:1/shop"],
            "instantsearch import-postgres: cannot connect to PostgreSQL at postgres://me@127.0.0.1:1/shop: "
        ),
        (
            ["query", "--postgres", "postgres://me:secret@127.0.0.1:1/shop", "--table", "t", "x"],
            "instantsearch query: cannot connect to PostgreSQL at postgres://me@127.0.0.1:1/shop: "
        ),
        (
            ["--postgres", "postgres://me:secret@db.example:port/shop", "--table", "t"],
            "instantsearch --postgres: not a PostgreSQL URL: postgres://me@db.example:port/shop ("
        ),
        (
            ["--postgres", "mysql://me@db.example/shop", "--table", "t"],
            "instantsearch --postgres: not a PostgreSQL URL: mysql://me@db.example/shop (expected postgres://USER@HOST/DB)"
        ),
    ])
    func aFailureIsOneLineNamingTheHost(arguments: [String], start: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pg-failure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"[{"name": "a"}]"#.write(to: directory.appendingPathComponent("data.json"), atomically: true, encoding: .utf8)
        let data = directory.appendingPathComponent("data.json").path
        let (status, output) = try spawn(Project.binary, arguments.map { $0 == "DATA" ? data : $0 })
        #expect(status == 2)
        #expect(output.hasPrefix(start), "\(output)")
        #expect(output.hasSuffix("\n") && output.dropLast().split(separator: "\n").count == 1, "one line: \(output)")
        #expect(!output.contains("secret"))
    }

    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["INSTANTSEARCH_POSTGRES_URL"] != nil, "needs the throwaway server"))
    func requiringTLSOfAServerWithoutItIsOneLine() throws {
        let url = PostgresSessionTests.url + "?sslmode=require"
        let (status, output) = try spawn(Project.binary, ["--postgres", url, "--table", "demo_products"])
        #expect(status == 2)
        #expect(output.hasPrefix("instantsearch --postgres: cannot connect to PostgreSQL at postgres://"), "\(output)")
        #expect(output.contains("SSL") && output.dropLast().split(separator: "\n").count == 1, "\(output)")
    }
}
