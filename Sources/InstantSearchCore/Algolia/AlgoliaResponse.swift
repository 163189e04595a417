import OrderedCollections

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Algolia's search response, both ways — one codec for the engine's `query` output, the
/// server (`instantsearch serve`) and the HTTP client backend. This file writes `SearchResults`
/// as the response (field for field where Algolia has the field); `AlgoliaResponse+Decoding`
/// reads one back. `AlgoliaRequest` does the same for the request parameters.
public enum AlgoliaResponse {
    public static func json(_ results: SearchResults, params: String = "", shape: AlgoliaHitShape = AlgoliaHitShape()) -> JSONValue {
        var response: OrderedDictionary<String, JSONValue> = [:]
        response["hits"] = .array(results.hits.map { hit($0, shape: shape) })
        response["nbHits"] = number(results.nbHits)
        response["page"] = number(results.page)
        response["nbPages"] = number(results.nbPages)
        response["hitsPerPage"] = number(results.hitsPerPage)
        response["processingTimeMS"] = number(Int(results.processingTimeMS.rounded(.up)))
        response["exhaustiveNbHits"] = .bool(true)
        var facets: OrderedDictionary<String, JSONValue> = [:]
        for attribute in results.facets.keys.sorted() {
            var values: OrderedDictionary<String, JSONValue> = [:]
            for value in results.facets[attribute]! { values[value.value] = number(value.count) }
            facets[attribute] = .object(values)
        }
        response["facets"] = .object(facets)
        var stats: OrderedDictionary<String, JSONValue> = [:]
        for attribute in results.facetStats.keys.sorted() {
            let s = results.facetStats[attribute]!
            stats[attribute] = ["min": .number(s.min), "max": .number(s.max), "avg": .number(s.avg), "sum": .number(s.sum)]
        }
        response["facets_stats"] = .object(stats)
        response["query"] = .string(results.query)
        if let strictness = results.appliedRelevancyStrictness { response["appliedRelevancyStrictness"] = number(strictness) }
        if let sorted = results.nbSortedHits { response["nbSortedHits"] = number(sorted) }
        if let removal = results.queryAfterRemoval { response["queryAfterRemoval"] = .string(removal) }
        if let content = results.renderingContent { response["renderingContent"] = content.json }
        if !results.userData.isEmpty { response["userData"] = .array(results.userData) }
        if !results.appliedRules.isEmpty {
            response["appliedRules"] = .array(results.appliedRules.map { ["objectID": .string($0)] })
        }
        if let queryID = results.queryID { response["queryID"] = .string(queryID) }
        response["params"] = .string(params)
        response["index"] = .string(results.indexName)
        return .object(response)
    }

    static func number(_ n: Int) -> JSONValue { .number(Double(n)) }

    /// The record's own fields, `objectID`, then `_highlightResult` (and `_snippetResult` when
    /// the engine made snippets or the request asked for them): one entry per attribute, an
    /// array for array attributes; as much of each as `shape` asks for.
    static func hit(_ hit: Hit, shape: AlgoliaHitShape = AlgoliaHitShape()) -> JSONValue {
        var fields = (hit.record.objectValue ?? [:]).filter { shape.retrieves($0.key) }
        fields["objectID"] = .string(hit.objectID)
        func isArray(_ attribute: String) -> Bool { hit.record[attribute]?.arrayValue != nil }
        var highlights: OrderedDictionary<String, JSONValue> = [:]
        for attribute in hit.highlights.keys.sorted() where shape.highlights(attribute) {
            highlights[attribute] = entry(hit.highlights[attribute]!, isArray: isArray(attribute), shape: shape)
        }
        fields["_highlightResult"] = .object(highlights)
        var snippets: OrderedDictionary<String, JSONValue> = [:]
        if let asked = shape.attributesToSnippet {
            for (attribute, words) in asked {
                guard var highlight = hit.highlights[attribute] else { continue }
                highlight.values = highlight.values.map { AlgoliaHitShape.snippet($0, words: words) }
                snippets[attribute] = entry(highlight, isArray: isArray(attribute), shape: shape)
            }
        } else {
            for attribute in hit.snippets.keys.sorted() where shape.highlights(attribute) {
                snippets[attribute] = entry(hit.snippets[attribute]!, isArray: isArray(attribute), shape: shape)
            }
        }
        if !snippets.isEmpty { fields["_snippetResult"] = .object(snippets) }
        // Only when asked (`getRankingInfo`), as Algolia does: a promoted hit says so there. A
        // promoted record that matched nothing has no ranking of its own to tell.
        if hit.rankingInfo != nil || (hit.isPromoted && shape.getRankingInfo) {
            var info = rankingInfo(hit.rankingInfo ?? RankingInfo(ranking: [])).objectValue ?? [:]
            if hit.isPromoted { info["promoted"] = .bool(true) }
            fields["_rankingInfo"] = .object(info)
        }
        return .object(fields)
    }

