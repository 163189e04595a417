import InstantSearchCore

extension SearchIndex {
    /// What a front end needs before its first search. Toggles are the settings' `toggles`,
    /// else every facet whose values are only true/false and every numeric attribute whose
    /// values are only 0/1 (imdb's genre flags): those show as on / off / any, not as a list
    /// or a slider, so they leave the facet and numeric lists of the description.
    public var indexDescription: IndexDescription {
        let toggles = self.toggles
        let toggled = Set(toggles.map(\.attribute))
        return IndexDescription(
            name: name, recordCount: records.count, searchableAttributes: settings.searchableAttributes,
            facetAttributes: settings.attributesForFaceting.filter { !toggled.contains($0) },
            disjunctiveFacets: Set(settings.disjunctiveFacets).subtracting(toggled),
            numericAttributes: settings.numericAttributesForFiltering.filter { !toggled.contains($0) },
            displayAttributes: settings.displayAttributes, sorts: settings.widgets.sorts, toggles: toggles,
            numericMenus: settings.widgets.numericMenus.filter { numericColumns[$0.attribute] != nil }
        )
    }

    var toggles: [FilterToggle] {
        func toggle(_ attribute: String) -> FilterToggle? {
            if let column = numericColumns[attribute], settings.numericAttributesForFiltering.contains(attribute) {
                return column.holdsOnlyZeroAndOne ? FilterToggle(attribute: attribute, kind: .number) : nil
            }
            if let column = facetColumns[attribute], settings.attributesForFaceting.contains(attribute) {
                let values = Set(column.values)
                return !values.isEmpty && values.isSubset(of: ["true", "false"]) ? FilterToggle(attribute: attribute, kind: .boolean) : nil
            }
            return nil
        }
        if let declared = settings.widgets.toggles { return declared.compactMap(toggle) }
        return (settings.numericAttributesForFiltering + settings.attributesForFaceting).compactMap(toggle)
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
