import InstantSearchCore

/// A query's refinements as clauses over facet and numeric columns.
///
/// Facet counts of a disjunctive facet ignore that facet's own refinements, and facet stats
/// of a numeric attribute ignore its own range. Rather than re-running the query once per
/// such attribute, each record is evaluated once and remembers which clause it failed when
/// it failed exactly one: a record counts for attribute A when it passes everything, or
/// fails only A's own clause.
struct FilterSet {
    enum Clause {
        /// `impossible`: refined values the index does not have leave no record able to match.
        case facet(FacetColumn, valueIDs: [Int32], disjunctive: Bool, impossible: Bool)
        case numeric(NumericColumn, NumericRange)
        /// The query's filter string: never ignored, it narrows every count.
        case expression(CompiledFilter)
    }

    static let passesAll: Int16 = -1
    static let failsSeveral: Int16 = -2

    private(set) var clauses: [Clause] = []
    /// Attribute → index of its clause, for facets and numeric ranges respectively.
    private(set) var facetClause: [String: Int] = [:]
    private(set) var numericClause: [String: Int] = [:]

    init(query: Query, index: SearchIndex) throws {
        for attribute in query.facetRefinements.keys.sorted() {
            guard let refined = query.facetRefinements[attribute], !refined.isEmpty else { continue }
            guard let column = index.facetColumns[attribute] else {
                throw SearchError.backend("cannot refine on \"\(attribute)\": it is not a facet of index \"\(index.name)\"")
            }
            let known = refined.compactMap { column.idOfValue[$0] }.sorted()
            let disjunctive = query.disjunctiveFacets.contains(attribute)
            // OR needs one known value; AND needs every value to exist.
            let impossible = disjunctive ? known.isEmpty : known.count < refined.count
            facetClause[attribute] = clauses.count
            clauses.append(.facet(column, valueIDs: known, disjunctive: disjunctive, impossible: impossible))
        }
        for attribute in query.numericRanges.keys.sorted() {
            let range = query.numericRanges[attribute]!
            guard let column = index.numericColumns[attribute] else {
                throw SearchError.backend("cannot filter on \"\(attribute)\": it is not a numeric attribute of index \"\(index.name)\"")
            }
            numericClause[attribute] = clauses.count
            clauses.append(.numeric(column, range))
        }
        if let filter = query.filters, !filter.allSatisfy(\.isWhitespace) {
            clauses.append(.expression(try CompiledFilter(FilterParser.parse(filter), index: index, filter: filter)))
        }
    }

    /// For each record: `passesAll`, the index of the only clause it fails, or `failsSeveral`;
    /// empty when there is no clause (every record passes), which spares 150k entries to write
    /// and to read back per facet on a one-letter query.
    func evaluate(_ records: [Int32]) throws -> [Int16] {
        guard !clauses.isEmpty else { return [] }
        var status = [Int16](repeating: FilterSet.passesAll, count: records.count)
        for (i, record32) in records.enumerated() {
            if i & 0xFFFF == 0xFFFF, Task.isCancelled { throw CancellationError() }
            let record = Int(record32)
            var result = FilterSet.passesAll
            for (clauseIndex, clause) in clauses.enumerated() where !passes(record, clause) {
                if result != FilterSet.passesAll {
                    result = FilterSet.failsSeveral
                    break
                }
                result = Int16(clauseIndex)
            }
            status[i] = result
        }
        return status
    }

    private func passes(_ record: Int, _ clause: Clause) -> Bool {
        switch clause {
        case .facet(let column, let wanted, let disjunctive, let impossible):
            if impossible { return false }
            return disjunctive
                ? wanted.contains { column.contains($0, document: record) } : wanted.allSatisfy { column.contains($0, document: record) }
        case .numeric(let column, let range):
            let value = column.value(at: record)
            return !value.isNaN && range.contains(value)
        case .expression(let filter):
            return filter.matches(record)
        }
    }
}
