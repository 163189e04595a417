import InstantSearchCore
import Testing

@testable import TerminalUI

/// What query rules send, on screen: a hit a rule promoted carries an arrow beside its bar, and
/// the rules' `userData` reads as a banner on the rule above the hits.
@Suite struct RulesWidgetTests {
    @Test func aPromotedHitIsMarkedBesideItsBar() async throws {
        var results = try await ProductsBackend().search([IndexedQuery(indexName: "products", query: Query())])[0]
        results.hits[1].isPromoted = true
        let shown = IndexState(name: "products", query: Query(), results: results)
        var oneRow = ProductsBackend.description
        oneRow.hitsLayout = .one
        var list = HitsList()
        list.resize(height: 2, width: 30)
        _ = list.update(shown, description: oneRow)
        var canvas = Canvas(width: 30, height: 2)
        list.render(canvas.bounds, &canvas, state: shown, description: oneRow, focused: true)
        #expect(
            canvas.lines == [
                "▌ Sony Bravia TV      $899.99",
                " ↑Sony WH-1000XM5 h…  $349.00↓",
            ])
        #expect(canvas.style(x: 1, y: 1)?.foreground == Theme.refined.foreground)
    }

    @Test func userDataReadsAsOneBannerWhateverItsShape() {
        #expect(RulesBanner.text([]) == nil)
        #expect(
            RulesBanner.text(["Sale!", ["banner": "TVs under $500"], ["title": "Gift ideas"], ["n": 1]])
                == #"Sale! · TVs under $500 · Gift ideas · {"n":1}"#)
    }

    @Test func theBannerIsDrawnOnTheRuleAfterTheTitleCutToThePane() {
        var canvas = Canvas(width: 24, height: 1)
        canvas.write(String(repeating: "─", count: 24), x: 0, y: 0, style: Theme.secondary)
        RulesBanner.render([["banner": "Free shipping on every TV"]], x: 8, in: Rect(x: 0, y: 0, width: 20, height: 1), &canvas)
        #expect(canvas.lines == ["──────── ★ Free sh…─────"])
        #expect(canvas.style(x: 10, y: 0)?.foreground == Theme.refined.foreground)
    }
}
