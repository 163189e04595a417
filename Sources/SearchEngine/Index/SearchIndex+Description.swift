import InstantSearchCore

extension SearchIndex {
    /// What a front end needs before its first search. Toggles are the settings' `toggles`
    /// (declared, or inferred on the sample: 0/1 numbers, true/false values — imdb's genre
    /// flags); an index file without them (written before toggles) gets them from its columns.
    /// They show as on / off / any, not as a list or a slider, so they leave the facet and
    /// numeric lists of the description. The sliders are the settings' `sliders` when named
    /// (inferred settings name the few worth showing), else every numeric attribute.
    public var indexDescription: IndexDescription {
        let toggles = self.toggles
        let toggled = Set(toggles.map(\.attribute))
        var description = IndexDescription(
            name: name, recordCount: records.count, searchableAttributes: settings.searchableAttributes,
            facetAttributes: settings.attributesForFaceting.filter { !toggled.contains($0) },
            disjunctiveFacets: Set(settings.disjunctiveFacets).subtracting(toggled),
            numericAttributes: (settings.widgets.sliders?.filter(settings.numericAttributesForFiltering.contains)
                ?? settings.numericAttributesForFiltering).filter { !toggled.contains($0) },
            displayAttributes: settings.displayAttributes, sorts: settings.widgets.sorts, toggles: toggles,
            numericMenus: settings.widgets.numericMenus.filter { numericColumns[$0.attribute] != nil }
        )
        description.hierarchicalFacets = settings.hierarchicalFacets
        description.numberFormats = settings.display.format
        for attribute in settings.attributesForFaceting {
            if let order = settings.display.order(of: attribute) { description.facetValueOrder[attribute] = order }
        }
        return description
    }

    var toggles: [FilterToggle] {
        let numeric = Set(settings.numericAttributesForFiltering)
        let facets = Set(settings.attributesForFaceting)
        if let named = settings.widgets.toggles {
            return named.compactMap { attribute in
                numeric.contains(attribute)
                    ? FilterToggle(attribute: attribute, kind: .number)
                    : facets.contains(attribute) ? FilterToggle(attribute: attribute, kind: .boolean) : nil
            }
        }
        let flags = settings.numericAttributesForFiltering.filter { numericColumns[$0]?.holdsOnlyZeroAndOne ?? false }
            .map { FilterToggle(attribute: $0, kind: .number) }
        let booleans = settings.attributesForFaceting.filter { attribute in
            let values = Set(facetColumns[attribute]?.values ?? [])
            return !values.isEmpty && values.isSubset(of: ["true", "false"])
        }
        return flags + booleans.map { FilterToggle(attribute: $0, kind: .boolean) }
    }
}

extension NumericColumn {
    /// Every value is 0 or 1 (and there is at least one): a flag.
    var holdsOnlyZeroAndOne: Bool {
        switch storage {
        case .coded(let values, _): return !values.isEmpty && values.allSatisfy { $0 == 0 || $0 == 1 }
        case .plain(let values):
            var seen = false
            for value in values where !value.isNaN {
                guard value == 0 || value == 1 else { return false }
                seen = true
            }
            return seen
        }
    }
}
