import InstantSearchCore

/// "338 results · 0.4 ms", the refinements in force, the strategy's mode, and errors.
public final class StatsLine: SearchableWidget, ResultingWidget {
    private var searcher: HitsSearcher?
    private var results: SearchResults?
    private var error: SearchFailure?

    public init() {}

    public func connect(to searcher: HitsSearcher) {
        self.searcher = searcher
        results = nil
        error = nil
    }

    public func searcher(_ searcher: HitsSearcher, didReceive results: SearchResults) {
        self.results = results
        error = nil
    }

    public func searcher(_ searcher: HitsSearcher, didFailWith error: SearchFailure) {
        self.error = error
    }

    public func draw(into canvas: inout Canvas, in area: Rect) {
        guard let searcher else { return }
        var left: [(String, Style)] = []
        if let results {
            let noun = results.nbHits == 1 ? "result" : "results"
            left.append(("\(results.nbHits.formatted) \(noun)", Theme.title))
            left.append(("  \(Self.milliseconds(results.processingTimeMS))", Theme.secondary))
        }
        if searcher.isSearching { left.append(("  searching…", Theme.secondary)) }
        if let error { left.append(("  ⚠ \(error.message)", Theme.error)) }
        let refinements = Self.describe(searcher.query)
        if !refinements.isEmpty { left.append(("  │ " + refinements, Theme.refined)) }

        let right = searcher.strategy.modeDescription
        let rightWidth = right.displayWidth
        canvas.write(right, x: area.maxX - rightWidth - 1, y: area.y, style: Theme.secondary)
        canvas.write(left, x: area.x + 1, y: area.y, maxWidth: area.width - rightWidth - 3, overflow: .ellipsis)
    }

    static func milliseconds(_ value: Double) -> String {
        value < 10 ? "\(String(format2: value).dropLast()) ms" : "\(Int(value.rounded())) ms"
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

extension Int {
    /// 1690784 → "1,690,784".
    var formatted: String {
        let digits = String(abs(self))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return self < 0 ? "-" + out : out
    }
}
