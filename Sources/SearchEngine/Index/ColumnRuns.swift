/// A coded column read as runs of equal ids in document order, when it has few: the column of
/// the attribute documents are ordered by (`customRanking`, e.g. a count) holds one run per
/// value. Counting its ids over a query's records (ascending) then needs no read of the column
/// per record — at 10M documents a random read of a 20 MB array, most of a mid-size keystroke's
/// stats — only a walk of the records and the runs side by side, skipping ahead in both.
struct ColumnRuns: Sendable {
    /// Run `r` covers the documents from `ends[r - 1]` (0 for the first) to `ends[r]`, exclusive.
    let ends: [Int32]
    /// The id every document of run `r` holds.
    let ids: [Int32]

    /// Runs are kept when there are at most this fraction of the documents: a walk costs a
    /// search per run a query's records reach, and a few kilobytes per thousand runs.
    static let documentsPerRun = 64

    /// nil when the column has more runs than that (the scan stops at the first one too many).
    init?(_ column: PackedIDs) {
        let count = column.count
        guard count >= ColumnRuns.documentsPerRun else { return nil }
        let limit = count / ColumnRuns.documentsPerRun
        var ends: [Int32] = []
        var ids: [Int32] = []
        var current = column[0]
        for d in 1..<count {
            let id = column[d]
            if id != current {
                guard ends.count < limit else { return nil }
                ends.append(Int32(d))
                ids.append(Int32(current))
                current = id
            }
        }
        ends.append(Int32(count))
        ids.append(Int32(current))
        self.ends = ends
        self.ids = ids
    }

    /// How many of `records` (ascending, each below the column's count) hold each id, as
    /// `counts[id]`: the same numbers as reading the column per record.
    func counts(records: [Int32], slots: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: slots)
        records.withUnsafeBufferPointer { records in
            ends.withUnsafeBufferPointer { ends in
                var i = 0
                var run = 0
                while i < records.count {
                    // The run holding records[i], then the first record past it.
                    run = ColumnRuns.firstAbove(records[i], in: ends, from: run)
                    let next = ColumnRuns.firstAtLeast(ends[run], in: records, from: i + 1)
                    counts[Int(ids[run])] += next - i
                    i = next
                }
            }
        }
        return counts
    }

    /// The first index from `start` whose value is above `value` (one exists), galloping: the
    /// walk costs a logarithm of the distance skipped, not of the whole array.
    @inline(__always)
    static func firstAbove(_ value: Int32, in sorted: UnsafeBufferPointer<Int32>, from start: Int) -> Int {
        firstIndex(in: sorted, from: start) { $0 > value }
    }

    /// The first index from `start` whose value is at least `value`, or the end.
    @inline(__always)
    static func firstAtLeast(_ value: Int32, in sorted: UnsafeBufferPointer<Int32>, from start: Int) -> Int {
        firstIndex(in: sorted, from: start) { $0 >= value }
    }

    /// The first index from `start` where `isPast` holds (it holds from there to the end), or the end.
    @inline(__always)
    private static func firstIndex(
        in sorted: UnsafeBufferPointer<Int32>, from start: Int, where isPast: (Int32) -> Bool
    ) -> Int {
        var low = start
        var step = 1
        // Gallop: find a bound past the answer, doubling the stride.
        while low + step - 1 < sorted.count, !isPast(sorted[low + step - 1]) {
            low += step
            step <<= 1
        }
        var high = min(low + step - 1, sorted.count)
        while low < high {
            let mid = (low + high) >> 1
            if isPast(sorted[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
