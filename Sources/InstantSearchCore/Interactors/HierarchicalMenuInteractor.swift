/// One row of a hierarchical menu.
public struct HierarchicalItem: Hashable, Sendable {
    public var attribute: String
    /// The whole path ("Audio > Headphones"): what refining it filters on.
    public var path: String
    /// The last part ("Headphones"): what the row shows.
    public var label: String
    /// 0 for a top-level value.
    public var depth: Int
    public var count: Int
    /// The path refined now.
    public var isRefined: Bool
    /// An ancestor of the refined path (its children are shown).
    public var isOnRefinedPath: Bool
}

/// Turns a tree facet's counts and its refinement into the rows of a hierarchical menu, and a
/// row into the intent that refines it (InstantSearch's HierarchicalMenu): the top level
/// always, and under each value on the refined path its children; refining a value narrows to
/// its children, refining the refined value again goes back up to its parent.
public struct HierarchicalMenuInteractor: Sendable {
    public var facet: HierarchicalFacet

    public init(facet: HierarchicalFacet) {
        self.facet = facet
    }

    /// The refined path, if any (a tree holds one refinement at a time).
    public func refinedPath(in query: Query) -> String? {
        query.facetRefinements[facet.name]?.sorted().first
    }

    public func items(results: SearchResults?, query: Query) -> [HierarchicalItem] {
        var counts = results?.facets[facet.name] ?? []
        let refined = refinedPath(in: query)
        var onPath: [String] = []
        if let refined {
            var path: String? = refined
            while let step = path {
                onPath.insert(step, at: 0)
                path = facet.parent(of: step)
            }
        }
        // The refined path stays on screen even when the results no longer count it.
        let counted = Set(counts.map(\.value))
        counts += onPath.filter { !counted.contains($0) }.map { FacetValueCount(value: $0, count: 0) }
        var children: [String?: [FacetValueCount]] = [:]
        for value in counts { children[facet.parent(of: value.value), default: []].append(value) }

        var items: [HierarchicalItem] = []
        func emit(under parent: String?, depth: Int) {
            for value in children[parent] ?? [] {
                let isOnPath = onPath.contains(value.value)
                items.append(
                    HierarchicalItem(
                        attribute: facet.name, path: value.value, label: facet.split(value.value).last ?? value.value, depth: depth,
                        count: value.count, isRefined: value.value == refined, isOnRefinedPath: isOnPath))
                if isOnPath, depth < HierarchicalFacet.maxDepth { emit(under: value.value, depth: depth + 1) }
            }
        }
        emit(under: nil, depth: 0)
        return items
    }

    /// Refines `item`'s path; on the refined path itself, goes up to its parent (none: clears).
    public func toggle(_ item: HierarchicalItem) -> SearchIntent {
        .refineHierarchy(attribute: facet.name, path: item.isRefined ? facet.parent(of: item.path) : item.path)
    }
}
