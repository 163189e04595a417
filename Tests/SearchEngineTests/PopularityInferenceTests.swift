import Testing

@testable import InstantSearchCore
@testable import SearchEngine

/// Settings inference picks the column that says how popular a record is as its custom ranking
/// (by name and by distribution), and a setting given overrides it.
@Suite struct PopularityInferenceTests {
    /// `count` skewed as real counts are: most small, a few far above the typical one.
    static func names(count: (Int) -> Double) -> [JSONValue] {
        (0..<60).map { i in
            .object(["name": .string("Mar \(i)"), "sex": .string(i % 2 == 0 ? "F" : "M"), "count": .number(count(i))])
        }
    }
    static let skewed = names { i in i % 10 == 0 ? Double(5_000 + i) : Double(10 + i) }

    @Test func aSkewedCountRanksMostPopularFirst() {
        let resolved = IndexSettings().resolved(for: Self.skewed)
        #expect(resolved.customRanking == [CustomRankingCriterion(attribute: "count", ascending: false)])
    }

    @Test func aRankAmongTheMostDownloadedRanksTheSmallestFirstAndEmptyCellsDoNotStopIt() {
        let records: [JSONValue] = (0..<60).map { i in
            var fields: [(String, JSONValue)] = [("name", .string("package\(i)")), ("summary", .string("does \(i)"))]
            fields.append(("rank_among_15000_most_downloaded", i % 3 == 0 ? .string("") : .number(Double(100 + i * 37))))
            return .object(.init(uniqueKeysWithValues: fields))
        }
        let resolved = IndexSettings().resolved(for: records)
        #expect(resolved.customRanking == [CustomRankingCriterion(attribute: "rank_among_15000_most_downloaded", ascending: true)])
    }

    @Test func aCountOfFlagsOrAnEvenSpreadIsNoPopularity() {
        #expect(IndexSettings().resolved(for: Self.names { Double($0 % 2) }).customRanking == [])
        #expect(IndexSettings().resolved(for: Self.names { Double(100 + $0) }).customRanking == [], "mean near the median: not skewed")
    }

    @Test func aRatingOrAYearIsNotPopularity() {
        let records: [JSONValue] = (0..<60).map { i in
            .object(["title": .string("Film \(i)"), "rating": .number(i % 10 == 0 ? 9.5 : 1.5), "year": .number(Double(1900 + i))])
        }
        #expect(IndexSettings().resolved(for: records).customRanking == [])
    }

    @Test func givenSettingsOverrideTheInferredRanking() {
        #expect(IndexSettings(customRanking: []).resolved(for: Self.skewed).customRanking == [], "an empty list says: by none")
        let byName = [CustomRankingCriterion(attribute: "name", ascending: true)]
        #expect(IndexSettings(customRanking: byName).resolved(for: Self.skewed).customRanking == byName)
    }

    @Test func equallyGoodMatchesComeMostPopularFirst() throws {
        let index = SearchIndex(name: "names", records: Self.skewed)
        let hits = try index.search(Query(text: "mar", hitsPerPage: 6)).hits.map { $0.record["count"] }
        #expect(hits == [50, 40, 30, 20, 10, 0].map { JSONValue.number(Double(5_000 + $0)) })
    }
}
