import Foundation
import InstantSearchCore
import OrderedCollections
import SearchEngine
import Testing

@testable import ElasticsearchBackend

/// The query DSL both ways, against documents written from the public Elasticsearch
/// reference (search API, bool / multi_match / terms / range queries, post_filter, filter,
/// terms and stats aggregations, highlighting, get-mapping). No cluster runs here: these
/// tests are the whole of the checking.
struct ElasticsearchMappingTests {
    let products = ElasticsearchIndex(
        name: "products", searchableAttributes: ["name", "description", "category"],
        facetAttributes: ["brand", "category"], disjunctiveFacets: ["brand"], numericAttributes: ["price", "rating"],
        aggregatableField: ["category": "category.raw"])

    @Test func theMappingDecidesWhatIsSearchedFacetedAndRanged() throws {
        let index = try ElasticsearchIndex.fromMapping(fixture("mapping-response"), name: "products")
        #expect(index.searchableAttributes == ["name", "description", "category"])
        #expect(index.facetAttributes == ["category", "brand", "colour", "in_stock", "maker.country"], "objectID is an identifier")
        #expect(index.aggregatableField["category"] == "category.raw")
        #expect(index.field(forFacet: "brand") == "brand")
        #expect(index.numericAttributes == ["price", "rating", "reviews"])
        #expect(index.disjunctiveFacets.contains("colour"))
        #expect(index.description.displayAttributes.first == "name")
    }

    @Test func anEmptyQueryMatchesAllAndCountsEveryFacetWithoutHighlight() throws {
        let body = try ElasticsearchRequest.body(
            for: Query(hitsPerPage: 20, facets: ["*"], disjunctiveFacets: ["brand"]), index: products)
        #expect(body["query"]?["bool"]?["must"]?.arrayValue?.first == ["match_all": [:]])
        #expect(body["from"] == 0 && body["size"] == 20 && body["track_total_hits"] == true)
        #expect(body["post_filter"] == nil && body["highlight"] == nil)
        let aggregations = try #require(body["aggs"]?.objectValue)
        #expect(Array(aggregations.keys) == ["brand", "category", "price", "rating"])
        #expect(aggregations["category"]?["aggs"]?["values"]?["terms"]?["field"] == "category.raw")
        #expect(aggregations["price"]?["filter"] == ["match_all": [:]])
    }

    @Test func refinementsRangesAndPagingMapToTheDocumentedRequest() throws {
        var query = Query(
            text: "sony hea ", page: 1, hitsPerPage: 10, facets: ["brand", "category"], disjunctiveFacets: ["brand"],
            facetRefinements: ["brand": ["Sony", "Bose"], "category": ["Audio"]],
            numericRanges: ["price": NumericRange(lower: 50, upper: 400)])
        query.maxValuesPerFacet = 100
        let body = try ElasticsearchRequest.body(for: query, index: products)
        #expect(canonical(body) == canonical(try fixture("request-refined")))
    }

    @Test func aConjunctiveFacetWithTwoValuesNeedsBoth() throws {
        let query = Query(text: "x", facets: ["category"], facetRefinements: ["category": ["Audio", "Video"]])
        let body = try ElasticsearchRequest.body(for: query, index: products)
        #expect(body["query"]?["bool"]?["filter"] == [["term": ["category.raw": "Audio"]], ["term": ["category.raw": "Video"]]])
        #expect(body["post_filter"] == nil)
    }

    @Test func anOpenEndedRangeHasOneBound() throws {
        let body = try ElasticsearchRequest.body(
            for: Query(numericRanges: ["rating": NumericRange(lower: 4)]), index: products)
        #expect(body["post_filter"]?["bool"]?["filter"] == [["range": ["rating": ["gte": 4]]]])
    }

    @Test func aTypedStrictBoundAndASortMapToGtLtAndSort() throws {
        var query = Query(numericRanges: ["price": NumericRange(upper: 50, excludesUpper: true), "rating": NumericRange(lower: 4, excludesLower: true)])
        query.sortBy = SortCriterion(attribute: "price", ascending: false)
        let body = try ElasticsearchRequest.body(for: query, index: products)
        #expect(body["post_filter"]?["bool"]?["filter"] == [["range": ["price": ["lt": 50]]], ["range": ["rating": ["gt": 4]]]])
        #expect(body["sort"] == [["price": ["order": "desc", "missing": "_last"]], "_score"], "relevance breaks the sort's ties")
    }

