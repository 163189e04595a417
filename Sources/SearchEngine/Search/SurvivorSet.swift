/// The documents still matching after the query's first words: a bitset, which later words'
/// postings are tested against.
///
/// Only the bits: a survivor's place in the ascending `documents` list is found by walking
/// that list (`place(of:in:from:)`), since the postings that reach it come in ascending order
/// too. Counting the members before each 64-bit word cost a pass over the whole index's words
/// (26,000 at 1.69M records) and a third more memory for every two-word reading of a keystroke,
/// however few its documents.
struct SurvivorSet {
    /// Bit `d & 63` of `bits[d >> 6]`: document `d` survives.
    let bits: [UInt64]

    /// `documents`: each below `documentCount`.
    init(_ documents: [Int32], documentCount: Int) {
        var bits = [UInt64](repeating: 0, count: documentCount / 64 + 1)
        for d in documents { bits[Int(d) >> 6] |= 1 << UInt64(d & 63) }
        self.bits = bits
    }

    /// 1 when document `d` survives, else 0: for loops that keep or drop without a branch.
    @inline(__always)
    func bit(_ d: Int) -> Int {
        Int(truncatingIfNeeded: bits[d >> 6] &>> UInt64(d & 63)) & 1
    }

    /// The place of `document` in `documents` (ascending, holding it) at or after `start`:
    /// the next place when it is the next survivor, else a gallop then a binary search, so a
    /// word that keeps few of many survivors skips them in logarithmic steps.
    @inline(__always)
    static func place(of document: Int32, in documents: UnsafeMutableBufferPointer<Int32>, from start: Int) -> Int {
        if documents[start] == document { return start }
        var low = start + 1
        var step = 1
        while low + step < documents.count, documents[low + step] < document {
            low += step + 1
            step &<<= 1
        }
        var high = min(low + step, documents.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if documents[middle] < document { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
