/// One section of the sections view: the hits of an index, or the values of one of its
/// facets matching the query.
public struct SectionDefinition: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        case hits(limit: Int)
        case facetValues(attribute: String, limit: Int)
    }

    public var title: String
    public var indexName: String
    public var content: Content

    public init(title: String, indexName: String, content: Content) {
        self.title = title
        self.indexName = indexName
        self.content = content
    }

    public var limit: Int {
        switch content {
        case .hits(let limit), .facetValues(_, let limit): return limit
        }
    }
}

/// Several indices searched at once for one text, shown in sections (InstantSearch's
/// multi-index search): one `MultiSearcher`, one hits searcher per index named by a section.
/// A facet section shows the facet counts of the records its index matches — the same search
/// as the hits (with `hitsPerPage` 0 when the index has no hits section), not a search of
/// the facet's values for the whole query. Choosing a value refines the hits of its index.
public final class SectionsSearch {
    public let sections: [SectionDefinition]
    public let multiSearcher: MultiSearcher
    /// Hits searchers by index name.
    public private(set) var hitsSearchers: [String: HitsSearcher] = [:]

    public init(
        sections: [SectionDefinition], indices: [IndexDescription], backend: any Searchable, scheduler: any Scheduler,
        router: ResponseRouter, strategy: (any RequestStrategy)? = nil
    ) {
        self.sections = sections
        multiSearcher = MultiSearcher(backend: backend, scheduler: scheduler, router: router, strategy: strategy)
        let descriptions = IndexDescription.byName(indices)
        var names: [String] = []
        for section in sections where !names.contains(section.indexName) { names.append(section.indexName) }
        for name in names {
            let description = descriptions[name] ?? IndexDescription(name: name)
            let mine = sections.filter { $0.indexName == name }
            let hitsLimit = mine.compactMap { if case .hits(let limit) = $0.content { limit } else { nil } }.max() ?? 0
            let facets = mine.compactMap { if case .facetValues(let attribute, _) = $0.content { attribute } else { nil } }
            var query = description.initialQuery(hitsPerPage: hitsLimit)
            query.facets = facets.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            query.disjunctiveFacets = description.disjunctiveFacets.intersection(facets)
            hitsSearchers[name] = multiSearcher.addHitsSearcher(indexName: name, query: query)
        }
    }

    /// The values shown in facet section `position`: its facet's counts over the records its
    /// index matches; nil while waiting, after a failure, and for a hits section.
    public func facetValues(inSection position: Int) -> FacetSearchResults? {
        guard sections.indices.contains(position), case .facetValues(let attribute, _) = sections[position].content,
            let searcher = hitsSearchers[sections[position].indexName], searcher.lastError == nil, let results = searcher.results
        else { return nil }
        return FacetSearchResults(facetHits: results.facets[attribute] ?? [], processingTimeMS: results.processingTimeMS)
    }

    /// Toggles `value` of the facet shown in section `position` on the hits of its index.
    public func toggle(_ value: String, inSection position: Int) {
        guard sections.indices.contains(position), case .facetValues(let attribute, _) = sections[position].content else { return }
        hitsSearchers[sections[position].indexName]?.toggleRefinement(attribute: attribute, value: value)
    }

    public func isRefined(_ value: String, inSection position: Int) -> Bool {
        guard sections.indices.contains(position), case .facetValues(let attribute, _) = sections[position].content else { return false }
        return hitsSearchers[sections[position].indexName]?.query.isRefined(attribute, value: value) ?? false
    }
}

extension SectionDefinition {
    /// The sections view without a setup file: for each index, its hits, then the values of
    /// its first facet among the records matching the query.
    public static func defaults(for indices: [IndexDescription], hits: Int = 5, values: Int = 5) -> [SectionDefinition] {
        indices.flatMap { index -> [SectionDefinition] in
            var sections = [SectionDefinition(title: index.name, indexName: index.name, content: .hits(limit: hits))]
            if let facet = index.facetAttributes.first {
                sections.append(
                    SectionDefinition(title: "\(facet) (\(index.name))", indexName: index.name, content: .facetValues(attribute: facet, limit: values)))
            }
            return sections
        }
    }
}
