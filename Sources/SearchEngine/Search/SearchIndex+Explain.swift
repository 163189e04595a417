import InstantSearchCore

extension SearchIndex {
    /// A hit's ranking key read back as the values of the ranking criteria (`query --explain`,
    /// `getRankingInfo`): what the ranking compared, no second evaluation.
    func rankingInfo(_ key: UInt64, record: JSONValue, wordCount: Int, ordering: HitOrdering = .none) -> RankingInfo {
        let values = rankingKey.decode(key)
        let document = RankingKey.customRank(of: key)
        var custom: [String: Double] = [:]
        for criterion in settings.customRanking {
            if let number = record.value(atPath: criterion.attribute)?.numberValue { custom[criterion.attribute] = number }
        }
        let attributes = settings.searchableAttributes
        // One word: the exact criterion's 0 is the one exact match (see `MatchAdjustment.forQuery`).
        let exactWords = values.inexact.map { wordCount <= 1 ? ($0 == 0 && wordCount == 1 ? 1 : 0) : max(0, wordCount - $0) }
        var info = RankingInfo(
            ranking: settings.relevance.ranking.map(\.rawValue), nbTypos: values.typos,
            words: values.removedWords.map { _ in wordCount }, proximityDistance: values.proximity,
            matchedAttribute: wordCount == 0 ? nil : values.attribute.flatMap { $0 < attributes.count ? attributes[$0] : nil },
            firstMatchedWord: wordCount == 0 ? nil : values.attribute.map { $0 * 1000 + (values.position ?? 0) },
            exact: values.inexact, nbExactWords: exactWords, customRanking: custom, userScore: recordCount - document)
        if let buckets = ordering.buckets {
            info.relevancePoints = buckets.points(key)
            info.relevanceBucket = buckets.bucket(key)
        }
        if let geo = ordering.geo, let nearest = geo.nearest(key) {
            info.geoDistance = nearest.distance / geo.precision
            info.geoPrecision = geo.precision
            info.matchedGeoLocation = nearest
        }
        return info
    }
}
