import OrderedCollections

/// Algolia's search request parameters, both ways: a `Query` written as the parameters a
/// client sends (this file), and parameters read back into a `Query` by a server
/// (`AlgoliaRequest+Decoding`).
public enum AlgoliaRequest {
    /// One entry of a multi-query's `requests`: the index name and the parameters as fields.
    public static func json(_ indexed: IndexedQuery) -> JSONValue {
        let query = indexed.query
        var fields: OrderedDictionary<String, JSONValue> = [:]
        fields["indexName"] = .string(indexed.indexName)
        fields["query"] = .string(query.text)
        fields["page"] = int(query.page)
        fields["hitsPerPage"] = int(query.hitsPerPage)
        if !query.facets.isEmpty { fields["facets"] = strings(query.facets) }
        fields["maxValuesPerFacet"] = int(query.maxValuesPerFacet)
        // A range's own stats ignore it (a slider's bounds stay put): this server reads that from
        // the attribute listed in disjunctiveFacets, as a facet's own counts ignore its refinements.
        let disjunctive = query.disjunctiveFacets.union(query.numericRanges.keys)
        if !disjunctive.isEmpty { fields["disjunctiveFacets"] = strings(disjunctive.sorted()) }
        var facetFilters: [JSONValue] = []
        for attribute in query.facetRefinements.keys.sorted() {
            let values = query.facetRefinements[attribute]!.sorted().map { "\(attribute):\(escape($0))" }
            if query.disjunctiveFacets.contains(attribute) {
                facetFilters.append(strings(values))  // an inner array: OR
            } else {
                facetFilters += values.map { .string($0) }  // AND
            }
        }
        if !facetFilters.isEmpty { fields["facetFilters"] = .array(facetFilters) }
        var numericFilters: [String] = []
        for attribute in query.numericRanges.keys.sorted() {
            let range = query.numericRanges[attribute]!
            if let lower = range.lower {
                numericFilters.append("\(attribute)\(range.excludesLower ? ">" : ">=")\(JSONValue.number(lower).serialized())")
            }
            if let upper = range.upper {
                numericFilters.append("\(attribute)\(range.excludesUpper ? "<" : "<=")\(JSONValue.number(upper).serialized())")
            }
        }
        if !numericFilters.isEmpty { fields["numericFilters"] = strings(numericFilters) }
        if let filters = query.filters { fields["filters"] = .string(filters) }
        if query.getRankingInfo { fields["getRankingInfo"] = .bool(true) }
        if let distinct = query.distinct { fields["distinct"] = int(distinct) }
        if let after = query.facetingAfterDistinct { fields["facetingAfterDistinct"] = .bool(after) }
        if !query.typoTolerance { fields["typoTolerance"] = .bool(false) }
        if let attributes = query.attributesToHighlight { fields["attributesToHighlight"] = strings(attributes) }
        if !query.enableRules { fields["enableRules"] = .bool(false) }
        if !query.ruleContexts.isEmpty { fields["ruleContexts"] = strings(query.ruleContexts) }
        for (name, value) in query.geo.parameters { fields[name] = value }
        if let strictness = query.relevancyStrictness { fields["relevancyStrictness"] = int(strictness) }
        if let reRanking = query.enableReRanking { fields["enableReRanking"] = .bool(reRanking) }
        if let advanced = query.advancedSyntax { fields["advancedSyntax"] = .bool(advanced) }
        if let features = query.advancedSyntaxFeatures { fields["advancedSyntaxFeatures"] = strings(features.map(\.rawValue).sorted()) }
        return .object(fields)
    }

    /// A facet value starting with "-" would read as a negation: Algolia escapes it.
    private static func escape(_ value: String) -> String { value.hasPrefix("-") ? "\\" + value : value }
    private static func int(_ n: Int) -> JSONValue { .number(Double(n)) }
    private static func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
}
