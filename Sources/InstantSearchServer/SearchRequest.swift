import InstantSearchCore
import SearchEngine

/// One search of a request, read from its parameters: the query for the engine, and how the
/// answer is to be cut and shaped (`offset`/`length`, `attributesToRetrieve`, highlights,
/// snippets, tags) once the engine has answered.
struct SearchRequest {
    var indexed: IndexedQuery
    var shape: AlgoliaHitShape
    var window: (offset: Int, length: Int)?
    /// The parameters echoed back as `params`.
    var params: String
    /// `clickAnalytics: true`: the answer carries a `queryID` for the events on its hits.
    var clickAnalytics: Bool

    init(_ parameters: [String: JSONValue], index: SearchIndex, alsoAllowed: Set<String> = []) throws {
        let reader = AlgoliaParameters(values: parameters)
        var query = try reader.query(alsoAllowed: alsoAllowed)
        shape = try reader.hitShape()
        window = try reader.window()
        query.attributesToHighlight = shape.attributesForEngine(defaultHighlights: index.settings.searchableAttributes)
        indexed = IndexedQuery(indexName: index.name, query: query)
        params = SearchService.paramsString(parameters)
        clickAnalytics = try reader.boolean("clickAnalytics") ?? false
    }

    /// Algolia's answer; with `offset`/`length`, the hits from `offset` on, and both fields.
    func answer(_ results: SearchResults, queryIDs: QueryIDLog) -> JSONValue {
        var results = results
        if clickAnalytics { results.queryID = queryIDs.remember(index: indexed.indexName, query: indexed.query.text) }
        guard let window else { return AlgoliaResponse.json(results, params: params, shape: shape) }
        results.hits = Array(results.hits.dropFirst(window.offset))
        results.hitsPerPage = window.length
        results.nbPages = window.length > 0 ? (results.nbHits + window.length - 1) / window.length : 0
        var fields = AlgoliaResponse.json(results, params: params, shape: shape).objectValue ?? [:]
        fields["offset"] = .number(Double(window.offset))
        fields["length"] = .number(Double(window.length))
        return .object(fields)
    }
}