    /// Algolia's `_rankingInfo` fields, and this engine's own (`exact`, `matchedAttribute`,
    /// `customRanking`, `ranking`); criteria the ranking leaves out are absent, except those
    /// Algolia always sends and its clients require (`nbTypos`, `firstMatchedWord`,
    /// `nbExactWords`, `geoDistance`, `userScore`): 0 when nothing was measured, as Algolia
    /// answers an empty query or one without a location.
    static func rankingInfo(_ info: RankingInfo) -> JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = [:]
        func put(_ key: String, _ value: Int?) { if let value { fields[key] = number(value) } }
        fields["nbTypos"] = number(info.nbTypos ?? 0)
        put("words", info.words)
        put("proximityDistance", info.proximityDistance)
        fields["firstMatchedWord"] = number(info.firstMatchedWord ?? 0)
        if let attribute = info.matchedAttribute { fields["matchedAttribute"] = .string(attribute) }
        put("exact", info.exact)
        fields["nbExactWords"] = number(info.nbExactWords ?? 0)
        fields["userScore"] = number(info.userScore)
        put("relevancePoints", info.relevancePoints)
        put("relevanceBucket", info.relevanceBucket)
        fields["geoDistance"] = number(info.geoDistance ?? 0)
        put("geoPrecision", info.geoPrecision)
        if let matched = info.matchedGeoLocation {
            fields["matchedGeoLocation"] = [
                "lat": .number(matched.point.lat), "lng": .number(matched.point.lng), "distance": number(matched.distance),
            ]
        }
        if info.promotedByReRanking == true { fields["promotedByReRanking"] = .bool(true) }
        if let score = info.reRankingScore { fields["reRankingScore"] = .number(score) }
        var custom: OrderedDictionary<String, JSONValue> = [:]
        for (attribute, value) in info.customRanking.sorted(by: { $0.key < $1.key }) { custom[attribute] = .number(value) }
        fields["customRanking"] = .object(custom)
        fields["ranking"] = .array(info.ranking.map { .string($0) })
        return .object(fields)
    }

    static func entry(_ highlight: AttributeHighlight, isArray: Bool, shape: AlgoliaHitShape = AlgoliaHitShape()) -> JSONValue {
        let words = JSONValue.array(highlight.matchedWords.map { .string($0) })
        let entries = highlight.values.map { value -> JSONValue in
            let level = value.matchedRanges.isEmpty ? MatchLevel.none : highlight.matchLevel
            return [
                "value": .string(value.tagged(pre: shape.preTag, post: shape.postTag)), "matchLevel": .string(level.rawValue),
                "matchedWords": value.matchedRanges.isEmpty ? [] : words,
            ]
        }
        if isArray { return .array(entries) }
        return entries.first ?? ["value": "", "matchLevel": "none", "matchedWords": []]
    }

    /// A search-for-facet-values answer: each value with the typed text marked.
    public static func json(_ found: FacetSearchResults, typed: String) -> JSONValue {
        let hits = found.facetHits.map { hit -> JSONValue in
            [
                "value": .string(hit.value), "highlighted": .string(highlight(hit.value, typed: typed)),
                "count": .number(Double(hit.count)),
            ]
        }
        return [
            "facetHits": .array(hits), "exhaustiveFacetsCount": true,
            "processingTimeMS": .number(found.processingTimeMS.rounded(.up)),
        ]
    }

    /// Marks, at each word start of the value, the typed word it starts with (case and
    /// diacritics folded; the longest when several do): "le g" in "Ursula <em>Le</em>
    /// <em>G</em>uin", as Algolia marks each matched word. Words matched with typos stay plain.
    static func highlight(_ value: String, typed: String) -> String {
        let words = typed.split(whereSeparator: { $0.isWhitespace }).map(String.init).sorted { $0.count > $1.count }
        guard !words.isEmpty else { return value }
        var out = ""
        var position = value.startIndex
        var atWordStart = true
        while position < value.endIndex {
            if atWordStart,
                let end = words.lazy.compactMap({ TextFolding.endOfPrefix($0, in: value, from: position, .caseAndDiacritics) }).first
            {
                out += "<em>" + value[position..<end] + "</em>"
                position = end
                atWordStart = false
                continue
            }
            let character = value[position]
            out.append(character)
            atWordStart = !(character.isLetter || character.isNumber)
            position = value.index(after: position)
        }
        return out
    }
}
