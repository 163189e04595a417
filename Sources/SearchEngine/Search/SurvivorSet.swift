/// The documents still matching after the query's first words: a bitset, which later words'
/// postings are tested against, with the count of members before each 64-bit word, so that
/// a member's place in the ascending `documents` list is a popcount rather than a walk.
struct SurvivorSet {
    /// Bit `d & 63` of `bits[d >> 6]`: document `d` survives.
    let bits: [UInt64]
    /// Members in `bits[0..<w]`, per word `w`.
    private let before: [Int32]

    /// `documents`: ascending, each below `documentCount`.
    init(_ documents: [Int32], documentCount: Int) {
        var bits = [UInt64](repeating: 0, count: documentCount / 64 + 1)
        for d in documents { bits[Int(d) >> 6] |= 1 << UInt64(d & 63) }
        var before = [Int32](repeating: 0, count: bits.count)
        var count: Int32 = 0
        for w in bits.indices {
            before[w] = count
            count += Int32(bits[w].nonzeroBitCount)
        }
        self.bits = bits
        self.before = before
    }

    /// 1 when document `d` survives, else 0: for loops that keep or drop without a branch.
    @inline(__always)
    func bit(_ d: Int) -> Int {
        Int(truncatingIfNeeded: bits[d >> 6] &>> UInt64(d & 63)) & 1
    }

    /// The place of member `d` in the ascending list of members.
    @inline(__always)
    func slot(of d: Int) -> Int {
        let below = bits[d >> 6] & ((1 &<< UInt64(d & 63)) &- 1)
        return Int(before[d >> 6]) + below.nonzeroBitCount
    }
}
