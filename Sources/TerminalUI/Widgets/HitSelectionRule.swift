import InstantSearchCore

/// Where the hits list's selection goes when a new answer arrives — one rule for every kind
/// of answer (a new query, a snapshot of an index still loading, a `reload`, a `--watch`
/// refresh, ranking info for the preview, the next page), so that the hit drawn as selected
/// is always the one Enter prints.
///
/// - The next page of the results shown: nothing moves (the hits above are the same ones).
/// - New words (another query text): the first hit, scrolled to the top; on plain lines
///   (`keepsRow`), the same row as fzf keeps it (the last row when fewer match).
/// - The same words answered again (a snapshot, a reload, `--watch`, a refinement, ranking
///   info): a selection the user moved down stays on its record while that record is still
///   among the hits *and on screen* with the scroll kept; anything else — the record gone,
///   pushed out of view, or a selection still on the first hit (which nobody chose: it was
///   the best hit, and a better one may have arrived) — goes to the first hit.
///
/// - With fzf's `--track`, any answer of a first page: the selected record stays selected
///   wherever it is among the new hits (the list scrolls to it), even for new words.
///
/// - While a `reload` brings new records (fzf's rule): for the same words, the selection
///   stays on the row it was on (the last row, if the new list is shorter); with `--track`, on
///   the record with the same content, wherever it is, else on that row. The records are new,
///   so their objectIDs (line numbers) say nothing.
///
/// A selection never stays on a row out of view or on a record the answer no longer has, so
/// the pick is what the screen shows.
enum HitSelectionRule {
    enum Outcome: Equatable {
        /// Selection and scroll unchanged.
        case keep
        /// The selection on this row of the new hits, the scroll unchanged.
        case follow(row: Int)
        /// The first hit, scrolled to the top.
        case top
    }

    /// Where the selection was when a reload began: its row and its record.
    struct Reload: Equatable {
        var row: Int
        var record: JSONValue?
    }

    /// `shown`: the results drawn until now; `selection`: the row selected in them;
    /// `onScreen`: the rows of `answer`'s hits that would be drawn with the scroll kept;
    /// `reload`: set while a reload's records come in.
    static func outcome(
        shown: SearchResults?, selection: Int, answer: SearchResults?, onScreen: Range<Int>, tracks: Bool = false,
        keepsRow: Bool = false, reload: Reload? = nil
    ) -> Outcome {
        if let reload, let answer, !answer.hits.isEmpty, answer.query == (shown?.query ?? answer.query) {
            if let shown, appends(answer, to: shown) { return .keep }
            if tracks, let record = reload.record, let row = answer.hits.firstIndex(where: { $0.record == record }) {
                return .follow(row: row)
            }
            return .follow(row: min(reload.row, answer.hits.count - 1))
        }
        if tracks, let answer, answer.page == 0, let shown, shown.hits.indices.contains(selection),
            let row = answer.hits.firstIndex(where: { $0.objectID == shown.hits[selection].objectID })
        {
            return .follow(row: row)
        }
        if keepsRow, selection > 0, let answer, !answer.hits.isEmpty, answer.page == 0, let shown, answer.query != shown.query {
            return .follow(row: min(selection, answer.hits.count - 1))
        }
        guard let answer, !answer.hits.isEmpty, let shown, answer.query == shown.query else { return .top }
        if appends(answer, to: shown) { return .keep }
        guard selection > 0, shown.hits.indices.contains(selection) else { return .top }
        let selected = shown.hits[selection].objectID
        guard let row = answer.hits.firstIndex(where: { $0.objectID == selected }), onScreen.contains(row) else { return .top }
        return .follow(row: row)
    }

    /// `answer` is `shown` with pages after it (of the same size, or one as large as those loaded).
    private static func appends(_ answer: SearchResults, to shown: SearchResults) -> Bool {
        answer.page > 0 && (answer.page > shown.page || answer.hits.count > shown.hits.count)
    }
}
