import InstantSearchCore
import Testing

@testable import SearchEngine

/// Rules applied by the embedded backend: the query rewritten before the search, promoted records
/// put in their places (found among the hits or fetched), hidden ones left out, userData sent.
@Suite struct QueryRulesSearchTests {
    private static let records: [JSONValue] = (1...12).map { n in
        [
            "objectID": .string("r\(n)"), "name": .string(n <= 8 ? "phone model \(n)" : "tablet model \(n)"),
            "price": .number(Double(n * 100)),
        ]
    }

    private func backend(_ rules: [QueryRule]) -> EmbeddedBackend {
        let backend = EmbeddedBackend(indices: [SearchIndex(name: "items", records: Self.records)])
        backend.setRules(RuleSet(rules), of: "items")
        return backend
    }

    private func search(_ backend: EmbeddedBackend, _ query: Query) async throws -> SearchResults {
        try await backend.search([IndexedQuery(indexName: "items", query: query)])[0]
    }

    @Test func promotedRecordsTakeTheirPlacesAndHiddenOnesLeave() async throws {
        let rule = QueryRule(
            objectID: "promo", conditions: [.init(pattern: "phone", anchoring: .contains)],
            promote: [.init(objectIDs: ["r11"], position: 0), .init(objectIDs: ["r5"], position: 2)], hide: ["r1", "r2"],
            userData: ["banner": "Phones week"])
        let backend = backend([rule])
        let plain = try await search(backend, Query(text: "tablet", hitsPerPage: 3))
        #expect(plain.appliedRules.isEmpty && !plain.hits.contains(where: \.isPromoted))
        let results = try await search(backend, Query(text: "phone", hitsPerPage: 4))
        let ids = results.hits.map(\.objectID)
        #expect(ids.count == 4)
        #expect(ids[0] == "r11", "promoted though it does not match (filterPromotes is off)")
        #expect(ids[2] == "r5")
        #expect(!ids.contains("r1") && !ids.contains("r2"))
        #expect(results.hits.filter(\.isPromoted).map(\.objectID) == ["r11", "r5"])
        #expect(results.nbHits == 8 - 2 + 1, "eight phones, two hidden, one tablet promoted")
        #expect(results.userData == [["banner": "Phones week"]] && results.appliedRules == ["promo"])
        #expect(results.query == "phone")
        // The second page goes on where the first stopped, without the ones already shown.
        let second = try await search(backend, Query(text: "phone", page: 1, hitsPerPage: 4))
        #expect(Set(second.hits.map(\.objectID)).isDisjoint(with: ids))
        #expect(second.hits.count == 3 && results.nbPages == 2)
    }

    @Test func filterPromotesKeepsAPromotionThatDoesNotMatchOut() async throws {
        let rule = QueryRule(
            objectID: "p", conditions: [.init(pattern: "phone")], promote: [.init(objectIDs: ["r12", "r6"], position: 0)],
            filterPromotes: true)
        let results = try await search(backend([rule]), Query(text: "phone", hitsPerPage: 5))
        #expect(results.hits.prefix(2).map(\.objectID) == ["r1", "r6"], "r12 is a tablet: left out; r6 keeps its own place")
        #expect(!results.hits.contains { $0.objectID == "r12" })
    }

    @Test func editsAndFiltersChangeWhatIsSearched() async throws {
        let rule = QueryRule(
            objectID: "cheap", conditions: [.init(pattern: "cheap", anchoring: .startsWith)],
            edits: [.init(delete: "cheap")], filters: "price <= 300")
        let results = try await search(backend([rule]), Query(text: "cheap phone"))
        #expect(Set(results.hits.map(\.objectID)) == ["r1", "r2", "r3"], "\"cheap\" removed, the price filter added")
        #expect(results.nbHits == 3)
    }
}
