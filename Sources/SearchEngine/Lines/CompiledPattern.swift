/// A pattern laid out for the scan's inner loop: its terms back to back (`MatchTerm`, whose
/// characters point into this object's storage), where each set of terms ends, and what the
/// line masks can tell of each term without reading a line (see `LineTable`). Read through
/// pointers, so the loop copies terms without reference counting; freed with the object.
final class CompiledPattern: @unchecked Sendable {
    let terms: UnsafeMutableBufferPointer<MatchTerm>
    /// `setEnds[s]`: one past the last term of set `s`.
    let setEnds: UnsafeMutableBufferPointer<Int>
    /// Per term, the mask bits of its characters.
    let termMasks: UnsafeMutableBufferPointer<UInt32>
    /// Per term, the most it can score in a line: anywhere; when its first letter or digit is
    /// not at a white start of the line; when none of its characters is (`whiteStarts`).
    let termHighest: UnsafeMutableBufferPointer<Int>
    let termHighestFirstAway: UnsafeMutableBufferPointer<Int>
    let termHighestAllAway: UnsafeMutableBufferPointer<Int>
    /// Per term, the bit of its first character, 0 when that has none (it may then be anywhere).
    let termFirstBits: UnsafeMutableBufferPointer<UInt32>
    /// Per term, whether a character of it has no bit (punctuation, white space, outside
    /// ASCII), which may earn the largest bonus in any line.
    let termLoose: UnsafeMutableBufferPointer<Bool>
    let setCount: Int
    /// The bits a line must hold for every set of one term to possibly match.
    let required: UInt32
    /// Every term's bits: the part of a line's mask the pattern asks about (`LineMasks`).
    let patternBits: UInt32
    /// The sets of several terms and no negation (`alternativeCount` of them): a line must
    /// hold the mask bits of one of each one's terms.
    let alternativeSets: UnsafeMutableBufferPointer<Int>
    let alternativeCount: Int
    /// Per term, whether a line in ASCII holds it exactly when its mask holds its bit: one
    /// letter, any case, found anywhere, not negated.
    let termByMask: UnsafeMutableBufferPointer<Bool>
    /// Whether every term is such a term: a line in ASCII that holds the bits matches, and is
    /// counted without being read.
    let exactByMasks: Bool
    /// Whether a set of several terms holds such a term (`zoe | c`): the lines with its letter
    /// match that set by their masks alone (see `LineScan.countedLines`).
    let alternativeByMask: Bool
    /// Per term, its characters as `cfuzzy32` reads them (the first in the lowest byte) when it
    /// is a subsequence of one to eight characters a line in ASCII may hold; 0 when not.
    let termPacked: UnsafeMutableBufferPointer<UInt64>
    private let text: UnsafeMutableBufferPointer<UInt32>

    init(_ pattern: LinePattern, scorer: LineScorer) {
        let all = pattern.sets.flatMap { $0 }
        setCount = pattern.sets.count
        text = .allocate(capacity: max(1, all.reduce(0) { $0 + $1.text.count }))
        terms = .allocate(capacity: max(1, all.count))
        setEnds = .allocate(capacity: max(1, setCount))
        termMasks = .allocate(capacity: max(1, all.count))
        termHighest = .allocate(capacity: max(1, all.count))
        termHighestFirstAway = .allocate(capacity: max(1, all.count))
        termHighestAllAway = .allocate(capacity: max(1, all.count))
        termFirstBits = .allocate(capacity: max(1, all.count))
        termLoose = .allocate(capacity: max(1, all.count))
        termByMask = .allocate(capacity: max(1, all.count))
        termPacked = .allocate(capacity: max(1, all.count))
        var offset = 0
        let top = scorer.largestBonus
        let away = scorer.largestBonusAwayFromWhite
        for (index, term) in all.enumerated() {
            let characters = UnsafeMutableBufferPointer(rebasing: text[offset..<offset + term.text.count])
            _ = characters.initialize(from: term.text)
            offset += term.text.count
            let compiled = MatchTerm(
                kind: term.kind, inverse: term.inverse, caseSensitive: term.caseSensitive, normalize: term.normalize,
                text: UnsafeBufferPointer(characters))
            (terms.baseAddress! + index).initialize(to: compiled)
            (termMasks.baseAddress! + index).initialize(to: term.text.reduce(UInt32(0)) { $0 | LineTable.bit($1) })
            (termHighest.baseAddress! + index).initialize(to: scorer.highestScore(compiled))
            (termHighestFirstAway.baseAddress! + index).initialize(to: scorer.highestScore(compiled, first: away, others: top))
            (termHighestAllAway.baseAddress! + index).initialize(to: scorer.highestScore(compiled, first: away, others: away))
            let bits = term.text.map { Self.wordBit($0) }
            (termFirstBits.baseAddress! + index).initialize(to: bits.first ?? 0)
            (termLoose.baseAddress! + index).initialize(to: bits.contains(0))
            (termByMask.baseAddress! + index).initialize(to: Self.foundByMask(term))
            (termPacked.baseAddress! + index).initialize(to: Self.packed(term))
        }
        var end = 0
        var required: UInt32 = 0
        var alternatives = 0
        alternativeSets = .allocate(capacity: max(1, setCount))
        for (index, set) in pattern.sets.enumerated() {
            if set.count == 1, !set[0].inverse { required |= termMasks[end] }
            if set.count > 1, !set.contains(where: \.inverse) {
                (alternativeSets.baseAddress! + alternatives).initialize(to: index)
                alternatives += 1
            }
            end += set.count
            (setEnds.baseAddress! + index).initialize(to: end)
        }
        self.required = required
        patternBits = termMasks[0..<all.count].reduce(0, |)
        alternativeCount = alternatives
        exactByMasks = !all.isEmpty && all.allSatisfy(Self.foundByMask)
        alternativeByMask = pattern.sets.contains { set in set.count > 1 && set.contains(where: Self.foundByMask) }
    }

    /// The terms of set `set`, as indices into `terms` and the per-term buffers.
    @inline(__always) func terms(ofSet set: Int) -> Range<Int> { (set == 0 ? 0 : setEnds[set - 1])..<setEnds[set] }

    private static func foundByMask(_ term: LinePattern.Term) -> Bool {
        guard let c = term.text.first, term.text.count == 1, !term.inverse, !term.caseSensitive else { return false }
        return (term.kind == .fuzzy || term.kind == .exact) && (0x61...0x7A).contains(c)
    }

    private static func packed(_ term: LinePattern.Term) -> UInt64 {
        guard term.kind == .fuzzy, !term.text.isEmpty, term.text.count <= 8 else { return 0 }
        var packed: UInt64 = 0
        for (index, c) in term.text.enumerated() {
            // Outside ASCII, or a capital a term ignoring case never meets: left to `ASCIIMatch`.
            guard c > 0, c < 0x80, term.caseSensitive || c &- 0x41 >= 26 else { return 0 }
            packed |= UInt64(c) << UInt64(8 * index)
        }
        return packed
    }

    /// The bit of a letter or digit, 0 for any other character.
    private static func wordBit(_ c: UInt32) -> UInt32 {
        let bit = LineTable.bit(c)
        return bit == LineTable.nonASCIIBit ? 0 : bit
    }

    deinit {
        text.deallocate()
        terms.deallocate()
        setEnds.deallocate()
        alternativeSets.deallocate()
        termMasks.deallocate()
        termHighest.deallocate()
        termHighestFirstAway.deallocate()
        termHighestAllAway.deallocate()
        termFirstBits.deallocate()
        termLoose.deallocate()
        termByMask.deallocate()
        termPacked.deallocate()
    }
}
