import InstantSearchCore
import Testing

@testable import SearchEngine

/// Popularity-aware ranking (`relevanceBucketWidth`): the relevance table of
/// `PopularityFixture`, query → the expected top hit with buckets 2 points wide.
@Suite struct PopularityRankingTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var query: String
        var top: String
        var why: String
        var testDescription: String { "\(query.debugDescription) → \(top): \(why)" }
    }

    static let table: [Row] = [
        Row(query: "http library", top: "requests", why: "popular, words in its description; the obscure name holds them"),
        Row(query: "http client", top: "httpx", why: "description match one attribute down, same bucket"),
        Row(query: "web framework", top: "django", why: "description side by side beats an obscure name"),
        Row(query: "data analysis", top: "pandas", why: "description"),
        Row(query: "scientific computing", top: "scipy", why: "description"),
        Row(query: "imaging library", top: "pillow", why: "description"),
        Row(query: "yaml parser", top: "pyyaml", why: "description"),
        Row(query: "imaging", top: "pillow", why: "one word, in the description of the popular one"),
        Row(query: "reqests", top: "requests", why: "one typo on a popular name beats an obscure exact prefix"),
        Row(query: "flsk", top: "flask", why: "one typo from four letters beats an obscure prefix"),
        Row(query: "pands", top: "pandas", why: "a prefix with one typo beats an obscure exact prefix"),
        Row(query: "numpi", top: "numpi", why: "the name typed exactly, whole: two points ahead, another bucket"),
        Row(query: "pandsa", top: "pandsa", why: "an obscure package named exactly what was typed"),
        Row(query: "requests", top: "requests", why: "exact name, and popular"),
        Row(query: "toolbelt", top: "requests-toolbelt", why: "the only match"),
        Row(query: "requests toolbelt", top: "requests-toolbelt", why: "only it has both words"),
        Row(query: "python web", top: "django", why: "side by side in a popular description"),
        Row(query: "array computing", top: "numpy", why: "description"),
        Row(query: "left pad", top: "string-tools", why: "popular description with the words side by side, same bucket as the name"),
        Row(query: "numpy", top: "numpy", why: "exact name"),
    ]

    @Test(arguments: table)
    func topHit(_ row: Row) throws {
        let results = try PopularityFixture.bucketed.search(Query(text: row.query, hitsPerPage: 5))
        #expect(results.hits.first?.objectID == row.top, "\(row.why); got \(results.hits.map(\.objectID))")
    }

    /// Without the setting, Algolia's tie-break order: attribute and typos before popularity.
    @Test func offKeepsTheTieBreakOrder() throws {
        let index = PopularityFixture.unbucketed
        #expect(try index.search(Query(text: "http library")).hits.first?.objectID == "http-library-lite")
        #expect(try index.search(Query(text: "reqests")).hits.first?.objectID == "reqests2")
        let failing = Self.table.filter { row in
            (try? index.search(Query(text: row.query, hitsPerPage: 1)).hits.first?.objectID) != row.top
        }
        #expect(failing.count >= 10, "the table would not show the setting: \(failing.map(\.query))")
    }

    @Test func rankingInfoExplainsTheBucket() throws {
        var query = Query(text: "http library", hitsPerPage: 5)
        query.getRankingInfo = true
        let hits = try PopularityFixture.bucketed.search(query).hits
        let info = try #require(hits.first?.rankingInfo)
        #expect(info.relevanceBucket == 0 && info.relevancePoints == 1)
        let lite = try #require(hits.first { $0.objectID == "http-library-lite" }?.rankingInfo)
        #expect(lite.relevanceBucket == 0 && lite.relevancePoints == 0)
        let json = AlgoliaResponse.json(try PopularityFixture.bucketed.search(query))
        #expect(json["hits"]?.arrayValue?.first?["_rankingInfo"]?["relevanceBucket"] == .number(0))
        #expect(try PopularityFixture.unbucketed.search(query).hits.first?.rankingInfo?.relevanceBucket == nil)
    }

    /// Records as popular as each other keep their text order inside a bucket.
    @Test func equalPopularityFallsBackToText() throws {
        let records: [JSONValue] = [
            PopularityFixture.package("alpha-beta", "gamma", 5),
            PopularityFixture.package("gamma", "alpha beta", 5),
        ]
        let index = SearchIndex(name: "p", records: records, settings: PopularityFixture.settings(bucketWidth: 2))
        #expect(try index.search(Query(text: "alpha beta")).hits.map(\.objectID) == ["alpha-beta", "gamma"])
    }

    @Test func settingIsReadAndKept() throws {
        let settings = try IndexSettings.parse(text: #"{"relevanceBucketWidth": 3}"#)
        #expect(settings.relevance.relevanceBucketWidth == 3)
        #expect(throws: DataError.self) { try IndexSettings.parse(text: #"{"relevanceBucketWidth": 101}"#) }
        #expect(throws: DataError.self) { try IndexSettings.parse(text: #"{"relevanceBucketWidth": -1}"#) }
        let written = PopularityFixture.bucketed.settings.fileJSON()
        #expect(written["relevanceBucketWidth"] == .number(2))
    }

    /// The existing relevance tables with the setting on (README: how many rows still hold).
    @Test func existingTablesWithBuckets() throws {
        var films = RelevanceFixture.settings
        films.relevance.relevanceBucketWidth = 2
        let filmIndex = SearchIndex(name: "films", records: RelevanceFixture.films, settings: films)
        let filmRows = try RelevanceTests.table.filter { row in
            try filmIndex.search(Query(text: row.query, hitsPerPage: row.expected.count + 5)).hits.map(\.objectID) == row.expected
        }
        var packages = 0
        var failing = RelevanceTests.table.filter { row in !filmRows.contains { $0.query == row.query } }.map(\.query)
        for row in RelevanceRulesTests.table {
            let index = SearchIndex(
                name: "packages", records: RelevanceRulesFixture.records,
                settings: RelevanceRulesFixture.settings { relevance in
                    relevance = row.variant.index.settings.relevance
                    relevance.relevanceBucketWidth = 2
                })
            if try index.search(Query(text: row.query, hitsPerPage: 50)).hits.map(\.objectID) == row.expected {
                packages += 1
            } else {
                failing.append("[\(row.variant.rawValue)] \(row.query)")
            }
        }
        print(
            "relevance tables with relevanceBucketWidth 2: films \(filmRows.count)/\(RelevanceTests.table.count), packages \(packages)/\(RelevanceRulesTests.table.count); rows that differ: \(failing)"
        )
        // Rows whose point is text before popularity ("typos outrank popularity") differ on purpose.
        #expect(filmRows.count == 19)
        #expect(packages == 43)
    }
}
