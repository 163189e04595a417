import Dispatch
import InstantSearchCore

/// Facet value counts and numeric facet stats over a set of candidate records.
///
/// These loops run over every matching record on every keystroke (150k records for a one-letter
/// query on 1.7M baby names), so they read columns through raw buffers, have a fast path for
/// single-valued facets and for queries without refinements, and split large sets over two cores.
/// Value counting is in FacetCounts.swift.
enum FacetAggregator {
    /// Below this many records, stats run on one thread. (Moving it would change the order,
    /// and so possibly the last bits, of their floating-point sums.)
    static let parallelThreshold = 32_768

    /// Runs `body` over `0..<count` in one piece, or in two halves on two threads when large.
    static func split<T>(_ count: Int, threshold: Int = parallelThreshold, _ body: (Range<Int>) -> T) -> [T] {
        guard count >= threshold else { return [body(0..<count)] }
        let (first, second) = Parallel.both({ body(0..<count / 2) }, { body(count / 2..<count) })
        return [first, second]
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

    private struct Accumulator {
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var sum = 0.0
        var count = 0
    }

    /// min, max, avg and sum of a numeric attribute over the eligible records; nil when none has a value.
    static func stats(
        _ column: NumericColumn, records: [Int32], status: [Int16], ignoring clause: Int?
    ) -> FacetStats? {
        let filtered = !status.isEmpty && status.contains { $0 != FilterSet.passesAll }
        let wanted: Int16 = clause.map { Int16($0) } ?? FilterSet.passesAll
        let parts = records.withUnsafeBufferPointer { records in
            status.withUnsafeBufferPointer { status in
                column.values.withUnsafeBufferPointer { values in
                    split(records.count) { range in
                        var a = Accumulator()
                        for i in range where !filtered || status[i] == FilterSet.passesAll || status[i] == wanted {
                            let value = values[Int(records[i])]
                            if value.isNaN { continue }
                            a.minimum = min(a.minimum, value)
                            a.maximum = max(a.maximum, value)
                            a.sum += value
                            a.count += 1
                        }
                        return a
                    }
                }
            }
        }
        let total = parts.reduce(into: Accumulator()) { t, a in
            t.minimum = min(t.minimum, a.minimum)
            t.maximum = max(t.maximum, a.maximum)
            t.sum += a.sum
            t.count += a.count
        }
        guard total.count > 0 else { return nil }
        return FacetStats(min: total.minimum, max: total.maximum, avg: total.sum / Double(total.count), sum: total.sum)
    }
}
