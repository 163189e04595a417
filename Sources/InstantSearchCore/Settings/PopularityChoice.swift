/// Which inferred numeric attribute, if any, says how popular a record is: the custom ranking a
/// person would have set (a package list's downloads, a film's votes, a name's count), so that
/// of two equally good text matches the one people use comes first.
///
/// 1. By name: a word of it is a popularity word (`downloads`, `votes`, `stars`, `count`…) or
///    a rank (`rank`, `ranking`); `rank_among_15000_most_downloaded`, `downloads_a_month` and
///    `numVotes` qualify, `rating`, `year` or `length` do not (a rating is an opinion of a few).
/// 2. By distribution: a rank is whole numbers, mostly distinct, best first
///    (ascending); a popularity count is non-negative and skewed, a few records far above the
///    typical one (the mean well above the median), best first (descending). A column that has
///    the name without the shape (a `count` of 0/1 flags, a constant) is not chosen.
/// 3. Among several, a rank or count named most plainly first, then the one more records have,
///    then file order. One criterion: a second would only break ties the first rarely leaves.
public enum PopularityChoice {
    /// What was chosen, for the stats line ("ranked by downloads ↓ — inferred").
    public static func summary(_ criterion: CustomRankingCriterion) -> String {
        "ranked by \(criterion.attribute) \(criterion.ascending ? "↑" : "↓") — inferred"
    }

    /// The relevance buckets' width (`relevanceBucketWidth`) that goes with an inferred popularity:
    /// a typo, or a match one attribute down, is still the same bucket.
    public static let bucketWidth = 2

    /// Words of an attribute's name that make it a popularity count.
    static let countWords: Set<String> = [
        "downloads", "download", "downloaded", "votes", "vote", "stars", "star", "count", "counts", "popularity",
        "popular", "views", "likes", "installs", "followers", "plays", "citations", "sales", "visits", "hits",
        "upvotes", "favorites", "favourites", "forks", "watchers", "occurrences", "frequency", "freq",
    ]
    static let rankWords: Set<String> = ["rank", "ranking"]

    /// The mean must be at least this many times the median for counts to look skewed.
    static let skew = 1.5
    /// A rank: at least this share of its sampled values distinct (ranks rarely tie).
    static let rankDistinctShare = 0.9

    /// `candidates`: the inferred numeric attributes in file order, with their profiles.
    static func choose(among candidates: [(name: String, profile: AttributeProfile)]) -> CustomRankingCriterion? {
        var best: (criterion: CustomRankingCriterion, key: (Int, Int, Int))?
        for (offset, candidate) in candidates.enumerated() {
            let words = nameWords(candidate.name)
            let values = candidate.profile.numberSample.map(\.value)
            guard !values.isEmpty, !candidate.profile.isFlag else { continue }
            let criterion: CustomRankingCriterion
            let plainness: Int
            if let first = words.firstIndex(where: rankWords.contains), looksLikeRank(values) {
                criterion = CustomRankingCriterion(attribute: candidate.name, ascending: true)
                plainness = first
            } else if let first = words.firstIndex(where: countWords.contains), looksLikeSkewedCount(values) {
                criterion = CustomRankingCriterion(attribute: candidate.name, ascending: false)
                plainness = first
            } else {
                continue
            }
            // The name's popularity word nearest its start, the fuller column, the earlier column.
            let key = (plainness, -candidate.profile.numbers, offset)
            if best == nil || key < best!.key { best = (criterion, key) }
        }
        return best?.criterion
    }

    /// `rank_among_15000_most_downloaded` → rank, among, 15000, most, downloaded;
    /// `numVotes` → num, votes.
    static func nameWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(Character(character.lowercased()))
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func looksLikeRank(_ values: [Double]) -> Bool {
        guard values.allSatisfy({ $0 >= 0 && $0 == $0.rounded() }) else { return false }
        guard values.count > 1 else { return true }
        return Double(Set(values).count) >= rankDistinctShare * Double(values.count)
    }

    static func looksLikeSkewedCount(_ values: [Double]) -> Bool {
        guard values.count > 1, values.allSatisfy({ $0 >= 0 }) else { return false }
        let sorted = values.sorted()
        let median = sorted[sorted.count / 2]
        let mean = values.reduce(0, +) / Double(values.count)
        guard sorted.last! > sorted.first! else { return false }
        // A median of 0 (most records never downloaded) with some that were is skewed too.
        return median == 0 ? mean > 0 : mean >= skew * median
    }
}
