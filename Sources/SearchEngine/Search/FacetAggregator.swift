import InstantSearchCore

/// Facet value counts and numeric facet stats over a set of candidate records.
enum FacetAggregator {
    /// How many eligible records hold each value of `column` (indexed by value id).
    static func counts(
        _ column: FacetColumn, records: [Int32], status: [Int16], ignoring clause: Int?
    ) throws -> [Int] {
        var counts = [Int](repeating: 0, count: column.values.count)
        for (i, record) in records.enumerated() where FilterSet.counts(status[i], ignoring: clause) {
            if i & 0xFFFF == 0xFFFF, Task.isCancelled { throw CancellationError() }
            for id in column.valueIDs(of: Int(record)) { counts[Int(id)] += 1 }
        }
        return counts
    }

    /// Most frequent first, ties by value; at most `limit` values, plus every refined value
    /// (with count 0 when no result has it) so a selected value never disappears from the list.
    static func topValues(
        _ column: FacetColumn, counts: [Int], limit: Int, refined: Set<String>
    ) -> [FacetValueCount] {
        let ranked = counts.indices.filter { counts[$0] > 0 }.sorted { a, b in
            counts[a] != counts[b] ? counts[a] > counts[b] : a < b  // ids are in ascending value order
        }
        var result = ranked.prefix(max(limit, 0)).map { FacetValueCount(value: column.values[$0], count: counts[$0]) }
        let shown = Set(result.map(\.value))
        let missing = refined.subtracting(shown)
        if !missing.isEmpty {
            for value in missing {
                let count = column.idOfValue[value].map { counts[Int($0)] } ?? 0
                result.append(FacetValueCount(value: value, count: count))
            }
            result.sort { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
        }
        return result
    }

    /// min, max, avg and sum of a numeric attribute over the eligible records; nil when none has a value.
    static func stats(
        _ column: NumericColumn, records: [Int32], status: [Int16], ignoring clause: Int?
    ) -> FacetStats? {
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var sum = 0.0
        var count = 0
        for (i, record) in records.enumerated() where FilterSet.counts(status[i], ignoring: clause) {
            let value = column.values[Int(record)]
            if value.isNaN { continue }
            minimum = min(minimum, value)
            maximum = max(maximum, value)
            sum += value
            count += 1
        }
        guard count > 0 else { return nil }
        return FacetStats(min: minimum, max: maximum, avg: sum / Double(count), sum: sum)
    }
}
