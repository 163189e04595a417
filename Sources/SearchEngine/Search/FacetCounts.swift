/// Facet value counting: the loop that reads a facet column for every matching record of
/// every keystroke (30k records for "star" on the movies), written around what the CPU
/// stalls on.
extension FacetAggregator {
    /// Below this many records, counting runs on one thread: waking the second costs more
    /// than half of the count. (Higher than `parallelThreshold`, which also governs the
    /// stats' floating-point sums, whose order must not change.)
    static let countParallelThreshold = 65_536

    /// How many eligible records hold each value of `column` (indexed by value id).
    static func counts(
        _ column: FacetColumn, records: [Int32], status: [Int16], ignoring clause: Int?
    ) throws -> [Int] {
        if Task.isCancelled { throw CancellationError() }
        let valueCount = column.values.count
        let filtered = !status.isEmpty && status.contains { $0 != FilterSet.passesAll }
        let wanted: Int16 = clause.map { Int16($0) } ?? FilterSet.passesAll
        return records.withUnsafeBufferPointer { records in
            status.withUnsafeBufferPointer { status in
                split(records.count, threshold: countParallelThreshold) { range in
                    var counts = [Int](repeating: 0, count: valueCount)
                    counts.withUnsafeMutableBufferPointer { counts in
                        let eligible = { (i: Int) in
                            !filtered || status[i] == FilterSet.passesAll || status[i] == wanted
                        }
                        if let single = column.single {
                            countSingle(single, records, range, eligible, into: counts)
                        } else {
                            countMultiple(column, records, range, eligible, into: counts)
                        }
                    }
                    return counts
                }.reduce(into: [Int](repeating: 0, count: valueCount)) { total, part in
                    for v in 0..<valueCount { total[v] += part[v] }
                }
            }
        }
    }

    /// Copies of each counter for a single-valued facet: record `i` counts in copy `i % 4`.
    /// Records come in document order and neighbours often share a value (the movies are
    /// sorted by year), so with one copy each increment waits for the previous one's store.
    static let counterCopies = 4
    /// Above this many values, one copy: clearing and summing the copies would cost more.
    static let maxValuesForCopies = 4096

    /// A facet with at most one value per record: its value id, or -1.
    @inline(__always)
    private static func countSingle(
        _ single: [Int32], _ records: UnsafeBufferPointer<Int32>, _ range: Range<Int>, _ eligible: (Int) -> Bool,
        into counts: UnsafeMutableBufferPointer<Int>
    ) {
        let copies = counts.count <= maxValuesForCopies ? counterCopies : 1  // a power of two
        // Copy `c` of value `v` is at `v * copies + c`: a value's copies share a cache line.
        var copied = [Int](repeating: 0, count: counts.count * copies)
        copied.withUnsafeMutableBufferPointer { copied in
            single.withUnsafeBufferPointer { single in
                for i in range where eligible(i) {
                    let id = Int(single[Int(records[i])])
                    if id >= 0 { copied[id &* copies &+ i & (copies - 1)] &+= 1 }
                }
            }
        }
        for v in counts.indices {
            for c in 0..<copies { counts[v] += copied[v * copies + c] }
        }
    }

    /// An array facet (a movie's genres). A loop over each record's values mispredicts its
    /// exit about once per record, records holding one, two or three values about equally
    /// often, and that was most of the time spent. So the first three slots are read and
    /// counted without a branch, each adding 1 if the record has that many values and 0 if
    /// not; only the rare longer lists loop.
    @inline(__always)
    private static func countMultiple(
        _ column: FacetColumn, _ records: UnsafeBufferPointer<Int32>, _ range: Range<Int>, _ eligible: (Int) -> Bool,
        into counts: UnsafeMutableBufferPointer<Int>
    ) {
        column.offsets.withUnsafeBufferPointer { offsets in
            column.valueIDs.withUnsafeBufferPointer { ids in
                guard let last = ids.indices.last else { return }  // no record has a value
                for i in range where eligible(i) {
                    let r = Int(records[i])
                    let from = Int(offsets[r])
                    let n = Int(offsets[r + 1]) &- from
                    // Reads are clamped into the array; a slot past the record's values adds 0
                    // (`(k - n) >> 63 & 1` is 1 exactly when n > k).
                    counts[Int(ids[min(from, last)])] &+= (0 &- n) >> 63 & 1
                    counts[Int(ids[min(from &+ 1, last)])] &+= (1 &- n) >> 63 & 1
                    counts[Int(ids[min(from &+ 2, last)])] &+= (2 &- n) >> 63 & 1
                    if n > 3 {
                        for v in from + 3..<from + n { counts[Int(ids[v])] &+= 1 }
                    }
                }
            }
        }
    }
}
