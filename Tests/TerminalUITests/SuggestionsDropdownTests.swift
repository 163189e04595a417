import InstantSearchCore
import Testing

@testable import TerminalUI

/// The products, and a suggestions index for them that finds queries starting with the text
/// (highlighting what was typed), most popular first, as the engine's would.
private struct SuggestingBackend: Searchable {
    static let queries = ["sony headphones", "sony bravia tv", "sony", "bose quietcomfort", "lg oled"]
    let products = ProductsBackend()

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        var answers: [SearchResults] = []
        for indexed in queries {
            guard indexed.indexName == "products_query_suggestions" else {
                answers += try await products.search([indexed])
                continue
            }
            let text = indexed.query.text.lowercased()
            let hits = Self.queries.filter { $0.hasPrefix(text) }.prefix(indexed.query.hitsPerPage).map { query in
                Hit(
                    objectID: query, record: ["query": .string(query)],
                    highlights: [
                        "query": AttributeHighlight(values: [HighlightedText(text: query, matchedRanges: [0..<text.count])], matchLevel: .full)
                    ])
            }
            answers.append(
                SearchResults(
                    indexName: indexed.indexName, query: indexed.query.text, hits: Array(hits), nbHits: hits.count, page: 0, nbPages: 1,
                    hitsPerPage: indexed.query.hitsPerPage, facets: [:], facetStats: [:], processingTimeMS: 0))
        }
        return answers
    }

    func searchForFacetValues(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
        try await products.searchForFacetValues(indexName: indexName, attribute: attribute, text: text, query: query)
    }
}

/// The products, and suggestions that answer only once the test opens the gate.
private struct GatedSuggestingBackend: Searchable {
    let gate: AsyncStream<Void>
    let suggesting = SuggestingBackend()

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        if queries.contains(where: { $0.indexName == "products_query_suggestions" }) {
            for await _ in gate { break }
        }
        return try await suggesting.search(queries)
    }
}

