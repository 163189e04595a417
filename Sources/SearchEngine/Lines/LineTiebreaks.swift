/// fzf's `--tiebreak` with several criteria. A scan's key holds the score and the first
/// criterion only (64 bits: score, criterion, line); the criteria after it are computed for
/// the few lines that need them: those whose keys tie, on score and first criterion, with
/// another line of the page asked for. Everything ranked before the page's last group of ties
/// is wholly in the page already, so only that group is looked for among all the matching
/// lines (their keys computed again: the scan keeps only the page's).
enum LineTiebreaks {
    /// The first `count` keys of `keys` in the order every criterion gives (`best`: the
    /// `count` smallest keys, sorted, as `TopKeys` gives them).
    static func ordered(_ best: [UInt64], count: Int, among lines: LineSet, scan: LineScan) -> [UInt64] {
        guard scan.options.sort, scan.options.rankingTiebreaks.count > 1, let last = best.last else { return best }
        let tied = last >> 32
        // The page's last group, whole: the keys tying with its last line on score and first criterion.
        let candidates = best.filter { $0 >> 32 != tied } + tiedKeys(tied, among: lines, scan: scan)
        var ordered: [UInt64] = []
        ordered.reserveCapacity(candidates.count)
        var start = 0
        while start < candidates.count, ordered.count < count {
            var end = start + 1
            while end < candidates.count, candidates[end] >> 32 == candidates[start] >> 32 { end += 1 }
            if end - start == 1 {
                ordered.append(candidates[start])
            } else {
                // Ties: the later criteria decide, then the line's order (the key's low bits).
                let group = candidates[start..<end].map { (key: $0, later: scan.laterTiebreaks(of: scan.line(of: $0))) }
                ordered += group.sorted { $0.later != $1.later ? $0.later.lexicographicallyPrecedes($1.later) : $0.key < $1.key }.map(\.key)
            }
            start = end
        }
        return Array(ordered.prefix(count))
    }

    /// The keys of the matching lines whose score and first criterion are `tied`.
    private static func tiedKeys(_ tied: UInt64, among lines: LineSet, scan: LineScan) -> [UInt64] {
        var keys: [UInt64] = []
        lines.forEach { line in
            if let key = scan.key(of: line), key >> 32 == tied { keys.append(key) }
        }
        return keys.sorted()
    }
}
