/// A ranked scan's ceiling, found before it: a few lines likely to rank near the top are
/// scored first, and the page can hold no key worse than the worst of the best of them. With
/// it, every part of the scan prunes from its first line on, instead of scoring most lines of
/// its first block while its own page fills (a first letter most lines hold: `t` on the PyPI
/// names, whose best lines come late in the file).
///
/// The lines tried are those that start with the first term's first character, those starting
/// with more of the term first, then the shortest: with fzf's default scheme the start of a
/// line earns the largest bonus, a consecutive run keeps it, and the length is the first
/// tie-break. They are only a guess: each one's key is computed exactly as the scan
/// computes it, so the ceiling is the key of a real match, and the scan's answer is the same
/// with it or without it.
extension LineScan {
    /// Lines scored for the ceiling, at most, per key of the page asked for.
    static let seedLinesPerKey = 8
    /// The most keys a ceiling is looked for: a page, not every line (a sorted `--filter`
    /// ranks each chunk whole, where a ceiling would only score lines twice).
    static let seedMostKeys = 4096

    /// One more than the worst of the `count` best keys among the lines tried (so that line
    /// itself still enters), nil when fewer than `count` of them match, when the scan is not
    /// ranked or starts with a negation, or when the page is large beside the lines.
    func seedCeiling(candidates: LineSet?, best count: Int) -> UInt64? {
        guard options.sort, wholeLine, count > 0, count <= Self.seedMostKeys, count * Self.seedLinesPerKey * 4 <= table.count,
            compiled.setCount > 0, !compiled.terms[0].inverse
        else { return nil }
        let firstBit = compiled.termFirstBits[0]
        guard firstBit != 0 else { return nil }
        let tried = tryLines(candidates: candidates, firstBit: firstBit, wanted: count * Self.seedLinesPerKey)
        var best = TopKeys.Best<UInt64>(count: count)
        for line in tried {
            if let key = key(of: line) { best.offer(key) }
        }
        // `worst` is there once `count` keys are.
        guard let worst = best.worst, worst < UInt64.max else { return nil }
        return worst + 1
    }

    /// Up to `wanted` lines (of `candidates`, when given) starting with a character of
    /// `firstBit`: those that start with more of the first term's characters first, then the
    /// shortest; taken from the words whose shortest lines are shortest.
    private func tryLines(candidates: LineSet?, firstBit: UInt32, wanted: Int) -> [Int] {
        let summaries = table.words
        var words = summaries.indices.filter { word in
            summaries[word].whiteStarts & firstBit != 0 && candidates.map { $0.words[word] != 0 } != false
        }
        words.sort { (summaries[$0].shortest, $0) < (summaries[$1].shortest, $1) }
        let term = compiled.terms[0].text
        var found: [(missing: Int, length: Int, line: Int)] = []
        // The longest line kept once `wanted` lines starting with the whole term are: the words
        // are taken by their shortest line, so once a word's is no shorter, no line left can
        // take a place.
        var longestKept = Int.max
        let order = { (a: (missing: Int, length: Int, line: Int), b: (missing: Int, length: Int, line: Int)) in
            (a.missing, a.length, a.line) < (b.missing, b.length, b.line)
        }
        table.bytes.withUnsafeBufferPointer { bytes in
            for word in words {
                if Int(summaries[word].shortest) >= longestKept { break }
                let firstLine = word * LineSet.wordLines
                var bits = candidates?.words[word] ?? ~0
                while bits != 0 {
                    let line = firstLine + bits.trailingZeroBitCount
                    bits &= bits - 1
                    guard line < table.count else { break }
                    let range = table.range(of: line)
                    guard let first = range.first, LineTable.bit(UInt32(bytes[first])) & firstBit != 0 else { continue }
                    var lead = 0
                    while lead < term.count, lead < range.count, Self.lowered(bytes[first + lead]) == Self.lowered(term[lead]) { lead += 1 }
                    found.append((term.count - lead, range.count, line))
                }
                if found.count > 2 * wanted {
                    found.sort(by: order)
                    found.removeLast(found.count - wanted)
                    if found[wanted - 1].missing == 0 { longestKept = found[wanted - 1].length }
                }
            }
        }
        found.sort(by: order)
        return found.prefix(wanted).map(\.line)
    }

    /// An ASCII letter in lower case (anything else as it is), to compare a line's start with a term.
    private static func lowered<C: FixedWidthInteger>(_ character: C) -> UInt32 {
        let value = UInt32(truncatingIfNeeded: character)
        return value &- 0x41 < 26 ? value | 0x20 : value
    }
}
