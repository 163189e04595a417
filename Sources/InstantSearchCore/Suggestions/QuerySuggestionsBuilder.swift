/// Counts the queries users ran into query suggestions, per source index (Algolia Query
/// Suggestions built from search analytics, here from the local insights files and history).
///
/// A query counts once each time it was settled on; one that led to a click counts
/// `clickWeight` more, to a conversion `conversionWeight` more (a query that found what the
/// user wanted is a better suggestion than one typed and abandoned). The latest hit count
/// seen for a query is kept; a query whose latest count is 0 is no suggestion. Queries are
/// compared folded (case, surrounding and repeated spaces): the spelling seen most wins, the
/// first seen of those seen as often.
public struct QuerySuggestionsBuilder: Sendable {
    public static let clickWeight = 2
    public static let conversionWeight = 4

    private struct Tally: Sendable {
        var popularity = 0
        var nbHits: Int?
        /// Each spelling's count, and when it was first seen (ties go to the first).
        var spellings: [String: (count: Int, first: Int)] = [:]
    }

    /// Tallies by source index name, then by folded query.
    private var tallies: [String: [String: Tally]] = [:]
    /// Query text and index of each queryID seen in `queries.ndjson`, for events to find.
    private var queriesByID: [String: (index: String, query: String)] = [:]
    /// Queries added so far: the order spellings were first seen in.
    private var added = 0

    public init() {}

    /// A query the user settled on in `index`, with the hits it got when known.
    public mutating func addQuery(_ query: String, index: String, nbHits: Int?, queryID: String? = nil, weight: Int = 1) {
        let text = Self.tidy(query)
        guard !text.isEmpty else { return }
        if let queryID { queriesByID[queryID] = (index, text) }
        let key = text.lowercased()
        var tally = tallies[index, default: [:]][key] ?? Tally()
        tally.popularity += weight
        if let nbHits { tally.nbHits = nbHits }
        tally.spellings[text, default: (0, added)].count += 1
        added += 1
        tallies[index, default: [:]][key] = tally
    }

    /// A click or conversion event on the hits of the query `queryID` (from `queries.ndjson`):
    /// that query counts more. An event whose query is unknown is ignored; false then.
    @discardableResult
    public mutating func addEvent(type: String, queryID: String) -> Bool {
        guard let (index, query) = queriesByID[queryID] else { return false }
        let weight = type == "conversion" ? Self.conversionWeight : type == "click" ? Self.clickWeight : 0
        guard weight > 0 else { return false }
        tallies[index, default: [:]][query.lowercased(), default: Tally()].popularity += weight
        return true
    }

    /// Suggestions given whole (`--suggestions FILE`) for `index`: their popularity adds to
    /// what was counted, their hit counts win.
    public mutating func add(_ suggestion: QuerySuggestion, index: String) {
        addQuery(suggestion.query, index: index, nbHits: suggestion.nbHits[index], weight: suggestion.popularity)
    }

    /// The suggestions for `index`, most popular first (ties by query), without queries that got no hits.
    public func suggestions(for index: String) -> [QuerySuggestion] {
        (tallies[index] ?? [:]).values.compactMap { tally -> QuerySuggestion? in
            guard tally.nbHits != 0,
                let spelling = tally.spellings.max(by: { ($0.value.count, $1.value.first) < ($1.value.count, $0.value.first) })?.key
            else {
                return nil
            }
            return QuerySuggestion(query: spelling, popularity: tally.popularity, nbHits: tally.nbHits.map { [index: $0] } ?? [:])
        }
        .sorted { ($0.popularity, $1.query) > ($1.popularity, $0.query) }
    }

    /// The source indices something was counted for.
    public var indexNames: [String] { tallies.keys.sorted() }

    /// Spaces trimmed and runs of them made one: "  red  shoe " is "red shoe".
    static func tidy(_ query: String) -> String {
        query.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
