import InstantSearchCore

/// A parsed filter bound to an index's columns, evaluated document by document.
indirect enum CompiledFilter: Sendable {
    case and([CompiledFilter])
    case or([CompiledFilter])
    case not(CompiledFilter)
    /// A facet value (nil: the index has no such value, so nothing matches).
    case facet(FacetColumn, Int32?)
    case numeric(NumericColumn, @Sendable (Double) -> Bool)

    /// Binds attribute names to columns; an attribute that is neither a facet nor numeric is
    /// an error pointing at the predicate.
    init(_ expression: FilterExpression, index: SearchIndex, filter: String) throws {
        var folded = FoldedFacetValues()
        try self.init(expression, index: index, filter: filter, folded: &folded)
    }

    private init(_ expression: FilterExpression, index: SearchIndex, filter: String, folded: inout FoldedFacetValues) throws {
        func fail(_ message: String, _ column: Int) -> FilterError {
            FilterError(message: message, column: column, filter: filter)
        }
        func numericColumn(_ attribute: String, _ column: Int) throws -> NumericColumn {
            guard let numeric = index.numericColumns[attribute] else {
                throw fail("\"\(attribute)\" is not a numeric attribute of index \"\(index.name)\"", column)
            }
            return numeric
        }
        switch expression {
        case .and(let parts): self = .and(try parts.map { try CompiledFilter($0, index: index, filter: filter, folded: &folded) })
        case .or(let parts): self = .or(try parts.map { try CompiledFilter($0, index: index, filter: filter, folded: &folded) })
        case .not(let inner): self = .not(try CompiledFilter(inner, index: index, filter: filter, folded: &folded))
        case .equals(let attribute, let value, let column):
            if let facet = index.facetColumns[attribute] {
                // Exact value first; else the value typed in another case, as Algolia matches them.
                let id = facet.idOfValue[value] ?? folded.id(of: value, attribute: attribute, in: facet)
                self = .facet(facet, id)
            } else if let numeric = index.numericColumns[attribute] {
                switch FilterNumber.parse(value) {
                case .number(let number): self = .numeric(numeric, { $0 == number })
                case .outOfRange: throw fail(FilterNumber.outOfRangeMessage(value), column)
                case .notANumber: throw fail("\"\(attribute)\" is numeric: compare it with a number", column)
                }
            } else {
                throw fail("\"\(attribute)\" is not a facet of index \"\(index.name)\"", column)
            }
        case .range(let attribute, let lower, let upper, let column):
            self = .numeric(try numericColumn(attribute, column), { $0 >= lower && $0 <= upper })
        case .comparison(let attribute, let op, let value, let column):
            let numeric = try numericColumn(attribute, column)
            switch op {
            case "<": self = .numeric(numeric, { $0 < value })
            case "<=": self = .numeric(numeric, { $0 <= value })
            case ">": self = .numeric(numeric, { $0 > value })
            case ">=": self = .numeric(numeric, { $0 >= value })
            case "!=": self = .not(.numeric(numeric, { $0 == value }))
            default: self = .numeric(numeric, { $0 == value })
            }
        }
    }

    func matches(_ document: Int) -> Bool {
        switch self {
        case .and(let parts): return parts.allSatisfy { $0.matches(document) }
        case .or(let parts): return parts.contains { $0.matches(document) }
        case .not(let inner): return !inner.matches(document)
        case .facet(let column, let id):
            guard let id else { return false }
            return column.contains(id, document: document)
        case .numeric(let column, let test):
            let value = column.value(at: document)
            return !value.isNaN && test(value)
        }
    }
}

/// A facet's values lowercased, built once per filter and only for a facet a value was not
/// found in as typed: looking each such value up by scanning every value made a filter of
/// 1,000 misspelt values cost 1,000 scans.
private struct FoldedFacetValues {
    private var byAttribute: [String: [String: Int32]] = [:]

    mutating func id(of value: String, attribute: String, in facet: FacetColumn) -> Int32? {
        if byAttribute[attribute] == nil {
            var ids: [String: Int32] = [:]
            for (id, text) in facet.values.enumerated() where ids[text.lowercased()] == nil {
                ids[text.lowercased()] = Int32(id)  // the first in value order, as the scan found it
            }
            byAttribute[attribute] = ids
        }
        return byAttribute[attribute]![value.lowercased()]
    }
}
