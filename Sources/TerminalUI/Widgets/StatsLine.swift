import Foundation
import InstantSearchCore

/// "338 results · 0.4 ms", the refinements in force and errors on the left; on the right
/// what the searcher is doing: the strategy's mode, requests sent for the keys typed,
/// answers from the cache, requests still pending. Drawn from the hub's state alone.
enum StatsLine {
    static func render(_ area: Rect, _ canvas: inout Canvas, state: HubState) {
        let index = state.active
        var left: [(String, Style)] = []
        if let results = index.results {
            left.append((NumberText.counted(results.nbHits, "result", "results"), Theme.title))
            left.append(("  \(Self.milliseconds(results.processingTimeMS))", Theme.secondary))
        }
        if let dropped = index.results.flatMap(Self.droppedWords) {
            left.append(("  no hit has every word; ignoring “\(dropped)”", Theme.warning))
        }
        if index.isSearching { left.append(("  searching…", Theme.secondary)) }
        if let loading = index.loading { left += Self.describe(loading) }
        // An older query's count beside the error would mislead: results are nil then.
        if let error = index.error { left.append(("  ⚠ \(error.message)", Theme.error)) }
        let refinements = Self.describe(index.query)
        if !refinements.isEmpty { left.append(("  │ " + refinements, Theme.refined)) }

        // An error needs the room more than the counters do.
        let right = index.error != nil ? index.mode : Self.activity(
            mode: index.mode, keystrokes: state.keystrokes, requests: state.requestsSent,
            cached: index.cacheHits, pending: index.pendingRequests)
        let rightWidth = right.displayWidth
        canvas.write(right, x: area.maxX - rightWidth - 1, y: area.y, style: Theme.secondary)
        canvas.write(left, x: area.x + 1, y: area.y, maxWidth: area.width - rightWidth - 3, overflow: .ellipsis)
    }

    /// "throttled 1.5 s · 9 req / 14 keys · 3 cached · 1 pending"
    static func activity(mode: String, keystrokes: Int, requests: Int, cached: Int, pending: Int) -> String {
        var parts = [mode, "\(requests) req / \(keystrokes) keys"]
        if cached > 0 { parts.append("\(cached) cached") }
        if pending > 0 { parts.append("\(pending) pending") }
        return parts.joined(separator: " · ")
    }

    static func milliseconds(_ value: Double) -> String {
        value < 10 ? "\(NumberText.fixed(value, decimals: 1)) ms" : "\(Int(value.rounded())) ms"
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
    static func describe(_ loading: LoadingProgress) -> [(String, Style)] {
        if let failure = loading.failure { return [("  ⚠ loading stopped: \(failure)", Theme.error)] }
        if loading.isFinished { return loading.note.map { [("  · \($0)", Theme.secondary)] } ?? [] }
        var parts = ["loading"]
        if let percent = loading.percent { parts[0] += " \(percent)%" }
        parts.append("\(NumberText.grouped(loading.records)) records")
        if loading.recordsPerSecond >= 1 { parts.append("\(NumberText.grouped(Int(loading.recordsPerSecond)))/s") }
        return [("  · " + parts.joined(separator: " · "), Theme.warning)]
    }

    /// "brand: Sony, LG · price: 100 to 500"
    static func describe(_ query: Query) -> String {
        let facets = query.facetRefinements.keys.sorted().map { attribute in
            "\(attribute): " + (query.facetRefinements[attribute] ?? []).sorted().joined(separator: ", ")
        }
        let ranges = query.numericRanges.keys.sorted().map { "\($0): \(query.numericRanges[$0]!)" }
        return (facets + ranges).joined(separator: " · ")
    }
}
