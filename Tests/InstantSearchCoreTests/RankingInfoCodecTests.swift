import InstantSearchCore
import Testing

/// `getRankingInfo` and `_rankingInfo` through the Algolia codec: what `--remote` sends and
/// reads back, so the preview pane explains a remote hit as it does a local one.
@Suite struct RankingInfoCodecTests {
    @Test func getRankingInfoIsSentOnlyWhenAskedAndReadBackByTheServer() throws {
        var query = Query(text: "sony")
        #expect(AlgoliaRequest.json(IndexedQuery(indexName: "products", query: query))["getRankingInfo"] == nil)
        query.getRankingInfo = true
        let written = AlgoliaRequest.json(IndexedQuery(indexName: "products", query: query))
        #expect(written["getRankingInfo"] == .bool(true))
        let read = try AlgoliaParameters(values: written.objectValue!.reduce(into: [:]) { $0[$1.key] = $1.value }).query(alsoAllowed: ["indexName"])
        #expect(read.getRankingInfo)
    }

    @Test func rankingInfoWrittenByTheServerReadsBackTheSame() throws {
        let info = RankingInfo(
            ranking: ["typo", "words", "proximity", "attribute", "exact", "custom"], nbTypos: 1, words: 2,
            proximityDistance: 3, matchedAttribute: "name", firstMatchedWord: 1002, exact: 1, nbExactWords: 1,
            customRanking: ["reviews": 29, "rating": 4.5], userScore: 17)
        let hit = Hit(objectID: "7", record: ["name": "Sony Bravia TV"], rankingInfo: info)
        let results = SearchResults(indexName: "products", query: "sony", hits: [hit, Hit(objectID: "8", record: ["name": "LG"])], nbHits: 2)
        let read = try AlgoliaResponse.results(AlgoliaResponse.json(results), for: IndexedQuery(indexName: "products", query: Query()))
        #expect(read.hits[0].rankingInfo == info)
        #expect(read.hits[0].record["_rankingInfo"] == nil, "not a field of the record")
        #expect(read.hits[1].rankingInfo == nil, "a hit sent without it has none")
    }

    /// Algolia's clients refuse a `_rankingInfo` without these (its Python client's models
    /// require them); Algolia sends 0 for what it did not measure, and so does the server.
    @Test func rankingInfoAlwaysCarriesTheFieldsAlgoliasClientsRequire() throws {
        let hit = Hit(objectID: "1", record: ["name": "x"], rankingInfo: RankingInfo(ranking: ["words", "custom"], words: 0))
        let written = AlgoliaResponse.json(SearchResults(indexName: "i", query: "", hits: [hit], nbHits: 1))
        let info = try #require(written["hits"]?.arrayValue?.first?["_rankingInfo"])
        for field in ["nbTypos", "firstMatchedWord", "nbExactWords", "geoDistance", "userScore"] {
            #expect(info[field] == .number(0), "\(field)")
        }
        let read = try AlgoliaResponse.results(written, for: IndexedQuery(indexName: "i", query: Query()))
        #expect(read.hits[0].rankingInfo?.geoDistance == nil, "a distance comes with its precision; 0 alone is none")
    }

    @Test func aPromotedHitSaysSoOnlyWhenTheRankingIsAskedFor() throws {
        var promoted = Hit(objectID: "1", record: ["name": "x"])
        promoted.isPromoted = true
        let results = SearchResults(indexName: "i", query: "x", hits: [promoted], nbHits: 1)
        #expect(AlgoliaResponse.json(results)["hits"]?.arrayValue?.first?["_rankingInfo"] == nil)
        var shape = AlgoliaHitShape()
        shape.getRankingInfo = true
        let asked = AlgoliaResponse.json(results, shape: shape)["hits"]?.arrayValue?.first?["_rankingInfo"]
        #expect(asked?["promoted"] == .bool(true) && asked?["nbTypos"] == .number(0))
    }

    @Test func algoliasOwnRankingInfoReadsWithItsDefaultCriteriaAndBadValuesAreDropped() throws {
        let response: JSONValue = [
            "hits": [
                [
                    "objectID": "1", "name": "x",
                    "_rankingInfo": [
                        "nbTypos": 0, "words": 2, "proximityDistance": 1.5, "firstMatchedWord": 1e300, "userScore": 4,
                        "filters": 0, "geoDistance": 0, "nbExactWords": 2,
                    ],
                ]
            ], "nbHits": 1,
        ]
        let read = try AlgoliaResponse.results(response, for: IndexedQuery(indexName: "i", query: Query()))
        let info = try #require(read.hits[0].rankingInfo)
        #expect(info.ranking.first == "typo" && info.ranking.contains("custom"))
        #expect(info.nbTypos == 0 && info.words == 2 && info.nbExactWords == 2 && info.userScore == 4)
        #expect(info.proximityDistance == nil && info.firstMatchedWord == nil, "not whole numbers in range: left out")
    }
}
