import InstantSearchCore

/// How hits are put in order when their ranking keys alone do not say it: relevance buckets
/// (`RelevanceBuckets`). A sort (`Query.sortBy`) orders by its attribute instead.
struct HitOrdering {
    var buckets: RelevanceBuckets?

    /// Nothing beyond the keys: what a hit is explained by when no ordering applies.
    static let none = HitOrdering(buckets: nil)

    private init(buckets: RelevanceBuckets?) {
        self.buckets = buckets
    }

    /// nil when the keys alone decide.
    init?(_ query: Query, keys: [UInt64], wordCount: Int, index: SearchIndex) {
        guard query.sortBy == nil else { return nil }
        buckets = RelevanceBuckets(
            width: index.settings.relevance.relevanceBucketWidth, keys: keys, wordCount: wordCount, index: index)
        if buckets == nil { return nil }
    }

    /// What comes before the key in a hit's place (see `PlacedKey`).
    func place(_ key: UInt64) -> UInt64 { buckets?.place(key) ?? 0 }
}
