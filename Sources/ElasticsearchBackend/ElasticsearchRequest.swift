import InstantSearchCore
import OrderedCollections

/// Maps a `Query` to the body of `POST /INDEX/_search` (the query DSL).
///
/// - Text: `multi_match` of type `bool_prefix` (every word must match, the last one as a
///   prefix, as the user types), with `fuzziness: AUTO` for typos, over the searchable
///   fields boosted by their order; an empty text is `match_all`.
/// - Conjunctive refinements go in `query.bool.filter`: they narrow hits and every count.
/// - Disjunctive refinements and numeric ranges go in `post_filter`: they narrow the hits
///   but not the aggregations, so each aggregation re-applies every one of them except its
///   own attribute's (a `filter` aggregation around the `terms` or `stats` one). That is how
///   a disjunctive facet's counts ignore its own refinements and a slider's bounds ignore
///   its own range.
/// - `highlight` asks for whole fields (`number_of_fragments: 0`) tagged with `<em>`.
public enum ElasticsearchRequest {
    /// The aggregation holding a facet's buckets (inside the filter aggregation named after the attribute).
    static let valuesAggregation = "values"
    static let statsAggregation = "stats"

    public static func body(for query: Query, index: ElasticsearchIndex) throws -> JSONValue {
        guard query.filters == nil else {
            throw SearchError.unsupported("filter strings (--filters) on Elasticsearch")
        }
        var body: OrderedDictionary<String, JSONValue> = [
            "from": .number(Double(query.page * query.hitsPerPage)),
            "size": .number(Double(query.hitsPerPage)),
            // Without it hits.total stops counting at 10,000.
            "track_total_hits": true,
        ]

        var must: [JSONValue] = []
        let text = query.text.trimmingBlanks()
        if text.isEmpty {
            must.append(["match_all": [:]])
        } else {
            let count = index.searchableAttributes.count
            let fields = index.searchableAttributes.enumerated().map { position, field -> JSONValue in
                // The first attribute weighs most, like the embedded engine's attribute ranking.
                .string(count - position > 1 ? "\(field)^\(count - position)" : field)
            }
            must.append([
                "multi_match": [
                    "query": .string(text), "type": "bool_prefix", "fields": .array(fields),
                    "operator": "and", "fuzziness": "AUTO",
                ]
            ])
        }

        var filter: [JSONValue] = []
        var postClauses: [(attribute: String, clause: JSONValue)] = []
        for attribute in query.facetRefinements.keys.sorted() {
            guard let values = query.facetRefinements[attribute], !values.isEmpty else { continue }
            let field = index.field(forFacet: attribute)
            let sorted = values.sorted()
            if query.disjunctiveFacets.contains(attribute) {
                postClauses.append((attribute, ["terms": .object([field: .array(sorted.map(JSONValue.string))])]))
            } else {
                // AND within a conjunctive facet: one term clause per value.
                filter += sorted.map { ["term": .object([field: .string($0)])] }
            }
        }
        for attribute in query.numericRanges.keys.sorted() {
            guard let range = query.numericRanges[attribute] else { continue }
            var bounds: OrderedDictionary<String, JSONValue> = [:]
            if let lower = range.lower { bounds[range.excludesLower ? "gt" : "gte"] = .number(lower) }
            if let upper = range.upper { bounds[range.excludesUpper ? "lt" : "lte"] = .number(upper) }
            guard !bounds.isEmpty else { continue }
            postClauses.append((attribute, ["range": .object([attribute: .object(bounds)])]))
        }

        var bool: OrderedDictionary<String, JSONValue> = ["must": .array(must)]
        if !filter.isEmpty { bool["filter"] = .array(filter) }
        body["query"] = ["bool": .object(bool)]
        if let sort = query.sortBy {
            // The whole result set by the attribute, records without it last; the score breaks ties.
            body["sort"] = [
                .object([sort.attribute: ["order": .string(sort.ascending ? "asc" : "desc"), "missing": "_last"]]), "_score",
            ]
        }
        if !postClauses.isEmpty {
            body["post_filter"] = ["bool": ["filter": .array(postClauses.map(\.clause))]]
        }

        func others(_ attribute: String) -> JSONValue {
            let clauses = postClauses.filter { $0.attribute != attribute }.map(\.clause)
            return clauses.isEmpty ? ["match_all": [:]] : ["bool": ["filter": .array(clauses)]]
        }
        var aggregations: OrderedDictionary<String, JSONValue> = [:]
        let facets = query.facets.contains("*") ? index.facetAttributes : query.facets
        for attribute in facets {
            // A conjunctive facet counts within every refinement; a disjunctive one ignores its own.
            let scope = query.disjunctiveFacets.contains(attribute) ? others(attribute) : others("")
            aggregations[attribute] = [
                "filter": scope,
                "aggs": .object([
                    valuesAggregation: [
                        "terms": [
                            "field": .string(index.field(forFacet: attribute)),
                            "size": .number(Double(query.maxValuesPerFacet)),
                        ]
                    ]
                ]),
            ]
        }
        for attribute in index.numericAttributes where aggregations[attribute] == nil {
            aggregations[attribute] = [
                "filter": others(attribute),
                "aggs": .object([statsAggregation: ["stats": ["field": .string(attribute)]]]),
            ]
        }
        if !aggregations.isEmpty { body["aggs"] = .object(aggregations) }

        if !text.isEmpty, !index.searchableAttributes.isEmpty {
            var fields: OrderedDictionary<String, JSONValue> = [:]
            for field in index.searchableAttributes { fields[field] = ["number_of_fragments": 0] }
            body["highlight"] = ["pre_tags": ["<em>"], "post_tags": ["</em>"], "fields": .object(fields)]
        }
        return .object(body)
    }
}
