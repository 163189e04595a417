import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// "338 results · 0.4 ms" and errors on the left (the refinements in force are chips above the hits); on the right
/// what the searcher is doing: the strategy's mode, requests sent for the keys typed,
/// answers from the cache, requests still pending. Drawn from the hub's state alone.
///
/// When the row is short (fzf's `--height`, a 40-column terminal) the left side comes first:
/// the searcher's activity shrinks to its mode, then goes, before the count is cut.
enum StatsLine {
    /// `marked`: how many hits fzf's `--multi` has marked (shown when some are), out of
    /// `markLimit` with `--multi=N` ("2/3 marked").
    /// `notice`: what a `--bind` command that failed said (its status and last error line).
    /// `showsNote`: false once the note of a finished load has been seen (`SearchApp` drops it at the next key).
    /// `keysHint`: where the keys are learnt ("F1 keys") when no hint bar says it: kept at the
    /// right end before anything else there, the left side cut for it.
    static func render(
        _ area: Rect, _ canvas: inout Canvas, state: HubState, marked: Int = 0, markLimit: Int? = nil, numbers: NumberText = .standard,
        notice: String? = nil, showsNote: Bool = true, keysHint: String? = nil
    ) {
        let index = state.active
        var left: [(String, Style)] = []
        if let results = index.results {
            left.append((numbers.counted(results.nbHits, "result", "results"), Theme.info))
            left.append(("  \(Self.milliseconds(results.processingTimeMS, numbers: numbers))", Theme.secondary))
        }
        if marked > 0 {
            let limit = markLimit.map { "/" + numbers.count($0) } ?? ""
            left.append(("  · \(numbers.count(marked))\(limit) marked", Theme.refined))
        }
        if let dropped = index.results.flatMap(Self.droppedWords) {
            left.append(("  no hit has every word; ignoring “\(dropped)”", Theme.warning))
        }
        // Why a line search found nothing, or that its hits needed typos.
        if let notice = index.results?.notice { left.append(("  \(notice)", Theme.warning)) }
        if index.isSearching { left.append(("  searching…", Theme.spinner)) }
        if var loading = index.loading {
            if loading.isFinished, !showsNote { loading.note = nil }
            left += Self.describe(loading, numbers: numbers)
        }
        // An older query's count beside the error would mislead: results are nil then.
        if let error = index.error { left.append(("  ⚠ \(error.message)", Theme.error)) }
        if let notice { left.insert(("⚠ \(notice)  ", Theme.error), at: 0) }

        // An error needs the room more than the counters do.
        let full =
            index.error != nil
            ? index.mode
            : Self.activity(
                mode: index.mode, keystrokes: state.keystrokes, requests: state.requestsSent,
                cached: index.cacheHits, pending: index.pendingRequests, numbers: numbers)
        let leftWidth = left.reduce(0) { $0 + $1.0.displayWidth }
        let candidates = keysHint.map { hint in [full + " · " + hint, index.mode + " · " + hint, hint] } ?? [full, index.mode]
        let fitted = Self.fitting(candidates, beside: leftWidth, in: area.width)
        let right = fitted.isEmpty ? keysHint ?? "" : fitted
        if !right.isEmpty {
            canvas.write(right, x: area.maxX - right.displayWidth - 1, y: area.y, style: Theme.secondary)
        }
        let rightRoom = right.isEmpty ? 0 : right.displayWidth + 2
        canvas.write(left, x: area.x + 1, y: area.y, maxWidth: area.width - rightRoom - 1, overflow: .ellipsis)
    }

    /// The first of `candidates` (longest first) that leaves `leftWidth` columns whole on a row
    /// `width` wide (a column of margin at each end, two between the sides); "" when none does.
    static func fitting(_ candidates: [String], beside leftWidth: Int, in width: Int) -> String {
        candidates.first { 1 + leftWidth + 2 + $0.displayWidth + 1 <= width } ?? ""
    }

    /// "throttled 1.5 s · 9 req / 14 keys · 3 cached · 1 pending". The requests per keys typed
    /// show once a key was typed: before, they count what the start and the loading asked
    /// (each snapshot of a pipe searched again), which says nothing about the strategy.
    static func activity(mode: String, keystrokes: Int, requests: Int, cached: Int, pending: Int, numbers: NumberText = .standard) -> String {
        var parts = [mode]
        if keystrokes > 0 { parts.append("\(numbers.count(requests)) req / \(numbers.count(keystrokes)) keys") }
        if cached > 0 { parts.append("\(numbers.count(cached)) cached") }
        if pending > 0 { parts.append("\(numbers.count(pending)) pending") }
        return parts.joined(separator: " · ")
    }

    static func milliseconds(_ value: Double, numbers: NumberText = .standard) -> String {
        value < 10 ? "\(numbers.fixed(value, decimals: 1)) ms" : "\(numbers.count(Int(value.rounded()))) ms"
    }

    /// The words the backend left out to find something: the `<em>` parts of Algolia's
    /// `queryAfterRemoval`.
    static func droppedWords(_ results: SearchResults) -> String? {
        guard let marked = results.queryAfterRemoval else { return nil }
        let words = marked.split(separator: "<em>", omittingEmptySubsequences: false).dropFirst().compactMap {
            $0.split(separator: "</em>", omittingEmptySubsequences: false).first
        }
        let dropped = words.joined(separator: " ").trimmingBlanks()
        return dropped.isEmpty ? nil : dropped
    }

    /// "· loading 42% · 712,000 records · 1.2M/s" while an index fills; a failure or a note
    /// ("from the index cache") once it is done.
    static func describe(_ loading: LoadingProgress, numbers: NumberText = .standard) -> [(String, Style)] {
        // The preview pane (F6) shows the whole message, which this line may cut.
        if let failure = loading.failure { return [("  ⚠ loading stopped (F6 shows why): \(failure)", Theme.error)] }
        if loading.isFinished { return loading.note.map { [("  · \($0)", Theme.secondary)] } ?? [] }
        // Before any record is searchable, what is under way ("opening the cached index").
        if let note = loading.note, loading.records == 0 { return [("  · \(note)…", Theme.secondary)] }
        var parts = ["loading"]
        if let percent = loading.percent { parts[0] += " \(percent)%" }
        parts.append("\(numbers.count(loading.records)) records")
        if loading.recordsPerSecond >= 1 { parts.append("\(numbers.count(Int(loading.recordsPerSecond)))/s") }
        return [("  · " + parts.joined(separator: " · "), Theme.warning)]
    }
}