    @Test func filterStringsAreRefusedClearly() throws {
        var query = Query(text: "x")
        query.filters = "brand:Sony"
        #expect(throws: SearchError.unsupported("filter strings (--filters) on Elasticsearch")) {
            try ElasticsearchRequest.body(for: query, index: products)
        }
    }

    @Test func theResponseMapsToHitsHighlightsFacetsAndStats() throws {
        let query = IndexedQuery(indexName: "products", query: Query(text: "sony headphones", page: 0, hitsPerPage: 10))
        let results = try ElasticsearchResponse.results(fixture("search-response"), for: query, index: products)
        #expect(results.nbHits == 23 && results.nbPages == 3 && results.page == 0 && results.processingTimeMS == 7)
        #expect(results.hits.map(\.objectID) == ["p-17", "p-4"])
        #expect(results.hits[0].record["price"] == 349.99)
        let name = try #require(results.hits[0].highlights["name"])
        #expect(name.values == [HighlightedText(text: "Sony WH-1000XM5 Headphones", matchedRanges: [0..<4, 16..<26])])
        #expect(name.matchLevel == .full && name.matchedWords == ["sony", "headphones"])
        #expect(results.hits[0].highlights["category"]?.matchLevel == MatchLevel.none)
        let description = try #require(results.hits[1].highlights["description"])
        #expect(description.matchLevel == .partial && description.values[0].tagged() == "<em>Sony</em>-beating noise cancelling, says the box")
        #expect(results.hits[1].highlights["name"]?.values == [HighlightedText(text: "Bose QuietComfort Earbuds")])
        #expect(
            results.facets["brand"] == [
                FacetValueCount(value: "Sony", count: 17), FacetValueCount(value: "Bose", count: 6),
                FacetValueCount(value: "JBL", count: 8),
            ])
        #expect(results.facets["in_stock"]?.map(\.value) == ["true", "false"])
        #expect(results.facets["reviews"] == [FacetValueCount(value: "12", count: 4)])
        #expect(results.facetStats["price"] == FacetStats(min: 19.5, max: 899, avg: 240.25, sum: 9610))
        #expect(results.facetStats["rating"] == nil, "no value in scope: no stats")
    }

    @Test func anErrorDocumentBecomesABackendError() throws {
        let query = IndexedQuery(indexName: "productz", query: Query())
        #expect(throws: SearchError.backend("Elasticsearch: no such index [productz]")) {
            try ElasticsearchResponse.results(try fixture("error-response"), for: query, index: products)
        }
    }

    @Test func aPre7TotalIsAPlainNumber() throws {
        let response: JSONValue = ["took": 1, "hits": ["total": 3, "hits": []]]
        let results = try ElasticsearchResponse.results(
            response, for: IndexedQuery(indexName: "products", query: Query()), index: products)
        #expect(results.nbHits == 3 && results.hits.isEmpty)
    }

    @Test func aClusterIsAskedLikeANetworkServiceDebounced() {
        let backend = ElasticsearchBackend(baseURL: URL(string: "http://127.0.0.1:9200")!, indices: [products])
        #expect(backend.requestPolicy == .network)
    }

    @Test func theBackendMapsBothWaysThroughTheAdapter() throws {
        let backend = ElasticsearchBackend(baseURL: URL(string: "http://127.0.0.1:9200")!, indices: [products])
        let query = IndexedQuery(indexName: "products", query: Query(text: "sony"))
        let request = try backend.map(query: query)
        #expect(request.index.name == "products" && request.body["size"] == 20)
        #expect(throws: SearchError.unknownIndex("nope")) { try backend.map(query: IndexedQuery(indexName: "nope", query: Query())) }
        #expect(try backend.map(results: fixture("search-response"), for: query).nbHits == 23)
        #expect(backend.descriptions.map(\.name) == ["products"])
    }

    @Test func taggedTextGivesCharacterRanges() {
        #expect(HighlightedText(tagged: "<em>Son</em>y Bravia") == HighlightedText(text: "Sony Bravia", matchedRanges: [0..<3]))
        #expect(HighlightedText(tagged: "café <em>crème</em>") == HighlightedText(text: "café crème", matchedRanges: [5..<10]))
        #expect(HighlightedText(tagged: "<em>a</em><em>b</em>c").matchedRanges == [0..<2])
        #expect(HighlightedText(tagged: "plain") == HighlightedText(text: "plain"))
    }
}

/// A fixture document, parsed with the engine's JSON reader (keys keep their order).
func fixture(_ name: String) throws -> JSONValue {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
    let records = try DataLoader.load(bytes: [UInt8](try Data(contentsOf: url)), name: name, format: .ndjson)
    return try #require(records.first)
}

/// Keys sorted at every level: JSON objects are unordered, so two documents compare by content.
func canonical(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let fields):
        var sorted = OrderedDictionary<String, JSONValue>()
        for key in fields.keys.sorted() { sorted[key] = canonical(fields[key]!) }
        return .object(sorted)
    case .array(let items): return .array(items.map(canonical))
    default: return value
    }
}
