import InstantSearchCore

/// How one evaluation of words is ranked beyond its cells: a one-word query's exactness rule,
/// and for an alternative of the query (words joined, split, or replaced by a synonym) what it
/// costs against the words as typed.
struct MatchAdjustment {
    /// For a one-word query: the exact criterion's value for a cell's two low bits
    /// (`notWholeValue << 1 | inexact`), as `exactOnSingleWordQuery` says. nil: the
    /// criterion counts inexact words.
    var singleWordExactness: [Int]?
    var extraProximity = 0
    var extraInexact = 0
    /// Typos made outside the words matched: a word corrected before it was joined to the next.
    var extraTypos = 0
    /// Words `w` and `w + 1` must match side by side, in order (a word split in two): other
    /// documents get the key `.max`, which the caller drops.
    var adjacentPair: Int?

    static func forQuery(wordCount: Int, rule: ExactOnSingleWordQuery) -> MatchAdjustment {
        guard wordCount == 1 else { return MatchAdjustment() }
        switch rule {
        // Whole value and exact, whole value completed, exact word in a longer value, the rest.
        case .attribute: return MatchAdjustment(singleWordExactness: [0, 1, 2, 3])
        case .word: return MatchAdjustment(singleWordExactness: [0, 1, 0, 1])
        case .none: return MatchAdjustment(singleWordExactness: [0, 0, 0, 0])
        }
    }
}
