import InstantSearchCore
import Testing

@testable import SearchEngine

/// Relevant sort: a sorted view keeps the hits whose relevance points are within
/// (100 − relevancyStrictness)% of the span from the best to the worst, and says so.
@Suite struct RelevantSortTests {
    /// "phone" matches by name exactly (0 points), by name inside (1), in the description (2),
    /// and with a typo in the description (3).
    static let records: [JSONValue] = [
        product("a", "phone", "", 900), product("b", "phone case", "", 5), product("c", "cable", "for a phone", 1),
        product("d", "charger", "fits any phnoe", 2),
    ]
    static let index = SearchIndex(
        name: "products", records: records,
        settings: IndexSettings(searchableAttributes: ["name", "description"], attributesForFaceting: [], numericAttributesForFiltering: ["price"]))

    static func product(_ id: String, _ name: String, _ description: String, _ price: Double) -> JSONValue {
        ["objectID": .string(id), "name": .string(name), "description": .string(description), "price": .number(price)]
    }

    static func sorted(_ strictness: Int?, hitsPerPage: Int = 10, in index: SearchIndex = index) throws -> SearchResults {
        var query = Query(text: "phone", hitsPerPage: hitsPerPage)
        query.sortBy = SortCriterion(attribute: "price", ascending: true)
        query.relevancyStrictness = strictness
        return try index.search(query)
    }

    @Test(arguments: [
        (100, ["a"]), (75, ["a"]), (50, ["b", "a"]), (30, ["c", "b", "a"]), (0, ["c", "d", "b", "a"]),
    ])
    func strictnessDecidesTheCut(_ strictness: Int, _ expected: [String]) throws {
        let results = try Self.sorted(strictness)
        #expect(results.hits.map(\.objectID) == expected)
        #expect(results.nbHits == 4)
        #expect(results.nbSortedHits == expected.count && results.appliedRelevancyStrictness == strictness)
    }

    @Test func pagesCountTheSortedHits() throws {
        let results = try Self.sorted(30, hitsPerPage: 2)
        #expect(results.nbPages == 2 && results.nbSortedHits == 3)
    }

    @Test func withoutStrictnessEveryHitIsSortedAndNothingIsSaid() throws {
        let results = try Self.sorted(nil)
        #expect(results.hits.count == 4 && results.nbSortedHits == nil && results.appliedRelevancyStrictness == nil)
        // Relevance order (no sort) never cuts, whatever the strictness.
        var query = Query(text: "phone")
        query.relevancyStrictness = 100
        #expect(try Self.index.search(query).nbSortedHits == nil)
    }

    @Test func theIndexSettingIsTheDefault() throws {
        var settings = try IndexSettings.parse(text: #"{"relevancyStrictness": 100}"#)
        settings.searchableAttributes = ["name", "description"]
        settings.numericAttributesForFiltering = ["price"]
        let strict = SearchIndex(name: "p", records: Self.records, settings: settings)
        #expect(try Self.sorted(nil, in: strict).nbSortedHits == 1)
        #expect(try Self.sorted(0, in: strict).nbSortedHits == 4, "a query's own strictness wins")
        #expect(throws: DataError.self) { try IndexSettings.parse(text: #"{"relevancyStrictness": 101}"#) }
    }

    @Test func theAnswerCarriesAlgoliasFields() throws {
        let json = AlgoliaResponse.json(try Self.sorted(100))
        #expect(json["appliedRelevancyStrictness"] == .number(100) && json["nbSortedHits"] == .number(1))
        let back = try AlgoliaResponse.results(json, for: IndexedQuery(indexName: "p", query: Query()))
        #expect(back.nbSortedHits == 1 && back.appliedRelevancyStrictness == 100)
    }
}
