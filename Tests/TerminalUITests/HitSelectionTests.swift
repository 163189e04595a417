import InstantSearchCore
import Testing

@testable import TerminalUI

/// The one rule that keeps or resets the hits list's selection when a new answer arrives
/// (`HitSelectionRule`), and the list drawn after it: the hit drawn as selected is the one
/// picked, whatever came in between.
@Suite struct HitSelectionTests {
    private static func hit(_ id: String) -> Hit {
        Hit(objectID: id, record: ["objectID": .string(id), "title": .string("Title \(id)")])
    }

    private static func results(_ ids: [String], query: String = "godfather", page: Int = 0) -> SearchResults {
        SearchResults(
            indexName: "movies", query: query, hits: ids.map(hit), nbHits: ids.count, page: page, nbPages: page + 1, hitsPerPage: 20)
    }

    private static let description = IndexDescription(name: "movies", searchableAttributes: ["title"], displayAttributes: ["title"])

    // MARK: The rule

    @Test func newWordsGoToTheTop() {
        let shown = Self.results(["a", "b", "c"], query: "god")
        let answer = Self.results(["b", "c"], query: "godf")
        #expect(HitSelectionRule.outcome(shown: shown, selection: 1, answer: answer, onScreen: 0..<2) == .top)
    }

    @Test func theNextPageMovesNothing() {
        let shown = Self.results(["a", "b"])
        let answer = Self.results(["a", "b", "c", "d"], page: 1)
        #expect(HitSelectionRule.outcome(shown: shown, selection: 1, answer: answer, onScreen: 0..<4) == .keep)
    }

    @Test func theSameWordsAnsweredAgainKeepAChosenRecordWhileItIsOnScreen() {
        let shown = Self.results(["a", "b", "c"])
        let moved = Self.results(["x", "a", "c", "b"])
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 1, answer: moved, onScreen: 0..<4) == .follow(row: 3),
            "the record the user moved to, at its new row")
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 1, answer: moved, onScreen: 0..<3) == .top,
            "pushed out of view: not a pick the screen shows")
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 1, answer: Self.results(["x", "a", "c"]), onScreen: 0..<3) == .top,
            "no longer in the answer")
    }

    @Test func aSelectionNobodyMovedFollowsTheTop() {
        // The sample's best hit was selected by default; the whole index ranks another first.
        let sample = Self.results(["black", "comes", "the"])
        let whole = Self.results(["comes", "the", "black"])
        #expect(HitSelectionRule.outcome(shown: sample, selection: 0, answer: whole, onScreen: 0..<3) == .top)
    }

    @Test func nothingShownOrNothingFoundGoesToTheTop() {
        let answer = Self.results(["a"])
        #expect(HitSelectionRule.outcome(shown: nil, selection: 3, answer: answer, onScreen: 0..<1) == .top)
        #expect(HitSelectionRule.outcome(shown: answer, selection: 0, answer: nil, onScreen: 0..<0) == .top)
        #expect(HitSelectionRule.outcome(shown: answer, selection: 0, answer: Self.results([]), onScreen: 0..<0) == .top)
    }

    // MARK: The list after the rule

    private func drawn(_ list: HitsList, _ results: SearchResults, height: Int) -> [String] {
        var canvas = Canvas(width: 24, height: height)
        list.render(canvas.bounds, &canvas, state: IndexState(name: "movies", results: results), description: Self.description, focused: true)
        return canvas.lines
    }

    @Test func theHitsAreDrawnFromTheResultsGivenNotFromWhatTheListMadeOfEarlierOnes() {
        var list = HitsList()
        list.resize(height: 3)
        _ = list.update(IndexState(name: "movies", results: Self.results(["a", "b"])), description: Self.description)
        #expect(drawn(list, Self.results(["a", "b"]), height: 3) == ["▌ Title a", "  Title b", ""], "the displays made at the update")
        #expect(drawn(list, Self.results(["c", "d"]), height: 3) == ["▌ Title c", "  Title d", ""], "results it never laid out")
    }

    @Test func aSnapshotThatRanksAnotherRecordFirstSelectsTheTopHitDrawnAndPicked() {
        var list = HitsList()
        list.resize(height: 3)
        let sample = Self.results(["black", "comes", "the"])
        _ = list.update(IndexState(name: "movies", results: sample))
        let whole = Self.results(["comes", "the", "black"])
        _ = list.update(IndexState(name: "movies", results: whole))
        #expect(
            drawn(list, whole, height: 3) == [
                "▌ Title comes",
                "  Title the",
                "  Title black",
            ])
        #expect(list.selectedHit?.objectID == "comes", "Enter picks the row drawn as selected")
    }

    @Test func aRecordTheUserChoseStaysChosenAcrossSnapshotsWhileOnScreen() {
        var list = HitsList()
        list.resize(height: 3)
        let first = Self.results(["a", "b", "c", "d"])
        var state = IndexState(name: "movies", results: first)
        _ = list.update(state)
        _ = list.perform(.down, state)  // "b"
        state.results = Self.results(["x", "a", "b", "c"])
        _ = list.update(state)
        #expect(
            drawn(list, state.results!, height: 3) == [
                "  Title x",
                "  Title a",
                "▌ Title b              ↓",
            ])
        #expect(list.selectedHit?.objectID == "b")
        // The next snapshot puts it below the rows in view: the top hit, the list at its start.
        state.results = Self.results(["y", "z", "x", "b"])
        _ = list.update(state)
        #expect(
            drawn(list, state.results!, height: 3) == [
                "▌ Title y",
                "  Title z",
                "  Title x              ↓",
            ])
        #expect(list.selectedHit?.objectID == "y")
    }
}
