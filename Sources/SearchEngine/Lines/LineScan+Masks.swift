/// The scan's prefilter: which lines may match by their masks alone, none of them read.
extension LineScan {
    /// Which lines of word `word` may match by their masks: those of `candidateWords` only when
    /// given. When every line of the word is compared anyway (`comparesWholeWords`), all of
    /// them if the word's masks OR-ed allow the pattern, none if not.
    @inline(__always)
    func mayHold(
        _ word: Int, among candidateWords: [UInt64]?, _ masks: LineMasks.Reader, _ summaries: UnsafeBufferPointer<LineTable.Word>
    ) -> UInt64 {
        let lines = min(LineSet.wordLines, table.count - word * LineSet.wordLines)
        let bits = candidateWords?[word] ?? (lines == 64 ? UInt64.max : (1 << UInt64(lines)) - 1)
        if comparesWholeWords { return mayMatch(summaries[word].mask) ? bits : 0 }
        return bits == 0 ? 0 : mayMatch(word, masks, among: bits)
    }

    /// Which of `candidates`, lines of word `word`, may match by their masks: the lines that
    /// hold every set of one term, and one term of each set of alternatives.
    @inline(__always)
    func mayMatch(_ word: Int, _ masks: LineMasks.Reader, among candidates: UInt64) -> UInt64 {
        // Nothing to rule out (negations alone): the masks are not read.
        if compiled.required == 0 && compiled.alternativeCount == 0 { return candidates }
        var bits = masks.holding(compiled.required, word: word) & candidates
        // A set of alternatives: the lines that hold the bits of one of its terms.
        for alternative in 0..<compiled.alternativeCount where bits != 0 {
            var holding: UInt64 = 0
            for term in compiled.terms(ofSet: compiled.alternativeSets[alternative]) {
                holding |= masks.holding(compiled.termMasks[term], word: word)
            }
            bits &= holding
        }
        return bits
    }

    /// Whether a line with these mask bits may match: it holds every character of each set of
    /// one term, and every character of one term of each other set (a line outside ASCII
    /// always may: a folded `é` matches `e`).
    @inline(__always)
    func mayMatch(_ mask: UInt32) -> Bool {
        guard mask & LineTable.nonASCIIBit == 0 else { return true }
        return compiled.required & ~mask == 0 && (compiled.alternativeCount == 0 || alternativesMayMatch(mask))
    }

    /// Whether each set of several terms has one the mask allows (a set with a negation is
    /// not among them: it always may match).
    func alternativesMayMatch(_ mask: UInt32) -> Bool {
        guard mask & LineTable.nonASCIIBit == 0 else { return true }
        return (0..<compiled.alternativeCount).allSatisfy { alternative in
            compiled.terms(ofSet: compiled.alternativeSets[alternative]).contains { compiled.termMasks[$0] & ~mask == 0 }
        }
    }
}
