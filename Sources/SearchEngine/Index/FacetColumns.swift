import InstantSearchCore

/// The values of one facet attribute, record by record, as small integers so that counting
/// and filtering never compare strings.
struct FacetColumn: Sendable {
    /// Distinct values, ascending: a value's id is its index here.
    let values: [String]
    let idOfValue: [String: Int32]
    /// Record r has the value ids `valueIDs[offsets[r]..<offsets[r+1]]` (an array facet has several).
    let offsets: [Int32]
    let valueIDs: [Int32]
    /// Each value's folded words, for search for facet values.
    let foldedWords: [[String]]
    /// When no record has more than one value: each record's value id, -1 for none. Counting
    /// then reads one array instead of two.
    let single: [Int32]?

    func valueIDs(of record: Int) -> ArraySlice<Int32> {
        valueIDs[Int(offsets[record])..<Int(offsets[record + 1])]
    }

    /// `order` lists the records in document order (the column is indexed by document).
    init(attribute: String, records: [JSONValue], order: [Int32]) {
        // First pass: ids in order of first appearance, kept flat (no array per record).
        var firstSeenID: [String: Int32] = [:]
        var firstSeenValues: [String] = []
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(records.count + 1)
        var provisional: [Int32] = []
        for recordIndex in order {
            let start = provisional.count
            FacetColumn.forEachFacetValue(records[Int(recordIndex)][attribute]) { value in
                let id: Int32
                if let known = firstSeenID[value] {
                    id = known
                } else {
                    id = Int32(firstSeenValues.count)
                    firstSeenID[value] = id
                    firstSeenValues.append(value)
                }
                // A value listed twice in one record still counts once for it.
                if !provisional[start...].contains(id) { provisional.append(id) }
            }
            offsets.append(Int32(provisional.count))
        }
        // Then renumber so ids follow ascending value order, which facet ties are broken by.
        let sortedIDs = firstSeenValues.indices.sorted { firstSeenValues[$0] < firstSeenValues[$1] }
        var finalID = [Int32](repeating: 0, count: firstSeenValues.count)
        for (rank, id) in sortedIDs.enumerated() { finalID[id] = Int32(rank) }
        let values = sortedIDs.map { firstSeenValues[$0] }
        self.init(values: values, offsets: offsets, valueIDs: provisional.map { finalID[Int($0)] })
    }

    /// A column from its stored parts (an index file); the lookups are derived again.
    init(values: [String], offsets: [Int32], valueIDs: [Int32]) {
        var idOfValue: [String: Int32] = [:]
        for (id, value) in values.enumerated() { idOfValue[value] = Int32(id) }
        var tokenizer = Tokenizer()
        self.values = values
        self.idOfValue = idOfValue
        self.offsets = offsets
        self.valueIDs = valueIDs
        self.foldedWords = values.map { tokenizer.terms(in: $0) }
        let documents = offsets.count - 1
        var isSingle = true
        for r in 0..<max(documents, 0) where offsets[r + 1] - offsets[r] > 1 {
            isSingle = false
            break
        }
        if isSingle {
            var single = [Int32](repeating: -1, count: max(documents, 0))
            for r in 0..<max(documents, 0) where offsets[r + 1] > offsets[r] { single[r] = valueIDs[Int(offsets[r])] }
            self.single = single
        } else {
            self.single = nil
        }
    }

    /// Whether stored parts fit together: offsets ascend within the ids, ids name values.
    var isConsistent: Bool {
        offsets.first == 0 && offsets.last == Int32(valueIDs.count)
            && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
            && valueIDs.allSatisfy { $0 >= 0 && Int($0) < values.count }
    }

    static func forEachFacetValue(_ value: JSONValue?, _ body: (String) -> Void) {
        switch value {
        case .string(let s)?: body(s)
        case .number, .bool: body(value!.displayText)
        case .array(let items)?: for item in items { forEachFacetValue(item, body) }
        default: break
        }
    }

    /// Strings as they are; numbers and booleans by their text, so `year` can be a facet too.
    static func facetValues(_ value: JSONValue?) -> [String] {
        var values: [String] = []
        forEachFacetValue(value) { values.append($0) }
        return values
    }
}

/// The value of one numeric attribute per record; NaN where a record has none.
struct NumericColumn: Sendable {
    let values: [Double]

    init(values: [Double]) {
        self.values = values
    }

    init(attribute: String, records: [JSONValue], order: [Int32]? = nil) {
        values = (order ?? (0..<records.count).map { Int32($0) }).map { NumericColumn.number(records[Int($0)][attribute]) }
    }

    static func number(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let n)?: return n
        // A number kept as text ("1999") still filters as a number.
        case .string(let s)?: return Double(s) ?? .nan
        default: return .nan
        }
    }
}

/// The order `customRanking` puts records in, with the original order breaking ties.
/// Precomputed so a query compares one integer instead of reading attributes.
enum CustomRankOrder {
    static func rankOfRecord(records: [JSONValue], criteria: [CustomRankingCriterion]) -> [Int32] {
        rankOfRecord(
            columns: criteria.map { NumericColumn(attribute: $0.attribute, records: records).values }, criteria: criteria,
            count: records.count)
    }

    /// `columns[i]` holds criterion i's values in record order.
    static func rankOfRecord(columns: [[Double]], criteria: [CustomRankingCriterion], count: Int) -> [Int32] {
        var order = Array(0..<count)
        if !criteria.isEmpty {
            order.sort { a, b in
                for (criterion, column) in zip(criteria, columns) {
                    let x = column[a]
                    let y = column[b]
                    if x == y || (x.isNaN && y.isNaN) { continue }
                    // Records without the value go last whatever the direction.
                    if x.isNaN { return false }
                    if y.isNaN { return true }
                    return criterion.ascending ? x < y : x > y
                }
                return a < b
            }
        }
        var rank = [Int32](repeating: 0, count: count)
        for (position, record) in order.enumerated() { rank[record] = Int32(position) }
        return rank
    }
}
