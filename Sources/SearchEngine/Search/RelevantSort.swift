/// Algolia's relevant sort (virtual replicas' `relevancyStrictness`): a sorted view keeps only
/// the more relevant hits. Relevance is counted in points (`RankingKey.relevancePoints`); with
/// strictness s (0 to 100) the hits kept are those within (100 − s)% of the span from the best
/// hit's points to the worst's: 100 keeps only hits as relevant as the best, 0 keeps every hit.
enum RelevantSort {
    static func keep(_ keys: [UInt64], strictness: Int, wordCount: Int, ranking: RankingKey) -> [UInt64] {
        guard strictness > 0, !keys.isEmpty else { return keys }
        let points = keys.map { ranking.relevancePoints($0, wordCount: wordCount) }
        let best = points.min()!
        let threshold = best + (points.max()! - best) * (100 - min(strictness, 100)) / 100
        return zip(keys, points).compactMap { $1 <= threshold ? $0 : nil }
    }
}
