import Foundation
import Testing

/// Sort by, typed ranges and toggles, in the real binary in tmux.
@Suite(.serialized) struct RangeSessionTests {
    private static func fixture(_ name: String) -> String {
        Project.root.appendingPathComponent("Tests/EndToEndTests/Fixtures/\(name)").path
    }

    /// The screen row (0-based) holding `text`, if any.
    private func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    /// "7 results" on the stats line, as a number.
    private func resultCount(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"[0-9,]+ results?"#, options: .regularExpression) else { return nil }
        return Int(screen[range].split(separator: " ")[0].replacingOccurrences(of: ",", with: ""))
    }

    @Test func f7SortsBabyNamesByCountAndTheHeaderSaysSo() throws {
        let tmux = try Tmux()
        // The settings file beside the data declares the sorts (babynames.settings.json).
        try tmux.shell("cp \(Self.fixture("babynames.csv")) \(Self.fixture("babynames.settings.json")) . && \(Project.binary) babynames.csv; echo \"exit=$?\"")
        // The inferred popularity column is said where the load's end is, before any query.
        try tmux.waitFor("the inferred ranking said") { $0.contains("sort: Relevance · F7") && $0.contains("ranked by count ↓ — inferred") }
        try tmux.type("mar")
        let relevance = try tmux.waitFor("the Mar… names by relevance") { $0.contains("❯ mar") && $0.contains("8 results") }
        // Every name matches `mar` equally well: the inferred popularity column (count) orders
        // them: Mary (7065) before Marcus (12), though the file meets Marcus first.
        #expect(try #require(row(of: "Mary ", in: relevance)) < row(of: "Marcus", in: relevance) ?? 0)
        try tmux.press("F7")
        let popular = try tmux.waitFor("sorted by count") { $0.contains("sort: Most popular · F7") && $0.contains("8 results") }
        #expect(popular.contains("sort: Most popular ×"), "the sort is a chip too")
        let order = ["Mary", "Mark", "Maria", "Martha", "Marvin", "Marian", "Marla", "Marcus"].map {
            row(of: " \($0) ", in: popular) ?? row(of: " \($0)", in: popular)
        }
        let rows = try order.map { try #require($0) }
        #expect(rows == rows.sorted(), "most popular first: \(rows)")
        try tmux.press("F7")
        let least = try tmux.waitFor("least popular") { $0.contains("sort: Least popular") }
        #expect(try #require(row(of: "Marcus", in: least)) < row(of: "Marla", in: least) ?? 0)
        try tmux.press("F7")
        try tmux.waitFor("sort: Relevance · F7")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func typingUnder50InThePriceSliderKeepsTheCheapProducts() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.demoCommand); echo \"exit=$?\"")
        try tmux.waitFor("products 338")
        try tmux.press("F4")
        try tmux.waitFor("the slider pane's attribute list") { $0.contains("▸price") && $0.contains("reviews") }
        try tmux.press("C-f")
        try tmux.waitFor("range › 50-200")  // the placeholder lists the forms
        try tmux.type("<5x")
        try tmux.press("Enter")
        try tmux.waitFor("the error inline") { $0.contains("⚠ column 3: unexpected \"x\"") }
        try tmux.press("BSpace")
        try tmux.type("0")
        try tmux.press("Enter")
        let screen = try tmux.waitFor("the products under $50") { resultCount($0) == 7 && $0.contains("< $50") }
        #expect(screen.contains("price < $50.00 ×"), "the chip names the range, 50 left out")
        #expect(!screen.contains("range ›"), "the input closed")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func enterTogglesAZeroOneGenreFlagOnOffAndBack() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(Self.fixture("imdb.csv")); echo \"exit=$?\"")
        try tmux.waitFor("imdb 20")
        let first = try tmux.waitFor("the genre flags as toggles") { $0.contains("TOGGLES") && $0.contains("[ ] Comedy") }
        #expect(!first.contains("COMEDY"), "a 0/1 column is a toggle, not a slider")
        try tmux.press("F3")
        try tmux.moveSelection(marker: "▌[") { $0.contains("Comedy") }
        try tmux.press("Enter")
        try tmux.waitFor("only the comedies") { $0.contains("[x] Comedy") && resultCount($0) == 8 && $0.contains("Comedy: on ×") }
        try tmux.press("Enter")
        try tmux.waitFor("everything but the comedies") { $0.contains("[-] not Comedy") && resultCount($0) == 12 }
        try tmux.press("Enter")
        try tmux.waitFor("any again") { $0.contains("[ ] Comedy") && resultCount($0) == 20 }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
