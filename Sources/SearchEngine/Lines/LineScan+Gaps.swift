/// The lines that hold a one-term pattern only with a gap (`LineScan.defersGaps`), scored
/// after the scan: by then the page holds the lines that hold it as one run, and most gapped
/// lines cannot beat its worst.
///
/// A line that holds the term only with a gap scores at least a gap's start less than the
/// highest score its masks allow (no character can earn more than that score gives it). Where
/// most lines hold the term with a gap and a few hold it whole, the page filled with gapped
/// lines first, and every later gapped line still beat its worst and was scored: `jn` at 10M
/// lines scored 90K lines (`J…n` lines, before the scan reached the `Jno` lines).
extension LineScan {
    /// Scored after the scan, in parallel when many: those whose bound the page still admits.
    func score(_ gapped: GappedLines, into best: inout TopKeys.Best<UInt64>) throws {
        if Task.isCancelled { throw CancellationError() }
        let bounds = gapped.bounds
        let worst = best.worst
        let count = best.count
        let parts = Parallel.map(Parallel.ranges(bounds.count, minimum: 4096, parts: cores)) { range in
            var best = TopKeys.Best<UInt64>(count: count, below: worst)
            table.bytes.withUnsafeBufferPointer { bytes in
                for bound in bounds[range] where best.admits(bound) {
                    let line = line(of: bound)
                    if let key = key(line, ByteLine(bytes: UnsafeBufferPointer(rebasing: bytes[table.range(of: line)]))) { best.offer(key) }
                }
            }
            return best.sorted()
        }
        for part in parts { best.offer(part) }
    }
}

/// Lines left for after the scan, each as the best key it may have (which names the line,
/// `LineScan.line(of:)`), 8 bytes a line. A part of a scan keeps at most `limit` and scores
/// the others as it meets them; the scan scores those it holds once they pass `flushed` (at
/// most 2 MB). A narrowed scan's parts are wide (its blocks hold as many candidates as a
/// full scan's hold lines): with a few thousand a part, a two-letter query on a long list
/// still scored most of its gapped lines before the page was known.
struct GappedLines {
    private(set) var bounds: [UInt64] = []
    static let limit = 1 << 16
    static let flushed = 1 << 18

    var isEmpty: Bool { bounds.isEmpty }

    /// Keeps a line by its bound, unless the part already keeps `limit`: false, to be scored now.
    @inline(__always) mutating func add(_ bound: UInt64) -> Bool {
        guard bounds.count < Self.limit else { return false }
        bounds.append(bound)
        return true
    }

    /// Takes a part's lines, those the page still admits.
    mutating func take(_ other: GappedLines, admitted best: TopKeys.Best<UInt64>) {
        bounds += other.bounds.lazy.filter { best.admits($0) }
    }
}
