/// Which search parameters a server reads, and what it says of the others.
///
/// Algolia itself answers a parameter it does not know with 400 `Unknown parameter: name`;
/// this server does the same, and names the Algolia parameters it knows but does not
/// implement, so a client never gets an answer that silently ignored what it asked.
public enum AlgoliaParameterNames {
    /// Read and honoured by `AlgoliaParameters` and the server's answer.
    public static let understood: Set<String> = [
        "query", "page", "hitsPerPage", "offset", "length", "facets", "maxValuesPerFacet", "filters", "facetFilters",
        "numericFilters", "disjunctiveFacets", "getRankingInfo", "distinct", "facetingAfterDistinct", "typoTolerance",
        "attributesToRetrieve", "attributesToHighlight", "attributesToSnippet", "highlightPreTag", "highlightPostTag",
        "enableRules", "ruleContexts", "aroundLatLng", "aroundRadius", "aroundPrecision", "insideBoundingBox",
        "insidePolygon", "relevancyStrictness", "sortBy", "clickAnalytics", "enableReRanking", "advancedSyntax",
        "advancedSyntaxFeatures",
    ]

    /// Parameters about analytics and personalization on Algolia's side: they change nothing in
    /// an answer, so they are accepted (Algolia's own clients and InstantSearch send them).
    public static let withoutEffect: Set<String> = [
        "analytics", "analyticsTags", "userToken", "enableABTest", "enablePersonalization", "personalizationImpact",
        "percentileComputation",
    ]

    /// Algolia parameters that would change the answer and that this server does not implement.
    public static let notSupported: Set<String> = [
        "optionalFilters", "restrictSearchableAttributes", "tagFilters", "sumOrFiltersScores",
        "aroundLatLngViaIP", "minimumAroundRadius", "queryType", "removeWordsIfNoResults",
        "optionalWords", "removeStopWords", "ignorePlurals", "queryLanguages", "naturalLanguages",
        "minWordSizefor1Typo", "minWordSizefor2Typos", "allowTyposOnNumericTokens",
        "disableTypoToleranceOnAttributes", "disableExactOnAttributes", "exactOnSingleWordQuery", "alternativesAsExact",
        "replaceSynonymsInHighlight", "minProximity", "responseFields", "sortFacetValuesBy", "snippetEllipsisText",
        "restrictHighlightAndSnippetArrays", "decompoundQuery", "similarQuery", "reRankingApplyFilter",
        "mode", "semanticSearch", "attributeCriteriaComputedByMinProximity", "explain",
        "maxFacetHits", "facetQuery", "renderingContent",
    ]

    /// Throws for the first name (in sorted order) that is neither understood, nor without
    /// effect, nor in `alsoAllowed` (a route's own: `facetQuery` for a facet search).
    public static func check(_ values: [String: JSONValue], alsoAllowed: Set<String> = []) throws {
        for name in values.keys.sorted() {
            if understood.contains(name) || withoutEffect.contains(name) || alsoAllowed.contains(name) { continue }
            // An empty tagFilters is what InstantSearch sends when nothing is refined by tag.
            if name == "tagFilters", values[name] == "" || values[name] == [] || values[name] == .null { continue }
            if notSupported.contains(name) {
                throw AlgoliaParameterError("\(name) is not supported by this server (see the README's list of parameters)")
            }
            throw AlgoliaParameterError("Unknown parameter: \(name.prefix(80))")
        }
    }
}
