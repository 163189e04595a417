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

    /// A popularity inferred comes with relevance buckets 2 points wide, so it decides among
    /// matches about as good as each other; a width or a ranking the settings give stays.
    @Test func anInferredPopularityRanksWithBuckets() {
        #expect(IndexSettings().resolved(for: Self.skewed).relevance.relevanceBucketWidth == PopularityChoice.bucketWidth)
        var off = IndexSettings()
        off.relevance.relevanceBucketWidth = 0
        #expect(off.resolved(for: Self.skewed).relevance.relevanceBucketWidth == 0, "0 given: off")
        let byName = [CustomRankingCriterion(attribute: "name", ascending: true)]
        #expect(IndexSettings(customRanking: byName).resolved(for: Self.skewed).relevance.relevanceBucketWidth == nil)
        #expect(IndexSettings().resolved(for: Self.names { Double($0 % 2) }).relevance.relevanceBucketWidth == nil, "no popularity")
    }

    /// PyPI's list in miniature, its settings all inferred: a rank among the most downloaded,
    /// empty for the rest, and the summary searched after the name.
    static let packages: [JSONValue] = {
        func package(_ name: String, _ summary: String, _ rank: Int?) -> JSONValue {
            .object(["name": .string(name), "summary": .string(summary), "rank_among_15000_most_downloaded": rank.map { .number(Double($0)) } ?? .string("")])
        }
        var records = [
            package("any-case", "Snake/Camel case converter with Django and Djnago REST framework integration", nil),
            package("django-rest-polymorphic", "Polymorphic serializers for Django REST Framework.", 4277),
            package("djangorestframework", "Web APIs for Django, made easy.", 850),
            package("djangorestframework-stubs", "PEP-484 stubs for django-rest-framework", 2200),
            package("django", "A high-level Python web framework", 528),
            package("djnago-utils", "helpers", nil),
        ]
        for i in 0..<60 { records.append(package("filler\(i)", "does thing \(i)", i % 3 == 0 ? nil : 1_000 + i * 97)) }
        return records
    }()

    /// A typo in the first word, the second still being typed: the popular package whose name
    /// joins both words ("djnago rest" → `djangorest…`, one typo) before an obscure one whose
    /// summary holds them as typed, and before the less popular names that hold them apart.
    @Test(arguments: [
        ("djnago rest", ["djangorestframework", "djangorestframework-stubs", "django-rest-polymorphic"]),
        ("django rest", ["djangorestframework", "djangorestframework-stubs", "django-rest-polymorphic"]),
        ("djnago", ["django", "djangorestframework", "djangorestframework-stubs"]),
    ])
    func aPopularNameTypedWithATypoComesFirst(query: String, top: [String]) throws {
        let index = SearchIndex(name: "pypi", records: Self.packages)
        let hits = try index.search(Query(text: query, hitsPerPage: 3)).hits.map { $0.record["name"]?.stringValue ?? "" }
        #expect(hits == top)
    }
}
