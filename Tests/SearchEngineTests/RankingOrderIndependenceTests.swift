import InstantSearchCore
import Testing

@testable import SearchEngine

/// Each hit's ranking criteria belong to its record, not to where the record sits in the
/// index: the same records indexed in another order give every hit the same typos, words,
/// proximity, attribute and position, and exactness, for every query. A multi-word query's
/// criteria are cells carried from one word's matching records to the next
/// (`TextMatcher.intersect`, which finds each survivor's place with `SurvivorSet.place`). With
/// that search broken, cells were copied from other records: the hit sets, counts and typo
/// order that `BruteForceComparisonTests` compares stayed right, and nothing failed.
@Suite struct RankingOrderIndependenceTests {
    static func criteria(_ results: SearchResults) -> [String: [Int?]] {
        Dictionary(
            uniqueKeysWithValues: results.hits.map { hit in
                let info = hit.rankingInfo
                return (hit.objectID, [info?.nbTypos, info?.words, info?.proximityDistance, info?.firstMatchedWord, info?.exact])
            })
    }

    @Test(arguments: 0..<6)
    func everyHitsCriteriaAreItsRecordsWhateverTheRecordOrder(seed: UInt64) throws {
        var rng = SplitMix64(state: 0xACE + seed)
        // Enough records that a word's matches skip far between survivors (the gallop).
        let records = (0..<3000).map { BruteForceComparisonTests.randomRecord($0, &rng) }
        var shuffled = records
        shuffled.shuffle(using: &rng)
        var settings = IndexSettings(searchableAttributes: ["text", "color"])
        settings.relevance.infix = InfixSetting(mode: .off)
        let inOrder = SearchIndex(name: "in-order", records: records, settings: settings)
        let reordered = SearchIndex(name: "reordered", records: shuffled, settings: settings)
        let vocabulary = BruteForceComparisonTests.vocabulary + BruteForceComparisonTests.colors
        for _ in 0..<30 {
            let text = (0..<Int.random(in: 2...3, using: &rng)).map { _ -> String in
                let word = vocabulary.randomElement(using: &rng)!
                return Bool.random(using: &rng) ? String(word.prefix(Int.random(in: 1...word.count, using: &rng))) : word
            }.joined(separator: " ")
            var query = Query(text: text, hitsPerPage: 1000)
            query.getRankingInfo = true
            let left = try inOrder.search(query)
            let right = try reordered.search(query)
            #expect(left.nbHits == right.nbHits, "seed \(seed), \(text.debugDescription)")
            // Past 1000 hits, ties may put other records on the page: compare those on both.
            let (a, b) = (Self.criteria(left), Self.criteria(right))
            let both = Set(a.keys).intersection(b.keys)
            #expect(both.count >= min(left.hits.count, right.hits.count) / 2, "seed \(seed), \(text.debugDescription)")
            for id in both.sorted() where a[id] != b[id] {
                Issue.record("seed \(seed), \(text.debugDescription): \(id) ranks by \(a[id]!) in one order, \(b[id]!) in the other")
                break
            }
        }
    }
}
