import InstantSearchCore
import PostgresBackend
import SearchEngine
import Testing

/// The PostgreSQL backend against the embedded engine, same records, same queries. Where the
/// semantics coincide — which records match, facet counts, ranges, stats, highlighted words —
/// the answers must be equal. Ranking is not compared (ts_rank is not the engine's tie-breaks),
/// nor typo tolerance beyond what the fixture's words make identical (see the README).
@Suite(.serialized, needsServer) struct PostgresComparisonTests {
    static let all = 100

    @Test(arguments: ["sony", "speaker", "wireless", "television black", "galaxy", "noise cancelling"])
    func wordsMatchTheSameRecords(text: String) async throws {
        let (postgres, embedded) = try await both(Query(text: text + " ", hitsPerPage: Self.all))
        #expect(postgres.nbHits > 0)
        #expect(ids(postgres) == ids(embedded))
        #expect(postgres.nbHits == embedded.nbHits)
    }

    @Test(arguments: ["hea", "sony hea", "ear", "tele", "s", "apple pro"])
    func theLastWordIsAPrefix(text: String) async throws {
        let (postgres, embedded) = try await both(Query(text: text, hitsPerPage: Self.all))
        #expect(postgres.nbHits > 0)
        #expect(ids(postgres) == ids(embedded))
    }

    @Test(arguments: ["hedphones ", "speeker ", "televsion ", "earbuts "])
    func aTypoStillFinds(text: String) async throws {
        let (postgres, embedded) = try await both(Query(text: text, hitsPerPage: Self.all))
        #expect(postgres.nbHits > 0, "no hit for \(text)")
        #expect(ids(postgres) == ids(embedded))
    }

    @Test func disjunctiveFacetCountsIgnoreTheirOwnRefinements() async throws {
        let query = Query(
            text: "", hitsPerPage: Self.all, disjunctiveFacets: ["brand", "colour"],
            facetRefinements: ["brand": ["Sony", "Bose"], "category": ["Audio"], "colour": ["black", "white"]])
        let (postgres, embedded) = try await both(query)
        #expect(ids(postgres) == ids(embedded))
        #expect(counts(postgres) == counts(embedded))
        // Brand counts span every brand of black or white audio, not only the refined two.
        #expect((postgres.facets["brand"]?.count ?? 0) > 2)
    }

    @Test func conjunctiveRefinementsOfAnArrayFacetNeedEveryValue() async throws {
        let query = Query(text: "", hitsPerPage: Self.all, facetRefinements: ["tags": ["wireless", "travel"]])
        let (postgres, embedded) = try await both(query)
        #expect(ids(postgres) == ["p1", "p5", "p15"])
        #expect(ids(postgres) == ids(embedded))
        #expect(counts(postgres) == counts(embedded))
    }

    @Test func numericRangesFilterAndStatsIgnoreTheirOwnRange() async throws {
        let query = Query(
            text: "", hitsPerPage: Self.all, disjunctiveFacets: ["brand"], facetRefinements: ["category": ["Audio"]],
            numericRanges: ["price": NumericRange(lower: 100, upper: 400), "rating": NumericRange(lower: 4.2)])
        let (postgres, embedded) = try await both(query)
        #expect(postgres.nbHits > 0 && ids(postgres) == ids(embedded))
        #expect(counts(postgres) == counts(embedded))
        for attribute in ["price", "rating"] {
            let p = try #require(postgres.facetStats[attribute])
            let e = try #require(embedded.facetStats[attribute])
            #expect(p.min == e.min && p.max == e.max && abs(p.sum - e.sum) < 1e-6 && abs(p.avg - e.avg) < 1e-6, "\(attribute)")
        }
    }

    @Test func aSortOrdersEveryPageByTheAttributeAndStrictBoundsLeaveTheirValueOut() async throws {
        var query = Query(text: "", hitsPerPage: 5, numericRanges: ["price": NumericRange(upper: 400, excludesUpper: true)])
        query.sortBy = SortCriterion(attribute: "price", ascending: false)
        let (postgres, embedded) = try await both(query)
        #expect(postgres.nbHits == embedded.nbHits && postgres.nbHits > 5)
        let prices = postgres.hits.compactMap { $0.record["price"]?.numberValue }
        #expect(prices == embedded.hits.compactMap { $0.record["price"]?.numberValue }, "the same prices, in the same order")
        #expect(prices == prices.sorted(by: >) && prices.allSatisfy { $0 < 400 })
        let (page2, _) = try await both(query.withPage(1))
        #expect((page2.hits.first?.record["price"]?.numberValue ?? .infinity) <= prices.last!, "page 2 continues the order")
    }

    @Test func searchAndRefinementsTogether() async throws {
        let query = Query(
            text: "headphones", hitsPerPage: Self.all, disjunctiveFacets: ["brand"],
            facetRefinements: ["brand": ["Apple", "JBL"]], numericRanges: ["price": NumericRange(upper: 600)])
        let (postgres, embedded) = try await both(query)
        #expect(ids(postgres) == ["p9", "p15"])
        #expect(ids(postgres) == ids(embedded))
        #expect(counts(postgres) == counts(embedded))
    }

    @Test(arguments: ["sony hea", "quiet", "galaxy ph", "noise"])
    func highlightsMarkTheSameWords(text: String) async throws {
        let (postgres, embedded) = try await both(Query(text: text, hitsPerPage: Self.all))
        let engine = Dictionary(uniqueKeysWithValues: embedded.hits.map { ($0.objectID, $0) })
        #expect(!postgres.hits.isEmpty)
        for hit in postgres.hits {
            let other = try #require(engine[hit.objectID])
            for attribute in ["name", "description"] {
                let mine = hit.highlights[attribute]
                let theirs = other.highlights[attribute]
                #expect(mine?.values.map { $0.tagged() } == theirs?.values.map { $0.tagged() }, "\(hit.objectID).\(attribute)")
                #expect(mine?.matchLevel == theirs?.matchLevel, "\(hit.objectID).\(attribute) match level")
            }
        }
    }

    @Test func pagesSplitTheResultsWithoutOverlap() async throws {
        let (postgres, _) = try await Backends.shared.get()
        var seen: [String] = []
        var pages = 0
        for page in 0..<4 {
            let results = try await postgres.search(
                IndexedQuery(indexName: "products", query: Query(text: "", page: page, hitsPerPage: 6)))
            pages = results.nbPages
            seen += results.hits.map(\.objectID)
            #expect(results.nbHits == 20)
        }
        #expect(pages == 4)
        #expect(seen.count == 20 && Set(seen).count == 20)
    }

    @Test func customRankingOrdersAnEmptyQuery() async throws {
        let (postgres, embedded) = try await both(Query(text: "", hitsPerPage: 5))
        #expect(postgres.hits.map(\.objectID) == embedded.hits.map(\.objectID))
        #expect(postgres.hits.first?.objectID == "p13", "the most reviewed first")
    }

    @Test func theTableKeepsItsSettings() async throws {
        let (postgres, embedded) = try await Backends.shared.get()
        let description = try #require(postgres.descriptions.first)
        let expected = try #require(embedded.descriptions.first)
        #expect(description.searchableAttributes == expected.searchableAttributes)
        #expect(description.facetAttributes == expected.facetAttributes)
        #expect(description.disjunctiveFacets == expected.disjunctiveFacets)
        #expect(description.numericAttributes == expected.numericAttributes)
    }
}
