/// Algolia's search response read back into `SearchResults` (the HTTP client backend).
/// Pure functions, so tests need no network.
extension AlgoliaResponse {
    public static func results(_ json: JSONValue, for indexed: IndexedQuery) throws -> SearchResults {
        guard case .object = json else { throw SearchError.malformedResponse("a result is not a JSON object") }
        guard let hitsJSON = json["hits"]?.arrayValue else { throw SearchError.malformedResponse("no \"hits\" array") }
        let hits = try hitsJSON.map(hit)
        let nbHits = json["nbHits"]?.numberValue.map { Int($0) } ?? hits.count
        let hitsPerPage = json["hitsPerPage"]?.numberValue.map { Int($0) } ?? indexed.query.hitsPerPage
        var results = SearchResults(
            indexName: indexed.indexName, query: json["query"]?.stringValue ?? indexed.query.text, hits: hits,
            nbHits: nbHits, page: json["page"]?.numberValue.map { Int($0) } ?? indexed.query.page,
            nbPages: json["nbPages"]?.numberValue.map { Int($0) }
                ?? (hitsPerPage > 0 ? (nbHits + hitsPerPage - 1) / hitsPerPage : 0),
            hitsPerPage: hitsPerPage, processingTimeMS: json["processingTimeMS"]?.numberValue ?? 0,
            queryAfterRemoval: json["queryAfterRemoval"]?.stringValue)
        // A server's rendering content this client cannot read is left out, as its settings are.
        results.appliedRelevancyStrictness = json["appliedRelevancyStrictness"]?.numberValue.flatMap { Int(exactly: $0) }
        results.nbSortedHits = json["nbSortedHits"]?.numberValue.flatMap { Int(exactly: $0) }
        results.queryID = json["queryID"]?.stringValue
        results.userData = json["userData"]?.arrayValue ?? []
        results.appliedRules = (json["appliedRules"]?.arrayValue ?? []).compactMap { $0["objectID"]?.stringValue }
        results.renderingContent = json["renderingContent"].flatMap {
            try? RenderingContent.parse($0, fail: { DataError(file: "response", message: $0) })
        }
        for (attribute, values) in json["facets"]?.objectValue ?? [:] {
            let counts = (values.objectValue ?? [:]).compactMap { value, count in
                count.numberValue.map { FacetValueCount(value: value, count: Int($0)) }
            }
            // Most frequent first, as the engine gives them; the sort is stable for ties.
            results.facets[attribute] = counts.enumerated().sorted {
                $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset
            }.map(\.element)
        }
        for (attribute, stats) in json["facets_stats"]?.objectValue ?? [:] {
            guard let min = stats["min"]?.numberValue, let max = stats["max"]?.numberValue else { continue }
            results.facetStats[attribute] = FacetStats(
                min: min, max: max, avg: stats["avg"]?.numberValue ?? (min + max) / 2, sum: stats["sum"]?.numberValue ?? 0)
        }
        return results
    }

    /// A hit: the record (Algolia's `_` fields left out), its objectID and highlights.
    static func hit(_ json: JSONValue) throws -> Hit {
        guard var fields = json.objectValue else { throw SearchError.malformedResponse("a hit is not a JSON object") }
        let objectID = fields["objectID"].map { $0.stringValue ?? $0.serialized() } ?? ""
        let highlights = attributeHighlights(fields["_highlightResult"])
        let snippets = attributeHighlights(fields["_snippetResult"])
        let rankingInfo = fields["_rankingInfo"].flatMap(rankingInfo)
        let isPromoted = fields["_rankingInfo"]?["promoted"] == .bool(true)
        for key in fields.keys where key.hasPrefix("_") { fields[key] = nil }
        return Hit(
            objectID: objectID, record: .object(fields), highlights: highlights, snippets: snippets, rankingInfo: rankingInfo,
            isPromoted: isPromoted)
    }

    /// `_rankingInfo` read back: Algolia's fields, and this engine's own where it sent them
    /// (`ranking`, `exact`, `matchedAttribute`, `customRanking`). Algolia's service sends no
    /// `ranking`; the criteria then show in Algolia's default order. Values that are not whole
    /// numbers in range are left out rather than trusted.
    static func rankingInfo(_ json: JSONValue) -> RankingInfo? {
        guard case .object(let fields) = json else { return nil }
        func int(_ key: String) -> Int? {
            guard let number = fields[key]?.numberValue, number == number.rounded(), abs(number) < 1e12 else { return nil }
            return Int(number)
        }
        let ranking =
            fields["ranking"]?.arrayValue?.compactMap(\.stringValue)
            ?? ["typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"]
        var custom: [String: Double] = [:]
        for (attribute, value) in fields["customRanking"]?.objectValue ?? [:] {
            if let number = value.numberValue { custom[attribute] = number }
        }
        var info = RankingInfo(
            ranking: ranking, nbTypos: int("nbTypos"), words: int("words"), proximityDistance: int("proximityDistance"),
            matchedAttribute: fields["matchedAttribute"]?.stringValue, firstMatchedWord: int("firstMatchedWord"),
            exact: int("exact"), nbExactWords: int("nbExactWords"),
            customRanking: custom, userScore: int("userScore") ?? 0)
        info.relevancePoints = int("relevancePoints")
        info.relevanceBucket = int("relevanceBucket")
        // Algolia sends `geoDistance: 0` without a location; a measured one comes with its precision.
        info.geoPrecision = int("geoPrecision")
        if fields["promotedByReRanking"] == .bool(true) { info.promotedByReRanking = true }
        info.reRankingScore = fields["reRankingScore"]?.numberValue
        info.geoDistance = info.geoPrecision == nil ? nil : int("geoDistance")
        if let matched = fields["matchedGeoLocation"], let lat = matched["lat"]?.numberValue, let lng = matched["lng"]?.numberValue {
            info.matchedGeoLocation = MatchedGeoLocation(
                point: GeoPoint(lat: lat, lng: lng), distance: matched["distance"]?.numberValue.flatMap { Int(exactly: $0) } ?? 0)
        }
        return info
    }

    static func attributeHighlights(_ json: JSONValue?) -> [String: AttributeHighlight] {
        var out: [String: AttributeHighlight] = [:]
        for (attribute, entry) in json?.objectValue ?? [:] {
            let entries = entry.arrayValue ?? [entry]
            var values: [HighlightedText] = []
            var level = MatchLevel.none
            var words: [String] = []
            for item in entries {
                guard let tagged = item["value"]?.stringValue else { continue }
                values.append(HighlightedText(tagged: tagged))
                let itemLevel = item["matchLevel"]?.stringValue.flatMap(MatchLevel.init(rawValue:)) ?? .none
                if itemLevel == .full || (itemLevel == .partial && level == .none) { level = itemLevel }
                for word in item["matchedWords"]?.arrayValue ?? [] {
                    if let word = word.stringValue, !words.contains(word) { words.append(word) }
                }
            }
            if !values.isEmpty { out[attribute] = AttributeHighlight(values: values, matchLevel: level, matchedWords: words) }
        }
        return out
    }

    public static func facetHits(_ json: JSONValue) throws -> FacetSearchResults {
        guard let hits = json["facetHits"]?.arrayValue else { throw SearchError.malformedResponse("no \"facetHits\" array") }
        let values = hits.compactMap { hit -> FacetValueCount? in
            guard let value = hit["value"]?.stringValue, let count = hit["count"]?.numberValue else { return nil }
            return FacetValueCount(value: value, count: Int(count))
        }
        return FacetSearchResults(facetHits: values, processingTimeMS: json["processingTimeMS"]?.numberValue ?? 0)
    }
}
