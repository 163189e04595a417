/// Value counting: the loop that reads a facet (or coded numeric) column for every matching
/// record of every keystroke (150k records for "a" on the baby names, 30k for "star" on the
/// movies), written around what the CPU stalls on.
extension FacetAggregator {
    /// Below this many records, counting runs on one thread: waking a second costs more than
    /// half of the count; above, each core gets at least half this many. (Higher than
    /// `parallelThreshold`, which also governs the stats' floating-point sums, whose order
    /// must not change.)
    static let countParallelThreshold = 65_536

    /// How many eligible records hold each value of `column` (indexed by value id).
    static func counts(
        _ column: FacetColumn, records: [Int32], status: [Int16], ignoring clause: Int?
    ) throws -> [Int] {
        if Task.isCancelled { throw CancellationError() }
        let eligible = Eligibility(status: status, ignoring: clause)
        return records.withUnsafeBufferPointer { counts(column, records: MatchedRecords(buffer: $0), eligible) }
    }

    /// The same over every document, as the index's known aggregates count them.
    static func countsOfEveryDocument(_ column: FacetColumn) -> [Int] {
        counts(column, records: EveryDocument(count: column.documentCount), Eligibility(status: [], ignoring: nil))
    }

    private static func counts(_ column: FacetColumn, records: some RecordSource, _ eligible: Eligibility) -> [Int] {
        switch column.layout {
        case .single(let ids):
            // Slot 0 counts the records without a value, and is dropped.
            return Array(countIDs(ids, slots: column.values.count + 1, records: records, eligible).dropFirst())
        case .multiple(let offsets, let ids):
            return sum(records.count, slots: column.values.count) { range, counts in
                countMultiple(offsets, ids, records, range, eligible, into: counts)
            }
        }
    }

    /// Counts per id of a one-id-per-document column, the loop specialised for each width.
    static func countIDs(_ ids: PackedIDs, slots: Int, records: some RecordSource, _ eligible: Eligibility) -> [Int] {
        sum(records.count, slots: slots) { range, counts in
            switch ids {
            case .u8(let ids): countSingle(ids, records, range, eligible, into: counts)
            case .u16(let ids): countSingle(ids, records, range, eligible, into: counts)
            case .u32(let ids): countSingle(ids, records, range, eligible, into: counts)
            }
        }
    }

    /// `count` items counted into `slots` counters, split over the cores when large.
    private static func sum(
        _ count: Int, slots: Int, _ body: (Range<Int>, UnsafeMutableBufferPointer<Int>) -> Void
    ) -> [Int] {
        split(count, threshold: countParallelThreshold) { range in
            var counts = [Int](repeating: 0, count: slots)
            counts.withUnsafeMutableBufferPointer { body(range, $0) }
            return counts
        }.reduce(into: [Int](repeating: 0, count: slots)) { total, part in
            for v in 0..<slots { total[v] += part[v] }
        }
    }

    /// Copies of each counter for a single-valued column: record `i` counts in copy `i % 4`.
    /// Records come in document order and neighbours often share a value (the movies are
    /// sorted by year), so with one copy each increment waits for the previous one's store.
    static let counterCopies = 4
    /// Above this many values, one copy: clearing and summing the copies would cost more.
    static let maxValuesForCopies = 4096

    @inline(__always)
    private static func countSingle<T: FixedWidthInteger>(
        _ ids: [T], _ records: some RecordSource, _ range: Range<Int>, _ eligible: Eligibility,
        into counts: UnsafeMutableBufferPointer<Int>
    ) {
        guard counts.count <= maxValuesForCopies else {
            // Many values, one copy: counted in place, with no second array to clear and add up.
            ids.withUnsafeBufferPointer { ids in
                for i in range where eligible.counts(i) { counts[Int(ids[records[i]])] &+= 1 }
            }
            return
        }
        let copies = counterCopies  // a power of two
        // Copy `c` of value `v` is at `v * copies + c`: a value's copies share a cache line.
        var copied = [Int](repeating: 0, count: counts.count * copies)
        copied.withUnsafeMutableBufferPointer { copied in
            ids.withUnsafeBufferPointer { ids in
                for i in range where eligible.counts(i) {
                    copied[Int(ids[records[i]]) &* copies &+ i & (copies - 1)] &+= 1
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
        _ offsets: [Int32], _ ids: [Int32], _ records: some RecordSource, _ range: Range<Int>, _ eligible: Eligibility,
        into counts: UnsafeMutableBufferPointer<Int>
    ) {
        offsets.withUnsafeBufferPointer { offsets in
            ids.withUnsafeBufferPointer { ids in
                guard let last = ids.indices.last else { return }  // no record has a value
                for i in range where eligible.counts(i) {
                    let r = records[i]
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
