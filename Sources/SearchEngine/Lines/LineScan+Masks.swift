import CLineScan

/// The scan's prefilter: which lines may match by their masks alone, none of them read.
extension LineScan {
    /// Which lines of word `word` may match by their masks: those of `candidateWords` only when
    /// given. When every line of the word is compared anyway (`comparesWholeWords`), all of
    /// them if the word's masks OR-ed allow the pattern, none if not: reading each line's mask
    /// ruled out few lines and cost a tenth of `^1` at 10M lines.
    @inline(__always)
    func mayHold(
        _ word: Int, among candidateWords: [UInt64]?, _ masks: UnsafeBufferPointer<UInt32>, _ summaries: UnsafeBufferPointer<LineTable.Word>
    ) -> UInt64 {
        let firstLine = word * LineSet.wordLines
        let lines = min(LineSet.wordLines, table.count - firstLine)
        let bits = candidateWords?[word] ?? (lines == 64 ? UInt64.max : (1 << UInt64(lines)) - 1)
        if comparesWholeWords { return mayMatch(summaries[word].mask) ? bits : 0 }
        return bits == 0 ? 0 : mayMatch(masks, from: firstLine, count: lines, among: bits)
    }

    /// Which of `candidates`, lines from `firstLine` on, may match by their masks: one pass
    /// over the word's masks without branches, the sets of several terms checked after.
    @inline(__always)
    func mayMatch(_ masks: UnsafeBufferPointer<UInt32>, from firstLine: Int, count lines: Int, among candidates: UInt64) -> UInt64 {
        // Nothing to rule out (negations alone): the masks are not read.
        if compiled.required == 0 && compiled.alternativeCount == 0 { return candidates }
        guard candidates.nonzeroBitCount >= 16 else {
            var bits: UInt64 = 0
            var rest = candidates
            while rest != 0 {
                let bit = rest.trailingZeroBitCount
                rest &= rest - 1
                if mayMatch(masks[firstLine + bit]) { bits |= 1 << UInt64(bit) }
            }
            return bits
        }
        let base = masks.baseAddress! + firstLine
        var bits = Self.holding(compiled.required, base, count: lines) & candidates
        // A set of alternatives: the lines that hold the bits of one of its terms.
        for alternative in 0..<compiled.alternativeCount where bits != 0 {
            var holding: UInt64 = 0
            for term in compiled.terms(ofSet: compiled.alternativeSets[alternative]) {
                holding |= Self.holding(compiled.termMasks[term], base, count: lines)
            }
            bits &= holding
        }
        return bits
    }

    /// Which of `lines`, lines of a word whose masks start at `base` (`count` of them), hold
    /// every `required` bit or are outside ASCII: each one's mask read when they are few, the
    /// word's all at once when not.
    @inline(__always)
    static func holding(_ required: UInt32, among lines: UInt64, _ base: UnsafePointer<UInt32>, count: Int) -> UInt64 {
        guard lines.nonzeroBitCount >= 16 else {
            var bits: UInt64 = 0
            var rest = lines
            while rest != 0 {
                let bit = rest.trailingZeroBitCount
                rest &= rest &- 1
                bits |= mayBit(base[bit], required) &<< UInt64(bit)
            }
            return bits
        }
        return holding(required, base, count: count) & lines
    }

    /// The lines of `count` from `base` on that hold every `required` bit or are outside ASCII,
    /// one pass without branches.
    @inline(__always)
    private static func holding(_ required: UInt32, _ base: UnsafePointer<UInt32>, count lines: Int) -> UInt64 {
        if lines == LineSet.wordLines { return cholding64(required, base) }
        var bits: UInt64 = 0
        for i in 0..<lines { bits |= mayBit(base[i], required) &<< UInt64(i) }
        return bits
    }

    /// 1 when a line with this mask holds every `required` bit or is outside ASCII, else 0.
    @inline(__always)
    private static func mayBit(_ mask: UInt32, _ required: UInt32) -> UInt64 {
        UInt64(truncatingIfNeeded: (mask >> 31) | (required & ~mask == 0 ? 1 : 0))
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
