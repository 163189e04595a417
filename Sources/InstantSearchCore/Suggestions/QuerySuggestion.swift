import OrderedCollections

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One record of a query suggestions index, in Algolia Query Suggestions' shape: the query is
/// its objectID and its text, `popularity` says how often it was run (weighted by what it led
/// to), `nb_words` its word count, and under each source index's name `exact_nb_hits`, the
/// hits the query got there.
public struct QuerySuggestion: Hashable, Sendable {
    public var query: String
    public var popularity: Int
    /// Hits the query got, by source index name (unknown for an index: not there).
    public var nbHits: [String: Int]

    public init(query: String, popularity: Int, nbHits: [String: Int] = [:]) {
        self.query = query
        self.popularity = popularity
        self.nbHits = nbHits
    }

    /// Algolia's name for the suggestions index of `indexName`.
    public static func indexName(for indexName: String) -> String { indexName + "_query_suggestions" }

    /// How a suggestions index is searched: the query text alone (prefix and typos as any
    /// index), the more popular first among equally relevant ones.
    public static var indexSettings: IndexSettings {
        var settings = IndexSettings(
            searchableAttributes: ["query"], attributesForFaceting: [], numericAttributesForFiltering: ["popularity", "nb_words"],
            customRanking: [CustomRankingCriterion(attribute: "popularity", ascending: false)], displayAttributes: ["query"])
        settings.objectIDAttribute = "objectID"
        return settings
    }

    public var wordCount: Int { query.split(whereSeparator: \.isWhitespace).count }

    public var record: JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = [
            "objectID": .string(query), "query": .string(query), "popularity": .number(Double(popularity)),
            "nb_words": .number(Double(wordCount)),
        ]
        for (index, hits) in nbHits.sorted(by: { $0.key < $1.key }) {
            fields[index] = ["exact_nb_hits": .number(Double(hits)), "facets": ["exact_matches": [:], "analytics": [:]]]
        }
        return .object(fields)
    }

    /// Reads a record of a given suggestions file; nil and why when it is not one.
    /// `query` is required (a string); `popularity` (or `count`) a whole number ≥ 0, 0 when absent.
    public static func from(record: JSONValue) -> Result<QuerySuggestion, SuggestionRecordProblem> {
        guard let fields = record.objectValue else {
            return .failure(.init("a suggestion is a JSON object, not \(record.serialized(atMost: 40) ?? "a long value")"))
        }
        guard case .string(let query)? = fields["query"] ?? fields["objectID"] else {
            return .failure(.init("a suggestion needs \"query\": the query text, a string"))
        }
        guard !query.trimmingBlanksAndLineEnds().isEmpty else {
            return .failure(.init("\"query\" is empty"))
        }
        var popularity = 0
        if let value = fields["popularity"] ?? fields["count"] {
            guard case .number(let number) = value, number >= 0, number <= Double(Int32.max), number == number.rounded() else {
                return .failure(.init("\"popularity\" is a whole number from 0 to \(Int32.max), not \(value.serialized())"))
            }
            popularity = Int(number)
        }
        var nbHits: [String: Int] = [:]
        for (key, value) in fields {
            if case .number(let hits)? = value["exact_nb_hits"], hits >= 0, hits.isFinite { nbHits[key] = Int(hits) }
        }
        return .success(QuerySuggestion(query: query, popularity: popularity, nbHits: nbHits))
    }
}

/// Why a record is not a suggestion (the file reader adds where it is).
public struct SuggestionRecordProblem: Error, Equatable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}
