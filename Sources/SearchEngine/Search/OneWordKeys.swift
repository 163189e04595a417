/// The ranking key of a one-word query's match from the word's best cell in a document: what
/// `TextMatcher.rankingKeys` computes for several words, without the proximity of pairs. The
/// first keystrokes of every query are one word and match the most documents, so their keys
/// are made as the documents are read, and a prefix list keys each of its few distinct cells
/// once (`PrefixList.matches`).
struct OneWordKeys {
    let removedWords: Int
    let extraProximity: Int
    let extraTypos: Int
    /// The exact criterion's value for each of a cell's two low bits, a byte each.
    let exactBytes: UInt64
    let ranking: RankingKey

    init(removedWords: Int, adjustment: MatchAdjustment, ranking: RankingKey) {
        let exactness = adjustment.singleWordExactness ?? [0, 1, 0, 1].map { $0 + adjustment.extraInexact }
        self.removedWords = removedWords
        self.extraProximity = adjustment.extraProximity
        self.extraTypos = adjustment.extraTypos
        self.exactBytes = exactness.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (UInt64($1.offset) * 8) }
        self.ranking = ranking
    }

    /// The key of `document` matched with `cell`.
    @inline(__always)
    func key(_ cell: UInt32, document: Int32) -> UInt64 {
        var values = RankingKey.Values()
        values.removedWords = removedWords
        values.proximity = extraProximity
        values.typos = extraTypos &+ Int(cell >> 28)
        values.inexact = Int(truncatingIfNeeded: exactBytes &>> UInt64((cell & 3) &<< 3)) & 0xFF
        values.attribute = Int(cell >> 20 & 0xFF)
        values.position = Int(cell >> 8 & 0xFFF)
        return ranking.key(values, customRank: document)
    }
}
