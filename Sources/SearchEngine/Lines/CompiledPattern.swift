/// A pattern laid out for the scan's inner loop: its terms back to back (`MatchTerm`, whose
/// characters point into this object's storage), where each set of terms ends, and per set the
/// mask bits a line must hold for the set to possibly match (0: no prefilter), per term the
/// bits of its characters and the highest score it can reach in any line. Read through
/// pointers, so the loop copies terms without reference counting; freed with the object.
final class CompiledPattern: @unchecked Sendable {
    let terms: UnsafeMutableBufferPointer<MatchTerm>
    /// `setEnds[s]`: one past the last term of set `s`.
    let setEnds: UnsafeMutableBufferPointer<Int>
    let required: UnsafeMutableBufferPointer<UInt32>
    let termMasks: UnsafeMutableBufferPointer<UInt32>
    let termHighest: UnsafeMutableBufferPointer<Int>
    let setCount: Int
    private let text: UnsafeMutableBufferPointer<UInt32>

    init(_ pattern: LinePattern, scorer: LineScorer) {
        let all = pattern.sets.flatMap { $0 }
        setCount = pattern.sets.count
        text = .allocate(capacity: max(1, all.reduce(0) { $0 + $1.text.count }))
        terms = .allocate(capacity: max(1, all.count))
        setEnds = .allocate(capacity: max(1, setCount))
        required = .allocate(capacity: max(1, setCount))
        termMasks = .allocate(capacity: max(1, all.count))
        termHighest = .allocate(capacity: max(1, all.count))
        var offset = 0
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
        }
        var end = 0
        for (index, set) in pattern.sets.enumerated() {
            // What every term of the set holds (nothing when one is a negation, found by absence).
            let bits = set.indices.reduce(UInt32.max) { mask, term in
                set[term].inverse ? 0 : mask & termMasks[end + term]
            }
            end += set.count
            (setEnds.baseAddress! + index).initialize(to: end)
            (required.baseAddress! + index).initialize(to: bits)
        }
    }

    deinit {
        text.deallocate()
        terms.deallocate()
        setEnds.deallocate()
        required.deallocate()
        termMasks.deallocate()
        termHighest.deallocate()
    }
}
