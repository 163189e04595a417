import InstantSearchCore
import Testing

@testable import TerminalUI

/// The layout follows what the data has: no sidebar pane without something to show in it,
/// long lines scrolled to their match, a stats line that keeps the count on a narrow row, and
/// notes of a finished load that leave once seen.
@Suite struct LayoutForTheDataTests {
    // MARK: Panes

    @Test func withoutFacetsOrNumbersTheHitsTakeTheWholeWidth() throws {
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        let layout = try #require(ScreenLayout(screen: screen, panes: []))
        #expect(!layout.isFolded && layout.sidebarRule == nil)
        #expect(layout.hits.x == 0 && layout.hits.width == 79, "the body's width, less the column the hits keep for \"↓\"")
        #expect(layout.chips.height == 0 && layout.hits.height == layout.body.height, "no chips without anything to refine by")
        #expect(layout.refinements.isEmpty && layout.slider.isEmpty)
        let narrow = try #require(ScreenLayout(screen: Rect(x: 0, y: 0, width: 50, height: 10), panes: []))
        #expect(!narrow.isFolded, "nothing to fold away")
    }

    @Test func aPaneWithNothingToShowGivesTheSidebarToTheOther() throws {
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        let both = try #require(ScreenLayout(screen: screen))
        let facets = try #require(ScreenLayout(screen: screen, panes: .refinements))
        #expect(facets.refinements.height == facets.body.height && facets.slider.isEmpty && facets.sliderTitle == nil)
        #expect(facets.hits == both.hits)
        let numbers = try #require(ScreenLayout(screen: screen, panes: .slider))
        #expect(numbers.slider.height == numbers.body.height && numbers.refinements.isEmpty && numbers.sliderTitle == nil)
    }

    @Test func whatADescriptionGivesThePanes() {
        #expect(SidebarPanes(for: IndexDescription(name: "lines", searchableAttributes: ["line"], displayAttributes: ["line"])) == [])
        #expect(SidebarPanes(for: ProductsBackend.description) == .both)
        #expect(SidebarPanes(for: IndexDescription(name: "n", numericAttributes: ["year"])) == .slider)
    }

