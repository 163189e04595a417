import InstantSearchCore
import Testing

/// One codec, both directions: what the client writes the server reads back as the same query,
/// and what the server writes the client reads back as the same results.
@Suite struct AlgoliaCodecTests {
    @Test func aQueryWrittenAsParametersReadsBackAsTheSameQuery() throws {
        var query = Query(text: "sony tv", page: 2, hitsPerPage: 5, facets: ["brand", "category"], disjunctiveFacets: ["brand"])
        query.facetRefinements = ["brand": ["Sony", "-LG"], "category": ["TV"]]
        query.numericRanges = ["price": NumericRange(lower: 100, upper: 900.5), "rating": NumericRange(upper: 4, excludesUpper: true)]
        let written = AlgoliaRequest.json(IndexedQuery(indexName: "products", query: query))
        #expect(written["indexName"]?.stringValue == "products")
        let read = try AlgoliaParameters(values: written.objectValue!.reduce(into: [:]) { $0[$1.key] = $1.value })
            .query(alsoAllowed: ["indexName"])
        #expect(read.text == query.text)
        #expect(read.page == 2 && read.hitsPerPage == 5)
        #expect(read.facets == query.facets)
        // Ranged attributes are listed too: their stats ignore their own range, as the engine's do.
        #expect(read.disjunctiveFacets == query.disjunctiveFacets.union(["price", "rating"]))
        #expect(read.facetRefinements == query.facetRefinements, "a value starting with - is escaped, not negated")
        #expect(read.numericRanges == query.numericRanges)
        #expect(read.filters == nil)
    }

    @Test func resultsWrittenAsAResponseReadBackAsTheSameResults() throws {
        let hit = Hit(
            objectID: "7", record: ["name": "Sony Bravia TV", "tags": ["tv", "oled"]],
            highlights: [
                "name": AttributeHighlight(
                    values: [HighlightedText(text: "Sony Bravia TV", matchedRanges: [0..<4])], matchLevel: .full, matchedWords: ["sony"])
            ])
        let results = SearchResults(
            indexName: "products", query: "sony", hits: [hit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20,
            facets: ["brand": [FacetValueCount(value: "Sony", count: 1)]],
            facetStats: ["price": FacetStats(min: 1, max: 9, avg: 5, sum: 10)], processingTimeMS: 1)
        let read = try AlgoliaResponse.results(
            AlgoliaResponse.json(results), for: IndexedQuery(indexName: "products", query: Query(text: "sony")))
        #expect(read.hits.map(\.objectID) == ["7"])
        #expect(read.hits[0].record["name"] == "Sony Bravia TV")
        #expect(read.hits[0].highlights == hit.highlights)
        #expect(read.facets == results.facets)
        #expect(read.facetStats == results.facetStats)
        #expect(read.nbHits == 1 && read.query == "sony")
    }

    @Test func facetValuesWrittenAndReadBack() throws {
        let found = FacetSearchResults(facetHits: [FacetValueCount(value: "Drama", count: 3)], processingTimeMS: 1)
        let written = AlgoliaResponse.json(found, typed: "dra")
        #expect(written["facetHits"]?.arrayValue?.first?["highlighted"]?.stringValue == "<em>Dra</em>ma")
        #expect(try AlgoliaResponse.facetHits(written).facetHits == found.facetHits)
    }

    @Test func facetValuesMarkEachTypedWordWhereAWordOfTheValueStartsWithIt() {
        func highlighted(_ value: String, _ typed: String) -> String? {
            let found = FacetSearchResults(facetHits: [FacetValueCount(value: value, count: 1)], processingTimeMS: 1)
            return AlgoliaResponse.json(found, typed: typed)["facetHits"]?.arrayValue?.first?["highlighted"]?.stringValue
        }
        #expect(highlighted("Ursula Le Guin", "le g") == "Ursula <em>Le</em> <em>G</em>uin")
        #expect(highlighted("Économie", "eco") == "<em>Éco</em>nomie", "diacritics folded")
        #expect(highlighted("Blue-ray", "ray") == "Blue-<em>ray</em>", "a word start after punctuation")
        #expect(highlighted("Garage", "ra") == "Garage", "never inside a word")
        #expect(highlighted("Sony", "") == "Sony")
    }

    @Test func aBadParameterSaysWhich() {
        #expect(throws: AlgoliaParameterError("page must be an integer from 0 to 10000")) {
            try AlgoliaParameters(values: ["page": "-1"]).query()
        }
    }
}
