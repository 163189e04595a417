import InstantSearchCore
import Testing

@testable import TerminalUI

/// fzf's `--scrollbar` / `--no-scrollbar` on the hits list, and `--separator` / `--no-separator`
/// on the rule under the search box.
@Suite struct ScrollbarAndSeparatorTests {
    @Test func theThumbIsInProportionAndAtAnEndOnlyWhenThatEndShows() {
        #expect(HitsList.scrollbarThumb(first: 0, shown: 10, total: 100, rows: 10) == 0..<1)
        #expect(HitsList.scrollbarThumb(first: 1, shown: 10, total: 100, rows: 10) == 1..<2, "moved: off the top")
        #expect(HitsList.scrollbarThumb(first: 89, shown: 10, total: 100, rows: 10) == 8..<9, "one hit still below")
        #expect(HitsList.scrollbarThumb(first: 90, shown: 10, total: 100, rows: 10) == 9..<10)
        #expect(HitsList.scrollbarThumb(first: 0, shown: 5, total: 10, rows: 10) == 0..<5)
        #expect(HitsList.scrollbarThumb(first: 5, shown: 5, total: 10, rows: 10) == 5..<10)
        #expect(HitsList.scrollbarThumb(first: 0, shown: 3, total: 1_000_000, rows: 3) == 0..<1, "never less than a row")
    }

    private static func list(scrollbar: String?, count: Int = 30, height: Int = 6) -> (HitsList, IndexState, IndexDescription) {
        let hits = (1...count).map { Hit(objectID: String($0), record: ["line": .string("line \($0)")]) }
        let results = SearchResults(indexName: "stdin", query: "", hits: hits, nbHits: count, nbPages: 1)
        let description = IndexDescription(name: "stdin", searchableAttributes: ["line"], displayAttributes: ["line"])
        var list = HitsList()
        list.scrollbar = scrollbar
        list.resize(height: height, width: 30)
        let state = IndexState(name: "stdin", results: results)
        _ = list.update(state, description: description)
        return (list, state, description)
    }

    private static func lastColumn(_ list: HitsList, _ state: IndexState, _ description: IndexDescription) -> String {
        var canvas = Canvas(width: 30, height: 6)
        list.render(canvas.bounds, &canvas, state: state, description: description, focused: true)
        return (0..<6).map { canvas.cell(x: 29, y: $0)?.text ?? " " }.joined()
    }

    @Test func theHitsListDrawsItsScrollbarWhereItIsAndNothingWithout() {
        var (list, state, description) = Self.list(scrollbar: "│")
        #expect(Self.lastColumn(list, state, description) == "│     ", "6 of 30 hits from the first: one row at the top")
        _ = list.perform(.last, state)
        #expect(Self.lastColumn(list, state, description) == "     │")
        var canvas = Canvas(width: 30, height: 6)
        list.render(canvas.bounds, &canvas, state: state, description: description, focused: true)
        #expect(canvas.style(x: 29, y: 5) == Theme.border)
        let arrows = Self.list(scrollbar: nil)
        #expect(Self.lastColumn(arrows.0, arrows.1, arrows.2) == "     ↓", "by default an arrow where more hits are")
        let none = Self.list(scrollbar: "")
        #expect(Self.lastColumn(none.0, none.1, none.2) == "      ")
        let all = Self.list(scrollbar: "│", count: 4)
        #expect(Self.lastColumn(all.0, all.1, all.2) == "      ", "every hit shows: no bar")
    }

    @Test func theSeparatorIsTheRuleUnderTheSearchBoxAndThePaneTitlesStayOnIt() async {
        var options = SearchApp.Options()
        options.separator = "=-"
        var harness = AppHarness(options: options)
        await harness.start()
        var screen = harness.screen()
        let rule = try! #require(screen.row(containing: "Hits F2"))
        #expect(screen.line(rule).hasPrefix("= Hits F2 =-=-=-"), "\(screen.line(rule))")
        #expect(screen.style(x: 0, y: rule) == Theme.border)
        options.separator = ""
        harness = AppHarness(options: options)
        await harness.start()
        screen = harness.screen()
        #expect(screen.line(rule).hasPrefix("  Hits F2     "), "\(screen.line(rule))")
        #expect(!screen.line(rule).contains("─"))
    }
}
