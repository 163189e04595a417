import Foundation
import InstantSearchCore

/// "338 results · 0.4 ms" and errors on the left (the refinements in force are chips above the hits); on the right
/// what the searcher is doing: the strategy's mode, requests sent for the keys typed,
/// answers from the cache, requests still pending. Drawn from the hub's state alone.
enum StatsLine {
    /// `marked`: how many hits fzf's `--multi` has marked (shown when some are).
    static func render(_ area: Rect, _ canvas: inout Canvas, state: HubState, marked: Int = 0, numbers: NumberText = .standard) {
        let index = state.active
        var left: [(String, Style)] = []
        if let results = index.results {
            left.append((numbers.counted(results.nbHits, "result", "results"), Theme.title))
            left.append(("  \(Self.milliseconds(results.processingTimeMS, numbers: numbers))", Theme.secondary))
        }
        if marked > 0 { left.append(("  · \(numbers.count(marked)) marked", Theme.refined)) }
        if let dropped = index.results.flatMap(Self.droppedWords) {
            left.append(("  no hit has every word; ignoring “\(dropped)”", Theme.warning))
        }
        // Why a line search found nothing, or that its hits needed typos.
        if let notice = index.results?.notice { left.append(("  \(notice)", Theme.warning)) }
        if index.isSearching { left.append(("  searching…", Theme.secondary)) }
        if let loading = index.loading { left += Self.describe(loading, numbers: numbers) }
        // An older query's count beside the error would mislead: results are nil then.
        if let error = index.error { left.append(("  ⚠ \(error.message)", Theme.error)) }

        // An error needs the room more than the counters do.
        let right = index.error != nil ? index.mode : Self.activity(
            mode: index.mode, keystrokes: state.keystrokes, requests: state.requestsSent,
            cached: index.cacheHits, pending: index.pendingRequests, numbers: numbers)
        let rightWidth = right.displayWidth
        canvas.write(right, x: area.maxX - rightWidth - 1, y: area.y, style: Theme.secondary)
        canvas.write(left, x: area.x + 1, y: area.y, maxWidth: area.width - rightWidth - 3, overflow: .ellipsis)
    }

    /// "throttled 1.5 s · 9 req / 14 keys · 3 cached · 1 pending"
    static func activity(mode: String, keystrokes: Int, requests: Int, cached: Int, pending: Int, numbers: NumberText = .standard) -> String {
        var parts = [mode, "\(numbers.count(requests)) req / \(numbers.count(keystrokes)) keys"]
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
        let words = marked.components(separatedBy: "<em>").dropFirst().compactMap {
            $0.components(separatedBy: "</em>").first
        }
        let dropped = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return dropped.isEmpty ? nil : dropped
    }

    /// "· loading 42% · 712,000 records · 1.2M/s" while an index fills; a failure or a note
    /// ("from the index cache") once it is done.
    static func describe(_ loading: LoadingProgress, numbers: NumberText = .standard) -> [(String, Style)] {
        if let failure = loading.failure { return [("  ⚠ loading stopped: \(failure)", Theme.error)] }
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
