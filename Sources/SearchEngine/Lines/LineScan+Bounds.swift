/// The scan's bounds: the best key a line, or a group of 64 lines, may have, known from masks,
/// white starts and lengths without reading the text (a line that cannot beat the page's worst
/// is counted, not scored).
extension LineScan {
    /// The mask of a line its masks let through (`mayHold`), as far as the pattern asks about
    /// it: such a line holds every required bit, so only the others (those of alternatives and
    /// negations) are read. Gathering every bit of `mary 19` cost it a tenth.
    @inline(__always)
    func lineMask(_ line: Int, _ masks: LineMasks.Reader) -> UInt32 {
        masks.mask(of: line, bits: compiled.patternBits & ~compiled.required) | compiled.required
    }

    /// Whether a line of word `word` (of `lines` lines) may still enter the page, by the word's
    /// masks and shortest line: always when a line of it is outside ASCII (not bounded).
    @inline(__always)
    func wordAdmitted(_ word: Int, _ summary: LineTable.Word, lines: Int, best: TopKeys.Best<UInt64>) -> Bool {
        guard summary.mask & LineTable.nonASCIIBit == 0 else { return true }
        let firstLine = word * LineSet.wordLines
        let line = options.reversed ? firstLine + lines - 1 : firstLine
        return best.admits(lowestKey(line, length: Int(summary.shortest), mask: summary.mask, whiteStarts: summary.whiteStarts))
    }

    /// A key no key of this line can be better than, from its masks and length alone: the
    /// highest score the pattern can reach with the terms the line may hold where they may be
    /// in it, and for the length tie-break the line's length when no white space at either end
    /// can shorten it. `gapped`: the pattern is one term the line holds only with a gap, which
    /// costs at least a gap's start (no character of it can earn more than the highest score
    /// gives it).
    @inline(__always)
    func lowestKey(_ line: Int, length: Int, mask: UInt32, whiteStarts: UInt32, gapped: Bool = false) -> UInt64 {
        let order = UInt64(options.reversed ? table.count - 1 - line : line)
        guard options.sort else { return order }
        var tiebreak = 0
        if firstTiebreak == .length, alwaysLocated, whiteStarts & LineTable.whiteEdgeBit == 0 { tiebreak = length }
        var highest = 0
        var index = 0
        for set in 0..<compiled.setCount {
            let setEnd = compiled.setEnds[set]
            var most = 0
            while index < setEnd {
                if !absent(index, mask) { most = max(most, highestScore(index, whiteStarts: whiteStarts)) }
                index += 1
            }
            highest += most
        }
        if gapped { highest += LineScorer.scoreGapStart }
        let scorePart = UInt64(max(0, min(0xFFFF, 0x8000 - max(0, highest))))
        return scorePart << 48 | UInt64(min(tiebreak, 0xFFFF)) << 32 | order
    }

    /// The most term `index` can score in a line in ASCII with these white starts: less when
    /// its first character, or every character, is neither at the line's start nor after white space.
    @inline(__always)
    func highestScore(_ index: Int, whiteStarts: UInt32) -> Int {
        let firstBit = compiled.termFirstBits[index]
        if firstBit == 0 || firstBit & whiteStarts != 0 { return compiled.termHighest[index] }
        if compiled.termLoose[index] || compiled.termMasks[index] & whiteStarts != 0 { return compiled.termHighestFirstAway[index] }
        return compiled.termHighestAllAway[index]
    }

    /// Whether the line lacks a character of term `index` (by its mask; never said of a line
    /// outside ASCII): a term it lacks is not there, which an inverse term asks for.
    @inline(__always)
    func absent(_ index: Int, _ mask: UInt32) -> Bool {
        mask & LineTable.nonASCIIBit == 0 && compiled.termMasks[index] & ~mask != 0
    }
}
