import InstantSearchCore

/// How hits are put in order when their ranking keys alone do not say it: relevance buckets
/// (`RelevanceBuckets`), a distance (`GeoRanking`), or both (the distance then ranks inside
/// a bucket, before popularity). A sort (`Query.sortBy`) orders by its attribute instead.
struct HitOrdering {
    var buckets: RelevanceBuckets?
    var geo: GeoRanking?

    /// Nothing beyond the keys: what a hit is explained by when no ordering applies.
    static let none = HitOrdering(buckets: nil, geo: nil)

    private init(buckets: RelevanceBuckets?, geo: GeoRanking?) {
        self.buckets = buckets
        self.geo = geo
    }

    /// nil when the keys alone decide.
    init?(_ query: Query, keys: [UInt64], wordCount: Int, index: SearchIndex) {
        guard query.sortBy == nil else { return nil }
        buckets = RelevanceBuckets(
            width: index.settings.relevance.relevanceBucketWidth, keys: keys, wordCount: wordCount, index: index)
        geo = keys.isEmpty ? nil : GeoRanking(query, index: index)
        if buckets == nil && geo == nil { return nil }
    }

    /// What comes before the key in a hit's place (see `PlacedKey`).
    func place(_ key: UInt64) -> UInt64 {
        if let buckets { return buckets.place(key, middle: geo?.value(key) ?? 0) }
        return geo?.place(key) ?? 0
    }
}
