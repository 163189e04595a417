/// One refinement in force, as the current-refinements row shows it (InstantSearch's
/// CurrentFilters item). Each kind knows the intent that removes it. A new kind of refinement
/// (a toggle, a numeric menu bucket, a sort) adds: a case to `Kind`, its removal intent below,
/// where `CurrentRefinements.chips(of:description:)` finds it in the query, and its label in
/// TerminalUI's `CurrentRefinementsBar.label(_:)`; the row, the keys and the mouse follow.
public struct RefinementChip: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// One value of a facet.
        case facet(value: String)
        /// A numeric range on an attribute.
        case range(NumericRange)
        /// A toggle set on or off.
        case toggle(FilterToggle, FilterToggle.State)
        /// The results sorted by an attribute (the attribute is the criterion's).
        case sort(SortCriterion)
    }

    public var attribute: String
    public var kind: Kind

    public init(attribute: String, kind: Kind) {
        self.attribute = attribute
        self.kind = kind
    }

    /// The intent that takes this refinement away, for the hub.
    public var removal: SearchIntent {
        switch kind {
        case .facet(let value): return .toggleRefinement(attribute: attribute, value: value)
        case .range: return .setRange(attribute: attribute, range: nil)
        case .toggle(let toggle, _): return .setToggle(toggle, .any)
        case .sort: return .sortBy(nil)
        }
    }
}

/// Every refinement of a query as chips, in a stable order: the sort, toggles, then facet
/// values in the order the index lists its facets (values alphabetically), then ranges in the
/// order of its numeric attributes; attributes the description does not list come after, by name.
public enum CurrentRefinements {
    public static func chips(of query: Query, description: IndexDescription?) -> [RefinementChip] {
        var chips: [RefinementChip] = []
        if let sort = query.sortBy { chips.append(RefinementChip(attribute: sort.attribute, kind: .sort(sort))) }
        // A toggle refines through a facet value or a range; it shows as the toggle it is.
        var toggled: Set<String> = []
        for toggle in description?.toggles ?? [] {
            let state = toggle.state(in: query)
            guard state != .any else { continue }
            toggled.insert(toggle.attribute)
            chips.append(RefinementChip(attribute: toggle.attribute, kind: .toggle(toggle, state)))
        }
        let facetOrder = ordered(Array(query.facetRefinements.keys), listed: description?.facetAttributes ?? [])
        for attribute in facetOrder where !toggled.contains(attribute) {
            for value in (query.facetRefinements[attribute] ?? []).sorted() {
                chips.append(RefinementChip(attribute: attribute, kind: .facet(value: value)))
            }
        }
        for attribute in ordered(Array(query.numericRanges.keys), listed: description?.numericAttributes ?? [])
        where !toggled.contains(attribute) {
            if let range = query.numericRanges[attribute] { chips.append(RefinementChip(attribute: attribute, kind: .range(range))) }
        }
        return chips
    }

    private static func ordered(_ attributes: [String], listed: [String]) -> [String] {
        let present = Set(attributes)
        let known = listed.filter(present.contains)
        return known + attributes.filter { !known.contains($0) }.sorted()
    }
}
