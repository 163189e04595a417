import Foundation
import Testing

/// Query suggestions in the real binary: counted from the queries earlier
/// sessions settled on (the insights files under $HOME/.local/state), and given with
/// --suggestions; shown under the search box as you type, one accepted with Right.
@Suite(.serialized) struct SuggestionsSessionTests {
    private static let products = """
        {"objectID": "1", "name": "Sony Bravia TV"}
        {"objectID": "2", "name": "Sony WH-1000XM5 headphones"}
        {"objectID": "3", "name": "Bose QuietComfort headphones"}
        {"objectID": "4", "name": "LG OLED TV"}
        {"objectID": "5", "name": "Sony Alpha camera"}

        """

    /// The state directory of the tmux session's HOME, with one query settled on twice and clicked.
    private static func writeInsights(in home: URL) throws {
        let state = home.appendingPathComponent(".local/state/instantsearch")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let (a, b) = (String(repeating: "a", count: 32), String(repeating: "b", count: 32))
        try """
        {"queryID":"\(a)","index":"products","query":"sony headphones","nbHits":1,"timestamp":1764000000000}
        {"queryID":"\(b)","index":"products","query":"sony tv","nbHits":1,"timestamp":1764000000001}
        {"queryID":"\(b)","index":"products","query":"sony nothing","nbHits":0,"timestamp":1764000000002}

        """.write(to: state.appendingPathComponent("queries.ndjson"), atomically: true, encoding: .utf8)
        try """
        {"eventType":"click","eventName":"Hit picked","index":"products","userToken":"u","timestamp":1764000000003,"queryID":"\(a)","objectIDs":["2"],"positions":[1]}

        """.write(to: state.appendingPathComponent("events.ndjson"), atomically: true, encoding: .utf8)
    }

    @Test func suggestionsFromEarlierQueriesShowAndRightAcceptsOne() throws {
        let tmux = try Tmux()
        try Self.products.write(to: tmux.workDirectory.appendingPathComponent("products.ndjson"), atomically: true, encoding: .utf8)
        try Self.writeInsights(in: tmux.workDirectory)
        try tmux.shell("\(Project.binary) products.ndjson > out.json; echo \"exit=$?\"")
        try tmux.waitFor("5 results")
        try tmux.type("so")
        // The clicked query first, then the other; the one that found nothing is no suggestion.
        let shown = try tmux.waitFor("the dropdown") { $0.contains("│ sony headphones │") && $0.contains("│ sony tv") }
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.contains("│ sony headphones") })
        #expect(lines[first + 1].contains("│ sony tv"))
        #expect(lines[first - 1].contains("❯ so"), "right under the query")
        #expect(!shown.contains("sony nothing"))
        try tmux.press("Right")
        let accepted = try tmux.waitFor("the suggestion accepted") { $0.contains("❯ sony headphones") && $0.contains("1 result ") }
        #expect(!accepted.contains("│ sony tv"), "nothing left to finish it")
        #expect(accepted.contains("Sony WH-1000XM5 headphones"))
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.json")?.contains("\"objectID\":\"2\"") == true)
    }

    @Test func givenSuggestionsEscHidesAndNoSuggestionsTurnsThemOff() throws {
        let tmux = try Tmux()
        try Self.products.write(to: tmux.workDirectory.appendingPathComponent("products.ndjson"), atomically: true, encoding: .utf8)
        try #"[{"query": "bose quietcomfort", "popularity": 3}, {"query": "lg oled", "popularity": 1}]"#
            .write(to: tmux.workDirectory.appendingPathComponent("suggestions.json"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) products.ndjson --suggestions suggestions.json; echo \"exit=$?\"")
        try tmux.waitFor("5 results")
        try tmux.type("b")
        try tmux.waitFor("│ bose quietcomfort │")
        try tmux.press("Escape")
        try tmux.waitFor("the dropdown hidden") { !$0.contains("│ bose") && $0.contains("❯ b") }
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
        try tmux.shell("clear; \(Project.binary) products.ndjson --suggestions suggestions.json --no-suggestions; echo \"exit=$?\"")
        try tmux.waitFor("the options refused together") { $0.contains("--suggestions and --no-suggestions do not go together") && $0.contains("exit=2") }
        try #"[{"query": "bose"}, {"popularity": 1}]"#.write(to: tmux.workDirectory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        try tmux.shell("clear; \(Project.binary) products.ndjson --suggestions bad.json; echo \"exit=$?\"")
        try tmux.waitFor("the bad file's place") { $0.contains("bad.json:1:21: a suggestion needs \"query\"") && $0.contains("exit=2") }
    }
}
