import InstantSearchCore
import Testing

@testable import TerminalUI

/// Ctrl-R's scope label ("scope: this directory · Ctrl-R") beside the sort's, at 80 columns and
/// wider: each in the longest form that fits its row whole, never cut.
@Suite struct ScopeLabelFitTests {
    /// The products with Ctrl-R's two first scopes (a facet value standing for the folder) and a sort.
    static func harness(compact: Bool) -> AppHarness {
        var described = ProductsBackend.description
        described.scopes = [FilterScope(name: "everywhere"), FilterScope(name: "this directory", attribute: "brand", value: "Sony")]
        described.sorts = [SortOption(name: "Cheapest", criterion: SortCriterion(attribute: "price", ascending: true))]
        var options = SearchApp.Options()
        options.compact = compact
        return AppHarness(options: options, indices: [described])
    }

    @Test func theTabsRowShortensTheScopeBeforeCuttingIt() async {
        let harness = Self.harness(compact: false)
        await harness.start()
        await harness.press(.control("r"))
        #expect(harness.hub.state.active.query.facetRefinements["brand"] == ["Sony"])
        #expect(
            harness.screen(width: 80, height: 24).line(0)
                == "  products 2            instantsearch  this directory · Ctrl-R   Relevance · F7")
        #expect(
            harness.screen(width: 120, height: 24).line(0)
                == "  products 2                                       instantsearch  scope: this directory · Ctrl-R   sort: Relevance · F7")
    }

    @Test func theCompactRuleShowsTheScopeWhole() async {
        let harness = Self.harness(compact: true)
        await harness.start()
        #expect(harness.screen(width: 80, height: 24).line(1) == "─ Hits F2 ────────────────── everywhere · Ctrl-R ──┬─ Refinements F3 ───────────")
        await harness.press(.control("r"))
        #expect(harness.screen(width: 80, height: 24).line(1) == "─ Hits F2 ─ Refined …─── this directory · Ctrl-R ──┬─ Refinements F3 ───────────")
        #expect(
            harness.screen(width: 120, height: 24).line(1)
                == "─ Hits F2 ─ Refined  brand: Sony × ──────────── scope: this directory · Ctrl-R ──┬─ Refinements F3 ─────────────────────")
    }

    @Test func formsLongestFirst() {
        let scope = [[("scope: ", Theme.secondary), ("this repository", Theme.refined), (" · Ctrl-R", Theme.key)]]
        let text = { (label: [(String, Style)]?) in label?.map(\.0).joined() }
        let forms = [scope[0], Array(scope[0].dropFirst()), [scope[0][1]]]
        #expect(text(HeaderLabels.fitting(scope: forms, sort: nil, width: 31)) == "scope: this repository · Ctrl-R")
        #expect(text(HeaderLabels.fitting(scope: forms, sort: nil, width: 30)) == "this repository · Ctrl-R")
        #expect(text(HeaderLabels.fitting(scope: forms, sort: nil, width: 23)) == "this repository")
        #expect(text(HeaderLabels.fitting(scope: forms, sort: nil, width: 5)) == "this repository", "the shortest, cut where drawn")
        #expect(HeaderLabels.fitting(scope: nil, sort: nil, width: 80) == nil)
    }
}