    /// Plain lines in the app: one pane, the whole width, its title alone on the rule.
    @Test func linesAreDrawnFullWidthWithoutFacetOrSliderPanes() async {
        let lines = IndexDescription(name: "products", searchableAttributes: ["name"], displayAttributes: ["name"])
        let harness = AppHarness(indices: [lines])
        await harness.start()
        #expect(
            harness.screen(width: 60, height: 12).lines == [
                "  products 4                                  instantsearch",
                " ❯ Search products…",
                "─ Hits F2 ──────────────────────────────────────────────────",
                "▌ Sony Bravia TV",
                "  Sony WH-1000XM5 headphones",
                "  LG OLED evo TV",
                "  Bose QuietComfort headphones",
                "",
                "",
                "────────────────────────────────────────────────────────────",
                " 4 results  0.3 ms                                 realtime",
                " F1 help  F6 preview  Enter pick  Esc back/quit",
            ])
        await harness.press(.function(3))
        #expect(harness.app.focus == .hits, "no refinement pane to go to")
    }

    // MARK: Long lines

    private static func pieces(_ text: String, match: String) -> [(String, Style)] {
        let range = text.range(of: match)!
        return [(String(text[..<range.lowerBound]), Theme.text), (match, Theme.highlight), (String(text[range.upperBound...]), Theme.text)]
    }

    private static func fitted(
        _ text: String, match: String?, width: Int, settings: MatchWindow.Settings = MatchWindow.Settings()
    ) -> (text: String, highlighted: String) {
        let pieces = match.map { Self.pieces(text, match: $0) } ?? [(text, Theme.text)]
        let fitted = MatchWindow.fit(pieces, width: width, settings: settings, isMatch: { $0 == Theme.highlight })
        return (fitted.map(\.0).joined(), fitted.filter { $0.1 == Theme.highlight }.map(\.0).joined())
    }

    @Test func aLongLineScrollsToItsMatchWithMarkersWhereItIsCut() {
        let line = "/usr/lib/x86_64-linux-gnu/libssl.so.3 and more text"
        let middle = Self.fitted(line, match: "libssl", width: 20)
        #expect(middle.text == "…nu/libssl.so.3 and…" && middle.highlighted == "libssl")
        let atTheEnd = Self.fitted(String(repeating: "x", count: 40) + "end", match: "end", width: 20)
        #expect(atTheEnd.text == "…" + String(repeating: "x", count: 16) + "end", "nothing cut on the right: no marker there")
        let early = Self.fitted(line, match: "usr", width: 20)
        #expect(early.text == String(line.prefix(19)) + "…", "a match in view from the start: only the end is cut")
        #expect(Self.fitted("short", match: "or", width: 20).text == "short")
    }

    /// fzf's `--tabstop`: a tab reaches the next stop, counted from the line's start, inside
    /// a highlighted piece too; the window is then cut on the columns the tabs take.
    @Test func tabsReachTheNextTabStop() {
        let pieces: [(String, Style)] = [("a\tbc", Theme.text), ("\tdef", Theme.highlight), ("\t", Theme.text)]
        let expanded = MatchWindow.expandingTabs(pieces, every: 4)
        #expect(expanded.map(\.0) == ["a   bc", "  def", " "])
        #expect(expanded.map(\.1) == pieces.map(\.1))
        #expect(MatchWindow.expandingTabs(pieces, every: 8).map(\.0).joined() == "a       bc      def     ")
        let hostile = String(repeating: "\t", count: 100_000)
        let manyTabs = MatchWindow.expandingTabs([(hostile, Theme.text)], every: 64)[0].0
        #expect(manyTabs.count == MatchWindow.tabColumnLimit + (100_000 - MatchWindow.tabColumnLimit / 64), "tabs far in are one space each")
        var settings = MatchWindow.Settings()
        settings.tabStop = 8
        let line = "main.go:12:\t\treturn nil, fmt.Errorf(\"parse %q\", name)"
        #expect(Self.fitted(line, match: nil, width: 30, settings: settings).text == "main.go:12:             retur…")
    }

    /// fzf's `--no-hscroll`, `--hscroll-off`, `--keep-right` and `--ellipsis`.
    @Test func theLongLineOptionsChangeWhereALineIsCut() {
        let line = "/usr/lib/x86_64-linux-gnu/libssl.so.3 and more text"
        var settings = MatchWindow.Settings()
        settings.scrollsToMatch = false
        #expect(Self.fitted(line, match: "libssl", width: 20, settings: settings).text == "/usr/lib/x86_64-lin…", "--no-hscroll: the match is cut off")
        settings = MatchWindow.Settings()
        settings.context = 0
        #expect(Self.fitted(line, match: "libssl", width: 20, settings: settings).text == "…4-linux-gnu/libssl…", "no column after the match")
        settings = MatchWindow.Settings()
        settings.keepsRight = true
        #expect(Self.fitted(line, match: nil, width: 20, settings: settings).text == "….so.3 and more text", "--keep-right: the end of a line without a match")
        #expect(Self.fitted(line, match: "libssl", width: 20, settings: settings).highlighted == "libssl", "a match still decides the window")
        settings.ellipsis = ".."
        #expect(Self.fitted(line, match: nil, width: 20, settings: settings).text == "..so.3 and more text")
        settings.keepsRight = false
        #expect(Self.fitted(line, match: "libssl", width: 20, settings: settings).text == "../libssl.so.3 and..")
        settings.ellipsis = ""
        #expect(Self.fitted(line, match: nil, width: 20, settings: settings).text == String(line.prefix(20)), "no ellipsis: every column is text")
    }

    @Test func theFirstMatchShowsWhenTheMatchesSpanMoreThanTheRow() {
        let line = "alpha " + String(repeating: "x", count: 30) + " beta " + String(repeating: "y", count: 30) + " gamma"
        var pieces = Self.pieces(line, match: "beta")
        let last = pieces.removeLast().0
        pieces += Self.pieces(last, match: "gamma")
        let fitted = MatchWindow.fit(pieces, width: 20, isMatch: { $0 == Theme.highlight })
        #expect(fitted.map(\.0).joined() == "…beta " + String(repeating: "y", count: 13) + "…")
    }

    @Test func theHitsListDrawsALongLineAroundItsMatch() {
        let line = "root 4242 0.0 0.1 /usr/bin/python3 -m http.server --bind 127.0.0.1 8000"
        let start = line.distance(from: line.startIndex, to: line.range(of: "8000")!.lowerBound)
        let hit = Hit(
            objectID: "1", record: ["line": .string(line)],
            highlights: ["line": AttributeHighlight(values: [HighlightedText(text: line, matchedRanges: [start..<(start + 4)])], matchLevel: .full)])
        let results = SearchResults(indexName: "stdin", query: "8000", hits: [hit], nbHits: 1, nbPages: 1)
        let description = IndexDescription(name: "stdin", searchableAttributes: ["line"], displayAttributes: ["line"])
        var list = HitsList()
        list.resize(height: 1, width: 40)
        let state = IndexState(name: "stdin", results: results)
        _ = list.update(state, description: description)
        var canvas = Canvas(width: 40, height: 1)
        list.render(canvas.bounds, &canvas, state: state, description: description, focused: true)
        #expect(canvas.lines == ["▌ …-m http.server --bind 127.0.0.1 8000"])
        let eightThousand = try! #require(canvas.column(of: "8000", inRow: 0))
        #expect(canvas.style(x: eightThousand, y: 0)?.attributes.contains(.underline) == true, "the match keeps its highlight")
    }

    // MARK: The stats line

    @Test func aNarrowStatsLineDropsTheCountersBeforeTheCount() async throws {
        let results = try await ProductsBackend().search([IndexedQuery(indexName: "products", query: Query(text: "sony"))])[0]
        let hub = HubState(
            indices: [ProductsBackend.description], queryText: "sony", keystrokes: 4, requestsSent: 3,
            index: [IndexState(name: "products", results: results, mode: "debounced 5 ms")])
        func line(_ width: Int) -> String {
            var canvas = Canvas(width: width, height: 1)
            StatsLine.render(canvas.bounds, &canvas, state: hub)
            return canvas.line(0)
        }
        #expect(line(60) == " 2 results  0.3 ms          debounced 5 ms · 3 req / 4 keys")
        #expect(line(40) == " 2 results  0.3 ms       debounced 5 ms")
        #expect(line(30) == " 2 results  0.3 ms")
    }

    @Test func beforeAnyKeyTheCountersAreNotShown() {
        let hub = HubState(
            indices: [ProductsBackend.description], queryText: "", keystrokes: 0, requestsSent: 6,
            index: [IndexState(name: "products", mode: "realtime")])
        var canvas = Canvas(width: 40, height: 1)
        StatsLine.render(canvas.bounds, &canvas, state: hub)
        #expect(canvas.line(0) == "                               realtime", "requests a pipe's snapshots made are no keys' doing")
    }

    // MARK: Notes

    @Test func theNoteOfAFinishedLoadLeavesAtTheNextKey() async {
        let harness = AppHarness()
        await harness.start()
        harness.hub.loading.report(LoadingProgress(indexName: "products", records: 4, isFinished: true, note: "cached for next time"))
        harness.app.deliverResponses()
        #expect(harness.screen().line(22).contains("· cached for next time"))
        await harness.press(.down)
        #expect(!harness.screen().line(22).contains("cached for next time"), "done, and seen: it goes")
        harness.hub.loading.report(LoadingProgress(indexName: "products", records: 5, isFinished: true, note: "reloaded +1 −0"))
        harness.app.deliverResponses()
        #expect(harness.screen().line(22).contains("· reloaded +1 −0"), "a new note shows")
    }
}
