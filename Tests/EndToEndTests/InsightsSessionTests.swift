import Foundation
import Testing

/// Insights and re-ranking end to end: a pick is written as an Algolia Insights click (with the
/// query's line) to $XDG_STATE_HOME/instantsearch, and on the next run the same query ranks the
/// picked record first; `--no-insights` writes nothing.
@Suite(.serialized) struct InsightsSessionTests {
    static let lines = "alpha one\nalpha two\nalpha three\nbeta four\n"

    private func tmux() throws -> (Tmux, String) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("instantsearch-state-\(UUID().uuidString)").path
        let tmux = try Tmux(environment: ["XDG_STATE_HOME='\(state)'"])
        try Self.lines.write(to: tmux.workDirectory.appendingPathComponent("words.txt"), atomically: true, encoding: .utf8)
        return (tmux, state)
    }

    @Test func aPickIsRecordedAndRanksFirstForTheSameQueryNextTime() throws {
        let (tmux, state) = try tmux()
        defer { try? FileManager.default.removeItem(atPath: state) }
        try tmux.shell("\(Project.binary) words.txt > first.txt; echo \"first=$?\"")
        try tmux.waitFor("three lines for alpha") { $0.contains("alpha three") && $0.contains("beta four") }
        try tmux.type("alpha")
        try tmux.waitFor("the query searched") { !$0.contains("beta four") && $0.contains("alpha three") }
        // fzf's default layout: the list runs upward from the prompt, Up goes to the next line.
        try tmux.press("Up", "Up", "Enter")
        try tmux.waitFor("first=0")
        let picked = try #require(tmux.file("first.txt")).trimmingCharacters(in: .newlines)
        #expect(picked.hasPrefix("alpha"))

        let events = try #require(try? String(contentsOfFile: state + "/instantsearch/events.ndjson", encoding: .utf8))
        let queries = try #require(try? String(contentsOfFile: state + "/instantsearch/queries.ndjson", encoding: .utf8))
        let click = try #require(
            events.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.last { $0["eventType"] as? String == "click" })
        #expect(click["positions"] as? [Int] == [3])
        let queryID = try #require(click["queryID"] as? String)
        #expect(queries.contains(#""queryID":"\#(queryID)","index":"#) && queries.contains(#""query":"alpha""#))
        let mode = try FileManager.default.attributesOfItem(atPath: state + "/instantsearch")[.posixPermissions] as? Int
        #expect(mode == 0o700)

        // The next run: the same query puts the picked line first; Enter picks it.
        try tmux.shell("\(Project.binary) words.txt --query alpha > second.txt; echo \"second=$?\"")
        try tmux.waitFor("the picked line first for the same query") { screen in
            // The current line: the first, just above the info line and the prompt.
            let rows = FzfScreen.rows(screen)
            let selected = rows.count >= 3 ? rows[rows.count - 3] : nil
            return screen.contains("> alpha") && !screen.contains("beta four") && selected?.contains(picked) == true
        }
        try tmux.press("Enter")
        try tmux.waitFor("second=0")
        #expect(tmux.file("second.txt")?.trimmingCharacters(in: .newlines) == picked)
    }

    @Test func noInsightsWritesNothing() throws {
        let (tmux, state) = try tmux()
        defer { try? FileManager.default.removeItem(atPath: state) }
        try tmux.shell("INSTANTSEARCH_DEFAULT_OPTS=--no-insights \(Project.binary) words.txt --query alpha > out.txt; echo \"done=$?\"")
        try tmux.waitFor("the query searched") { $0.contains("> alpha") && !$0.contains("beta four") }
        try tmux.press("Enter")
        try tmux.waitFor("done=0")
        // (The directory may hold a crash report's folder: only the insights files count.)
        #expect(!FileManager.default.fileExists(atPath: state + "/instantsearch/events.ndjson"))
        #expect(!FileManager.default.fileExists(atPath: state + "/instantsearch/queries.ndjson"))
    }
}
