import InstantSearchCore

extension ResolvedIndexSettings {
    /// Every key written out, in the settings-file form: resolved against no records it
    /// gives these same settings back, which is how an index file stores them.
    func fileJSON() -> JSONValue {
        func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
        var object: JSONValue = [
            "searchableAttributes": strings(searchableAttributes),
            "attributesForFaceting": strings(attributesForFaceting),
            "disjunctiveFacets": strings(disjunctiveFacets),
            "numericAttributesForFiltering": strings(numericAttributesForFiltering),
            "customRanking": strings(customRanking.map(\.description)),
            "displayAttributes": strings(displayAttributes),
            "typoTolerance": .bool(relevance.typoTolerance),
            "minWordSizefor1Typo": .number(Double(relevance.minWordSizefor1Typo)),
            "minWordSizefor2Typos": .number(Double(relevance.minWordSizefor2Typos)),
            "disableTypoToleranceOnAttributes": strings(relevance.disableTypoToleranceOnAttributes),
            "ranking": strings(relevance.ranking.map(\.rawValue)),
            "removeWordsIfNoResults": .string(relevance.removeWordsIfNoResults ? "lastWords" : "none"),
            "exactOnSingleWordQuery": .string(relevance.exactOnSingleWordQuery.rawValue),
            "queryType": .string(relevance.queryType.rawValue),
            "synonyms": .array(relevance.synonyms.map(\.json)),
            "removeStopWords": strings(relevance.removeStopWords),
            "ignorePlurals": .bool(relevance.ignorePlurals),
            "distinct": .number(Double(relevance.distinct)),
            "facetingAfterDistinct": .bool(relevance.facetingAfterDistinct),
            "advancedSyntax": .bool(relevance.advancedSyntax),
            "advancedSyntaxFeatures": strings(relevance.advancedSyntaxFeatures.map(\.rawValue).sorted()),
            "infix": relevance.infix.json,
        ]
        if case .object(var fields) = object {
            if let objectIDAttribute { fields["objectIDAttribute"] = .string(objectIDAttribute) }
            if let width = relevance.relevanceBucketWidth { fields["relevanceBucketWidth"] = .number(Double(width)) }
            if let distinct = relevance.attributeForDistinct { fields["attributeForDistinct"] = .string(distinct) }
            if let strictness = relevance.relevancyStrictness { fields["relevancyStrictness"] = .number(Double(strictness)) }
            if let reRanking = relevance.enableReRanking { fields["enableReRanking"] = .bool(reRanking) }
            if let subsequence = relevance.subsequence { fields["subsequence"] = subsequence.json }
            if !hierarchicalFacets.isEmpty { fields["hierarchical"] = .array(hierarchicalFacets.map(\.json)) }
            for (key, value) in widgets.fileFields { fields[key] = value }
            for (key, value) in display.fileFields { fields[key] = value }
            object = .object(fields)
        }
        return object
    }
}
