import Dispatch
import InstantSearchCore

/// Facet value counts and numeric facet stats over a set of candidate records.
///
/// These loops run over every matching record on every keystroke (150k records for a one-letter
/// query on 1.7M baby names), so they read columns through raw buffers, have a fast path for
/// single-valued facets and for queries without refinements, and split large sets over the cores.
/// Value counting is in FacetCounts.swift.
enum FacetAggregator {
    /// Below this many records, stats run on one thread. (Moving it would change the order,
    /// and so possibly the last bits, of their floating-point sums.)
    static let parallelThreshold = 32_768

    /// Which of the matched records count: all of them without refinements; otherwise those
    /// passing every clause, or failing only the ignored one.
    struct Eligibility {
        let status: [Int16]
        let filtered: Bool
        let wanted: Int16

        init(status: [Int16], ignoring clause: Int?) {
            self.status = status
            filtered = !status.isEmpty && status.contains { $0 != FilterSet.passesAll }
            wanted = clause.map { Int16($0) } ?? FilterSet.passesAll
        }

        @inline(__always)
        func counts(_ i: Int) -> Bool {
            !filtered || status[i] == FilterSet.passesAll || status[i] == wanted
        }
    }

    /// Runs `body` over `0..<count` in one piece when below `threshold`, else cut into up to
    /// `parts` ranges (the cores, unless said) of at least `threshold / 2` each, run at once.
    static func split<T>(
        _ count: Int, threshold: Int = parallelThreshold, parts: Int = Parallel.cores, _ body: (Range<Int>) -> T
    ) -> [T] {
        Parallel.map(Parallel.ranges(count, minimum: threshold / 2, parts: parts), body)
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

    fileprivate struct Accumulator {
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var sum = 0.0
        var count = 0

        mutating func add(_ value: Double, times: Int = 1) {
            minimum = min(minimum, value)
            maximum = max(maximum, value)
            sum += value * Double(times)
            count += times
        }

        mutating func merge(_ other: Accumulator) {
            minimum = min(minimum, other.minimum)
            maximum = max(maximum, other.maximum)
            sum += other.sum
            count += other.count
        }
    }

    /// min, max, avg and sum of a numeric attribute over the eligible records; nil when none has a value.
    static func stats(
        _ column: NumericColumn, records: [Int32], status: [Int16], ignoring clause: Int?
    ) -> FacetStats? {
        let eligible = Eligibility(status: status, ignoring: clause)
        // Without refinements, a column of few runs is counted by walking them.
        if case .coded(let values, _) = column.storage, let runs = column.runs, !eligible.filtered {
            return stats(values: values, counts: runs.counts(records: records, slots: values.count + 1))
        }
        return records.withUnsafeBufferPointer { stats(column, records: MatchedRecords(buffer: $0), eligible) }
    }

    /// The same over every document, as the index's known aggregates take them.
    static func statsOfEveryDocument(_ column: NumericColumn) -> FacetStats? {
        stats(column, records: EveryDocument(count: column.count), Eligibility(status: [], ignoring: nil))
    }

    private static func stats(_ column: NumericColumn, records: some RecordSource, _ eligible: Eligibility) -> FacetStats? {
        switch column.storage {
        case .coded(let values, let ids):
            // Counted per value, then summed once per value: no Double arithmetic per record.
            return stats(values: values, counts: countIDs(ids, slots: values.count + 1, records: records, eligible))
        case .plain(let values):
            let parts = values.withUnsafeBufferPointer { values in
                // Two halves whatever the cores: the order of the sums, and so their
                // last bits, must not depend on the machine.
                split(records.count, parts: 2) { range in
                    var a = Accumulator()
                    for i in range where eligible.counts(i) {
                        let value = values[records[i]]
                        if !value.isNaN { a.add(value) }
                    }
                    return a
                }
            }
            var total = Accumulator()
            for part in parts { total.merge(part) }
            return total.stats
        }
    }

    /// A coded column's stats from the count of each value id (slot 0: no value), summed in
    /// ascending value order whichever way the counts were taken.
    private static func stats(values: [Double], counts: [Int]) -> FacetStats? {
        var total = Accumulator()
        for (id, value) in values.enumerated() where counts[id + 1] > 0 { total.add(value, times: counts[id + 1]) }
        return total.stats
    }
}

extension FacetAggregator.Accumulator {
    /// nil when no record had a value.
    var stats: FacetStats? {
        guard count > 0 else { return nil }
        return FacetStats(min: minimum, max: maximum, avg: sum / Double(count), sum: sum)
    }
}
