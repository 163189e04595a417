import InstantSearchCore

/// The order `customRanking` puts records in, with the original order breaking ties and
/// records without a value last whatever the direction. Precomputed at build time, so a query
/// compares one integer (the document number) instead of reading attributes.
enum CustomRankOrder {
    /// The records in custom-ranking order; `columns[i]` holds criterion i's values in record order.
    static func records(columns: [NumericColumn], criteria: [CustomRankingCriterion], count: Int) -> [Int32] {
        if criteria.count == 1, case .coded(let values, let ids) = columns[0].storage {
            return bucketed(ids: ids, valueCount: values.count, ascending: criteria[0].ascending)
        }
        var order = (0..<Int32(count)).map { $0 }
        guard !criteria.isEmpty else { return order }
        order.sort { a, b in
            for (criterion, column) in zip(criteria, columns) {
                let x = column.value(at: Int(a))
                let y = column.value(at: Int(b))
                if x == y || (x.isNaN && y.isNaN) { continue }
                if x.isNaN { return false }
                if y.isNaN { return true }
                return criterion.ascending ? x < y : x > y
            }
            return a < b
        }
        return order
    }

    /// One coded criterion: a counting sort by value id, stable, so no comparison at all.
    private static func bucketed(ids: PackedIDs, valueCount: Int, ascending: Bool) -> [Int32] {
        var start = [Int](repeating: 0, count: valueCount + 2)
        for r in 0..<ids.count { start[ids[r] + 1] += 1 }
        // Bucket order: values in the wanted direction, then id 0 (no value) last.
        let buckets = (ascending ? Array(1...max(valueCount, 1)) : Array((1...max(valueCount, 1)).reversed())) + [0]
        var next = [Int](repeating: 0, count: valueCount + 1)
        var position = 0
        for id in buckets where id <= valueCount {
            next[id] = position
            position += start[id + 1]
        }
        var order = [Int32](repeating: 0, count: ids.count)
        for r in 0..<ids.count {
            let id = ids[r]
            order[next[id]] = Int32(r)
            next[id] += 1
        }
        return order
    }
}
