extension IndexSettings {
    /// Every attribute these settings name, each with the key naming it, to check against
    /// the records (`AttributeCheck`). `source` is the file they were read from.
    public func namedAttributes(source: String) -> [NamedAttribute] {
        var named: [NamedAttribute] = []
        func add(_ key: String, _ names: [String]?) {
            for name in names ?? [] { named.append(NamedAttribute(name, source: source, key: key)) }
        }
        add("searchableAttributes", searchableAttributes)
        add("attributesForFaceting", attributesForFaceting)
        add("disjunctiveFacets", disjunctiveFacets)
        add("numericAttributesForFiltering", numericAttributesForFiltering)
        add("customRanking", customRanking?.map(\.attribute))
        add("displayAttributes", displayAttributes)
        add("objectIDAttribute", objectIDAttribute.map { [$0] })
        add("disableTypoToleranceOnAttributes", relevance.disableTypoToleranceOnAttributes)
        add("attributeForDistinct", relevance.attributeForDistinct.map { [$0] })
        add("subsequence", relevance.subsequence.map { [$0.attribute] })
        add("hierarchical", hierarchical.flatMap(\.sources))
        add("sliders", widgets.sliders)
        return named
    }
}