@Suite struct SuggestionsDropdownTests {
    /// The suggestions answer apart from the hits: the key's frame waits for them too, for
    /// the hold at most (the event loop's pacer bounds it), so a key is one frame, not the hits
    /// and then the dropdown.
    @Test func theKeysFrameWaitsForItsSuggestionsAsForItsHits() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let harness = AppHarness(backend: GatedSuggestingBackend(gate: gate), suggestionIndices: ["products": "products_query_suggestions"])
        await harness.start()
        harness.app.answerHold = SearchApp.answerHold
        harness.app.handle(.character("s"))
        await harness.settle { $0.hub.searcher.isSearching }
        #expect(harness.hub.suggestions?.isSearching == true, "the hits answered, the suggestions not yet")
        #expect(harness.app.frameHold == SearchApp.answerHold, "the frame still waits for the suggestions")
        open.yield()
        await harness.settle()
        #expect(harness.app.frameHold == nil, "everything answered: draw now")
        #expect(harness.screen().row(containing: "│ sony") != nil, "the suggestions when they come")
    }

    private func harness(options: SearchApp.Options = SearchApp.Options()) -> AppHarness {
        AppHarness(options: options, backend: SuggestingBackend(), suggestionIndices: ["products": "products_query_suggestions"])
    }

    /// The region under the search box, where the dropdown hangs over the top rule and the hits.
    private func region(_ canvas: Canvas, rows: ClosedRange<Int>, width: Int = 24) -> [String] {
        rows.map { String(canvas.line($0).prefix(width)) }
    }

    @Test func typingShowsTheSuggestionsUnderTheQueryOverTheHits() async {
        let harness = harness()
        await harness.start()
        #expect(harness.screen().row(containing: "│ sony") == nil)  // an empty query suggests nothing
        await harness.type("so")
        let screen = harness.screen()
        #expect(screen.line(1) == " ❯ so")  // the query row is never covered
        // The frame hangs from under the query, its text in the query's column (3).
        #expect(
            region(screen, rows: 2...5, width: 20).map { String($0.dropFirst()) } == [
                "│ sony headphones │",
                "│ sony bravia tv  │",
                "│ sony            │",
                "╰─────────────────╯",
            ])
        // The first is selected (the selected-row colours), its typed part in hl+ on them; the
        // others plain, their typed part highlighted; the frame in the border colour.
        let (row, selectedHighlight) = (Theme.standard.selectedRow, Theme.standard.selectedRow.patched(with: Theme.standard.selectedHighlight))
        #expect([2, 5, 17, 18].allSatisfy { screen.style(x: $0, y: 2) == row })
        #expect([3, 4].allSatisfy { screen.style(x: $0, y: 2) == selectedHighlight })
        #expect([3, 4].allSatisfy { screen.style(x: $0, y: 3) == Theme.standard.highlight })
        #expect([2, 5, 18].allSatisfy { screen.style(x: $0, y: 3) == Theme.standard.text })
        #expect([1, 19].allSatisfy { x in (2...5).allSatisfy { screen.style(x: x, y: $0) == Theme.standard.border } })
        // The hits moved past the dropdown: the hits pane is the one drawn without suggestions,
        // lower, the first (selected) hit right under the frame's closing row (5). Beside the
        // frame the rule and the chips' row stand as they were, and no hit is left under it.
        // The rest of the screen is unchanged (the stats line aside: it counts the suggestions'
        // requests too).
        let plain = AppHarness()
        await plain.start()
        await plain.type("so")
        let without = plain.screen()
        let hitsWidth = try! #require(Array(without.line(3)).firstIndex(of: "│"))
        let top = try! #require(without.row(containing: "▌ Sony Bravia TV"))
        #expect(screen.row(containing: "▌ Sony Bravia TV") == 6)
        let padded = { (canvas: Canvas, y: Int) in Array(canvas.line(y).padding(toLength: 80, withPad: " ", startingAt: 0)) }
        for y in 0..<22 {
            let (drawn, expected) = (padded(screen, y), padded(without, y))
            #expect(drawn[hitsWidth...] == expected[hitsWidth...], "row \(y), beside the hits")
            switch y {
            case 0, 1, 20, 21: #expect(drawn == expected, "row \(y)")
            case 2..<top: #expect(drawn[..<1] == expected[..<1] && drawn[20..<hitsWidth] == expected[20..<hitsWidth], "row \(y)")
            case top..<6: #expect(drawn[..<1] == [" "] && drawn[20..<hitsWidth].allSatisfy { $0 == " " }, "row \(y)")
            default:
                let moved = y - (6 - top)
                #expect(drawn[..<hitsWidth] == padded(without, moved)[..<hitsWidth], "row \(y)")
                #expect((0..<hitsWidth).allSatisfy { screen.style(x: $0, y: y) == without.style(x: $0, y: moved) }, "row \(y)")
            }
        }
        #expect(harness.app.hitsList.selectedHit?.objectID == plain.app.hitsList.selectedHit?.objectID)
    }

    /// What the screen shows as selected is what Enter picks, the dropdown shown or not; moving
    /// down moves the selection within the rows the hits kept.
    @Test func enterPicksTheHitDrawnAsSelectedUnderTheDropdown() async {
        let harness = harness()
        await harness.start()
        await harness.type("sony")
        var screen = harness.screen()
        let closing = try! #require(screen.row(containing: "╰"))
        #expect(try! #require(screen.row(containing: "▌ Sony Bravia TV")) > closing)
        await harness.press(.down)
        screen = harness.screen()
        #expect(try! #require(screen.row(containing: "▌ Sony WH-1000XM5")) > closing)
        await harness.press(.enter)
        guard case .accepted(let hits, _) = harness.app.outcome else {
            Issue.record("no pick: \(String(describing: harness.app.outcome))")
            return
        }
        #expect(hits.map(\.objectID) == ["2"])
    }

    /// A click on a suggestion puts it in the box; a click on a hit still selects that hit,
    /// where it is drawn now.
    @Test func clicksGoToWhatIsDrawnWhereTheyLand() async {
        let harness = harness()
        await harness.start()
        await harness.type("so")
        var screen = harness.screen()
        let hit = try! #require(screen.row(containing: "Sony WH-1000XM5"))
        harness.app.handle(MouseEvent(.press(.left), x: 10, y: hit))
        await harness.settle()
        #expect(harness.app.hitsList.selectedHit?.objectID == "2")
        screen = harness.screen()
        let suggestion = try! #require(screen.row(containing: "│ sony bravia tv"))
        harness.app.handle(MouseEvent(.press(.left), x: 6, y: suggestion))
        await harness.settle()
        #expect(harness.app.searchBox.text == "sony bravia tv")
        #expect(harness.hub.state.active.results?.query == "sony bravia tv")
    }

    /// With no room for two rows of hits beside it, the dropdown does not show, and Right is
    /// the cursor's.
    @Test func aScreenTooShortForTheDropdownAndTheHitsShowsTheHits() async {
        let harness = harness()
        await harness.start()
        harness.app.resize(width: 80, height: ScreenLayout.minimumHeight)
        await harness.type("so")
        let screen = harness.screen(height: ScreenLayout.minimumHeight)
        #expect(!harness.app.showsSuggestions)
        #expect(screen.row(containing: "│ sony") == nil)
        #expect(screen.row(containing: "▌ Sony Bravia TV") != nil)
        await harness.press(.left, .right)
        #expect(harness.app.searchBox.text == "so" && harness.app.searchBox.cursor == 2)
    }

    @Test func rightAtTheEndAcceptsTheSelectedSuggestionAndTheHitsFollow() async {
        let harness = harness()
        await harness.start()
        await harness.type("sony")
        #expect(harness.app.suggestions?.suggestions.map(\.query) == ["sony headphones", "sony bravia tv"])  // "sony" itself is no suggestion
        await harness.press(.alt("j"))
        #expect(harness.app.suggestionsDropdown.selected == 1)
        await harness.press(.alt("j"))  // round to the first
        await harness.press(.alt("k"))
        await harness.press(.right)
        #expect(harness.app.searchBox.text == "sony bravia tv")
        #expect(harness.hub.state.active.results?.query == "sony bravia tv")
        let screen = harness.screen()
        #expect(screen.line(1) == " ❯ sony bravia tv")
        #expect(screen.row(containing: "│ sony") == nil)  // nothing left to finish it
        #expect(screen.row(containing: "Sony Bravia TV") != nil)
        #expect(screen.row(containing: "Sony WH-1000XM5") == nil)
    }

    @Test func rightInsideTheQueryMovesTheCursorAndEscHidesUntilTheQueryChanges() async {
        let harness = harness()
        await harness.start()
        await harness.type("bo")
        await harness.press(.left, .right)
        #expect(harness.app.searchBox.text == "bo" && harness.app.searchBox.cursor == 2)
        await harness.press(.escape)
        #expect(harness.app.outcome == nil)  // Esc hid the suggestions, it did not quit
        #expect(harness.screen().row(containing: "bose quietcomfort") == nil)
        await harness.press(.right)  // hidden: Right is the cursor's again
        #expect(harness.app.searchBox.text == "bo")
        await harness.type("s")
        #expect(harness.screen().row(containing: "│ bose quietcomfort │") == 2)
        await harness.press(.escape, .escape)
        #expect(harness.app.outcome == .cancelled)  // hidden, Esc quits as it always did
    }

    @Test func downStillMovesTheHitsWhileSuggestionsShow() async {
        let harness = harness()
        await harness.start()
        await harness.type("sony")
        await harness.press(.down)
        #expect(harness.app.hitsList.selectedHit?.objectID == "2")
        #expect(harness.app.suggestionsDropdown.selected == 0)
    }

    @Test func withThePromptAtTheBottomTheDropdownOpensUpwards() async {
        var options = SearchApp.Options()
        options.layout = .default
        let harness = harness(options: options)
        await harness.start()
        await harness.type("lg")
        let screen = harness.screen()
        let box = try! #require(screen.row(containing: "❯ lg"))
        // Over the rows above the search box, the frame open downwards to it.
        #expect(region(screen, rows: (box - 2)...(box - 1), width: 12).map { String($0.dropFirst()) } == ["╭─────────╮", "│ lg oled │"])
        // The first hit, selected, right above the frame, not under it.
        let selected = try! #require(screen.row(containing: "▌"))
        #expect(selected < box - 2)
        #expect(screen.line(selected).contains("LG OLED evo TV") && harness.app.hitsList.selectedHit?.objectID == "3")
    }

    @Test func withoutSuggestionIndicesNothingChanges() async {
        let plain = AppHarness()
        await plain.start()
        await plain.type("so")
        let suggesting = harness()
        await suggesting.start()
        await suggesting.type("zz")
        #expect(plain.app.suggestions == nil && suggesting.app.suggestions == nil)
        #expect(!plain.app.contexts.contains(.suggestions))
    }
}
