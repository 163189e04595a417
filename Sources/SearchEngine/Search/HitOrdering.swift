import InstantSearchCore

/// How hits are put in order when their ranking keys alone do not say it: relevance buckets
/// (`RelevanceBuckets`), a distance (`GeoRanking`), or both (the distance then ranks inside
/// a bucket, before popularity). A sort (`Query.sortBy`) orders by its attribute instead.
struct HitOrdering {
    var buckets: RelevanceBuckets?
    var geo: GeoRanking?
    /// The `subsequence` attribute's fzf match: its records first, in fzf's order.
    var subsequence: SubsequenceMatch?

    /// Nothing beyond the keys: what a hit is explained by when no ordering applies.
    static let none = HitOrdering(buckets: nil, geo: nil, subsequence: nil)

    private init(buckets: RelevanceBuckets?, geo: GeoRanking?, subsequence: SubsequenceMatch?) {
        self.buckets = buckets
        self.geo = geo
        self.subsequence = subsequence
    }

    /// nil when the keys alone decide.
    init?(_ query: Query, keys: [UInt64], wordCount: Int, subsequence: SubsequenceMatch? = nil, index: SearchIndex) {
        guard query.sortBy == nil else { return nil }
        buckets = RelevanceBuckets(
            width: index.settings.relevance.bucketWidth, keys: keys, wordCount: wordCount, index: index)
        geo = keys.isEmpty ? nil : GeoRanking(query, index: index)
        self.subsequence = subsequence.flatMap { $0.documents.isEmpty ? nil : $0 }
        if buckets == nil && geo == nil && self.subsequence == nil { return nil }
    }

    /// What comes before the key in a hit's place (see `PlacedKey`).
    func place(_ key: UInt64) -> UInt64 {
        let words = buckets.map { $0.place(key, middle: geo?.value(key) ?? 0) } ?? geo?.place(key) ?? 0
        guard let subsequence else { return words }
        return subsequence.place(of: Int32(RankingKey.customRank(of: key)))
            ?? SubsequenceMatch.wordsOnly | min(words, SubsequenceMatch.wordsOnly - 1)
    }
}
