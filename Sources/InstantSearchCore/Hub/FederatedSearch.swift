/// One section of the federated view: the hits of an index, or the values of one of its
/// facets matching the query.
public struct FederatedSection: Hashable, Sendable {
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
/// multi-index search): one `MultiSearcher`, one hits searcher per index with a hits
/// section, one facet searcher per facet section. Choosing a facet value refines the hits
/// of the same index.
public final class FederatedSearch {
    public let sections: [FederatedSection]
    public let multiSearcher: MultiSearcher
    /// Hits searchers by index name.
    public private(set) var hitsSearchers: [String: HitsSearcher] = [:]
    /// Facet searchers by section position.
    public private(set) var facetSearchers: [Int: FacetSearcher] = [:]

    public init(
        sections: [FederatedSection], indices: [IndexDescription], backend: any Searchable, scheduler: any Scheduler,
        router: ResponseRouter, strategy: (any RequestStrategy)? = nil
    ) {
        self.sections = sections
        multiSearcher = MultiSearcher(backend: backend, scheduler: scheduler, router: router, strategy: strategy)
        let descriptions = IndexDescription.byName(indices)
        for (position, section) in sections.enumerated() {
            let description = descriptions[section.indexName] ?? IndexDescription(name: section.indexName)
            switch section.content {
            case .hits(let limit):
                guard hitsSearchers[section.indexName] == nil else { continue }
                var query = description.initialQuery(hitsPerPage: limit)
                query.facets = []
                hitsSearchers[section.indexName] = multiSearcher.addHitsSearcher(indexName: section.indexName, query: query)
            case .facetValues(let attribute, _):
                facetSearchers[position] = multiSearcher.addFacetSearcher(indexName: section.indexName, attribute: attribute)
            }
        }
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
