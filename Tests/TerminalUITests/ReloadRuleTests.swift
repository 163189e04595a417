import InstantSearchCore
import Testing

@testable import TerminalUI

/// What a `reload` keeps (fzf's rules): the selection by its row (by its record's
/// content with `--track`), and the marks of the lines the new list still has.
@Suite struct ReloadRuleTests {
    private static func line(_ text: String, _ objectID: String) -> Hit {
        Hit(objectID: objectID, record: ["line": .string(text)])
    }

    private static func results(_ lines: [String], query: String = "", page: Int = 0) -> SearchResults {
        SearchResults(
            indexName: "lines", query: query, hits: lines.enumerated().map { line($1, String($0 + 1)) }, nbHits: lines.count,
            page: page, nbPages: page + 1, hitsPerPage: 50)
    }

    @Test func aReloadKeepsTheRowNotTheLineNumber() {
        let shown = Self.results(["a", "b", "c", "d"])
        let reload = HitSelectionRule.Reload(row: 2, record: ["line": "c"])
        let answer = Self.results(["x", "c", "y", "z"])
        #expect(HitSelectionRule.outcome(shown: shown, selection: 2, answer: answer, onScreen: 0..<4, reload: reload) == .follow(row: 2))
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 2, answer: Self.results(["x"]), onScreen: 0..<1, reload: reload)
                == .follow(row: 0), "a shorter list: its last row")
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 0, answer: Self.results(["x", "y"]), onScreen: 0..<2, reload: reload)
                == .follow(row: 1), "the row the reload began on, not the one a shorter snapshot left")
    }

    @Test func withTrackTheSameLineIsFollowedWhereverItIs() {
        let shown = Self.results(["a", "b", "c", "d"])
        let reload = HitSelectionRule.Reload(row: 2, record: ["line": "c"])
        let answer = Self.results(["c", "x", "y", "z"])
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 2, answer: answer, onScreen: 0..<4, tracks: true, reload: reload)
                == .follow(row: 0))
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 2, answer: Self.results(["x", "y", "z"]), onScreen: 0..<3, tracks: true, reload: reload)
                == .follow(row: 2), "the line gone: its row")
    }

    @Test func newWordsAndTheNextPageFollowTheEverydayRule() {
        let shown = Self.results(["a", "b", "c"], query: "a")
        let reload = HitSelectionRule.Reload(row: 2, record: nil)
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 2, answer: Self.results(["a", "b", "c"], query: "ab"), onScreen: 0..<3, reload: reload)
                == .top)
        #expect(
            HitSelectionRule.outcome(
                shown: shown, selection: 2, answer: Self.results(["a", "b", "c", "d"], query: "a", page: 1), onScreen: 0..<4, reload: reload)
                == .keep)
    }

    /// fzf's rule on plain lines: new words keep the selection's row, the last row when fewer
    /// match; a selection on the first row, or records, go to the best hit.
    @Test func newWordsOnPlainLinesKeepTheRow() {
        let shown = Self.results(["a", "b", "c", "d"], query: "")
        let narrower = Self.results(["b", "c"], query: "x")
        #expect(
            HitSelectionRule.outcome(shown: shown, selection: 1, answer: Self.results(["p", "q", "r"], query: "x"), onScreen: 0..<3, keepsRow: true)
                == .follow(row: 1))
        #expect(HitSelectionRule.outcome(shown: shown, selection: 3, answer: narrower, onScreen: 0..<2, keepsRow: true) == .follow(row: 1), "the last row")
        #expect(HitSelectionRule.outcome(shown: shown, selection: 0, answer: narrower, onScreen: 0..<2, keepsRow: true) == .top)
        #expect(HitSelectionRule.outcome(shown: shown, selection: 3, answer: narrower, onScreen: 0..<2) == .top, "records: the best hit")
    }

    @Test func theListKeepsTheRowThroughEverySnapshotOfAReload() {
        var list = HitsList()
        list.resize(height: 10, width: 40)
        let before = IndexState(name: "lines", results: Self.results(["a", "b", "c", "d", "e"]))
        _ = list.update(before)
        for _ in 0..<3 { _ = list.perform(.down, before) }
        list.beginReload()
        _ = list.update(IndexState(name: "lines", results: Self.results(["v", "w"])))
        #expect(list.selection == 1, "a short first snapshot: its last row")
        _ = list.update(IndexState(name: "lines", results: Self.results(["v", "w", "x", "y", "z", "zz"])))
        #expect(list.selection == 3, "the whole list: the row the reload began on")
        list.endReload()
        _ = list.update(IndexState(name: "lines", results: Self.results(["v", "w", "x", "y", "z", "zz", "zzz"])))
        #expect(list.selection == 3, "then the everyday rule: the same record, still on screen")
    }

    @Test func aReloadDropsTheMarksOfItsIndexOnly() {
        var marks = Marks()
        marks.toggle(Self.line("kept", "1"), in: "lines")
        marks.toggle(Self.line("gone", "9"), in: "other")
        marks.removeAll(in: "lines")
        #expect(marks.hits.map(\.objectID) == ["9"])
    }
}
