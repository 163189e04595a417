import InstantSearchCore

/// Maps a `_search` response back to `SearchResults`: `hits.total.value`, each hit's
/// `_source` and `highlight`, the facet buckets and the numeric stats that
/// `ElasticsearchRequest` asked for.
public enum ElasticsearchResponse {
    public static func results(_ response: JSONValue, for query: IndexedQuery, index: ElasticsearchIndex) throws
        -> SearchResults
    {
        if let error = response["error"] {
            let reason = error["reason"]?.stringValue ?? error["root_cause"]?.arrayValue?.first?["reason"]?.stringValue
            throw SearchError.backend("Elasticsearch: \(reason ?? error.displayText)")
        }
        guard let hitsObject = response["hits"], let rawHits = hitsObject["hits"]?.arrayValue else {
            throw SearchError.malformedResponse("no hits.hits in the Elasticsearch response")
        }
        // `total` is an object since Elasticsearch 7 ({"value", "relation"}), a number before.
        let total = hitsObject["total"]?["value"]?.numberValue ?? hitsObject["total"]?.numberValue ?? Double(rawHits.count)
        let words = queryWords(query.query.text)
        let hits = try rawHits.map { try hit($0, index: index, words: words) }

        var facets: [String: [FacetValueCount]] = [:]
        var stats: [String: FacetStats] = [:]
        for (name, aggregation) in response["aggregations"]?.objectValue ?? [:] {
            if let buckets = aggregation[ElasticsearchRequest.valuesAggregation]?["buckets"]?.arrayValue {
                facets[name] = buckets.compactMap(bucket)
            } else if let figures = aggregation[ElasticsearchRequest.statsAggregation],
                let min = figures["min"]?.numberValue, let max = figures["max"]?.numberValue
            {
                // An empty scope gives null min / max: no stats, like the embedded engine.
                stats[name] = FacetStats(
                    min: min, max: max, avg: figures["avg"]?.numberValue ?? 0, sum: figures["sum"]?.numberValue ?? 0)
            }
        }
        let perPage = max(query.query.hitsPerPage, 1)
        let nbHits = Int(total)
        return SearchResults(
            indexName: query.indexName, query: query.query.text, hits: hits, nbHits: nbHits, page: query.query.page,
            nbPages: (nbHits + perPage - 1) / perPage, hitsPerPage: query.query.hitsPerPage, facets: facets,
            facetStats: stats, processingTimeMS: response["took"]?.numberValue ?? 0)
    }

    /// A bucket key is a string, a number, or (booleans, dates) a number with `key_as_string`.
    private static func bucket(_ bucket: JSONValue) -> FacetValueCount? {
        guard let count = bucket["doc_count"]?.numberValue else { return nil }
        let key = bucket["key_as_string"]?.stringValue ?? bucket["key"]?.displayText
        return key.map { FacetValueCount(value: $0, count: Int(count)) }
    }

    private static func hit(_ raw: JSONValue, index: ElasticsearchIndex, words: [String]) throws -> Hit {
        guard let source = raw["_source"] else {
            throw SearchError.malformedResponse("a hit has no _source (is _source disabled in the mapping?)")
        }
        let objectID = raw["_id"]?.displayText ?? ""
        var highlights: [String: AttributeHighlight] = [:]
        let fragments = raw["highlight"]?.objectValue ?? [:]
        for attribute in index.searchableAttributes {
            // A dotted attribute (`author.name`) reads nested objects, and through arrays of them.
            let values = texts(of: source.value(atPath: attribute))
            guard !values.isEmpty else { continue }
            // With number_of_fragments 0 each highlighted value comes back whole; values that did
            // not match are left out, so they are matched back to the source by their plain text.
            let tagged = (fragments[attribute]?.arrayValue ?? []).compactMap(\.stringValue).map { HighlightedText(tagged: $0) }
            let highlighted = values.map { plain in tagged.first { $0.text == plain } ?? HighlightedText(text: plain) }
            let matched = matchedWords(words, in: highlighted)
            let level: MatchLevel = matched.isEmpty ? .none : matched.count == words.count ? .full : .partial
            highlights[attribute] = AttributeHighlight(values: highlighted, matchLevel: level, matchedWords: matched)
        }
        return Hit(objectID: objectID, record: source, highlights: highlights)
    }

    private static func texts(of value: JSONValue?) -> [String] {
        switch value {
        case .string(let s)?: return [s]
        case .number?, .bool?: return [value!.displayText]
        case .array(let items)?: return items.flatMap { texts(of: $0) }
        default: return []
        }
    }

    static func queryWords(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The query words that a highlighted run starts with (a prefix or a whole word; a
    /// fuzzy match counts for the word it stands for when nothing else claims it).
    private static func matchedWords(_ words: [String], in values: [HighlightedText]) -> [String] {
        var runs: [String] = []
        for value in values {
            let characters = Array(value.text)
            for range in value.matchedRanges where range.upperBound <= characters.count {
                runs.append(String(characters[range]).lowercased())
            }
        }
        guard !runs.isEmpty else { return [] }
        var matched = words.filter { word in runs.contains { $0.hasPrefix(word) || word.hasPrefix($0) } }
        if matched.isEmpty { matched = Array(words.prefix(runs.count)) }
        return matched
    }
}
