/// The scan's prefilter: which lines may match by their masks alone, none of them read.
extension LineScan {
    /// Which of `candidates`, lines from `firstLine` on, may match by their masks: one pass
    /// over the word's masks without branches, the sets of several terms checked after.
    @inline(__always)
    func mayMatch(_ masks: UnsafeBufferPointer<UInt32>, from firstLine: Int, count lines: Int, among candidates: UInt64) -> UInt64 {
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
        let required = compiled.required
        let base = masks.baseAddress! + firstLine
        var bits: UInt64 = 0
        for i in 0..<lines {
            let mask = base[i]
            let may = mask & LineTable.nonASCIIBit != 0 || required & ~mask == 0
            bits |= UInt64(may ? 1 : 0) << UInt64(i)
        }
        bits &= candidates
        guard compiled.hasAlternatives else { return bits }
        var rest = bits
        while rest != 0 {
            let bit = rest.trailingZeroBitCount
            rest &= rest - 1
            if !alternativesMayMatch(base[bit]) { bits &= ~(1 << UInt64(bit)) }
        }
        return bits
    }

    /// Whether a line with these mask bits may match: it holds every character of each set of
    /// one term, and every character of one term of each other set (a line outside ASCII
    /// always may: a folded `é` matches `e`).
    @inline(__always)
    func mayMatch(_ mask: UInt32) -> Bool {
        guard mask & LineTable.nonASCIIBit == 0 else { return true }
        return compiled.required & ~mask == 0 && (!compiled.hasAlternatives || alternativesMayMatch(mask))
    }

    /// Whether each set of several terms has one the mask allows (a negation always may match).
    func alternativesMayMatch(_ mask: UInt32) -> Bool {
        guard mask & LineTable.nonASCIIBit == 0 else { return true }
        var index = 0
        for set in 0..<compiled.setCount {
            let setEnd = compiled.setEnds[set]
            defer { index = setEnd }
            guard setEnd - index > 1 else { continue }
            var may = false
            for term in index..<setEnd where compiled.terms[term].inverse || compiled.termMasks[term] & ~mask == 0 {
                may = true
                break
            }
            if !may { return false }
        }
        return true
    }
}
