import InstantSearchCore
import Synchronization
import Testing

/// Show more / less, order by count or name, refined first (the interactor), and the hub's part:
/// the query asks for more values when a list is expanded, and a search in a list's values goes
/// through a facet searcher with the query and refinements in force.
@Suite struct FacetListTests {
    private let brands = (1...30).map { FacetValueCount(value: "Brand \($0)", count: 100 - $0) }

    @Test func aCollapsedListShowsTheLimitAnExpandedOneUpToTheShowMoreLimit() {
        let interactor = FacetListInteractor(attributes: ["brand"], disjunctiveFacets: [], limit: 10, showMoreLimit: 25)
        let results = SearchResults(indexName: "p", facets: ["brand": brands])
        let collapsed = interactor.sections(results: results, query: Query())[0]
        #expect(collapsed.items.count == 10 && !collapsed.isExpanded && collapsed.canToggleShowMore)
        let expanded = interactor.sections(results: results, query: Query(), display: FacetListState(expanded: ["brand"]))[0]
        #expect(expanded.items.count == 25 && expanded.isExpanded && expanded.canToggleShowMore)
        #expect(interactor.maxValuesPerFacet(FacetListState()) == 11, "one past the limit says there is more")
        #expect(interactor.maxValuesPerFacet(FacetListState(expanded: ["brand"])) == 25)
        #expect(interactor.maxValuesPerFacet(FacetListState(defaultOrder: ["brand": .name])) == 25, "the first by name need more")
        let byName = interactor.sections(results: results, query: Query(), display: FacetListState(chosenOrder: ["brand": .name]))[0]
        #expect(byName.items.map(\.value).prefix(3) == ["Brand 1", "Brand 10", "Brand 11"], "the first ten by name of all fetched")
    }

    @Test func valuesOrderedByNameKeepRefinedOnTop() {
        let interactor = FacetListInteractor(attributes: ["brand"], disjunctiveFacets: [], limit: 4)
        let results = SearchResults(
            indexName: "p",
            facets: [
                "brand": [
                    .init(value: "sony", count: 9), .init(value: "Acer", count: 4), .init(value: "LG", count: 4), .init(value: "Bose", count: 1),
                ]
            ])
        let query = Query(facetRefinements: ["brand": ["LG"]])
        let byName = interactor.sections(results: results, query: query, display: FacetListState(chosenOrder: ["brand": .name]))[0]
        #expect(byName.items.map(\.value) == ["LG", "Acer", "Bose", "sony"])
        #expect(byName.order == .name)
        let byCount = interactor.sections(results: results, query: query, display: FacetListState(defaultOrder: ["brand": .count]))[0]
        #expect(byCount.items.map(\.value) == ["LG", "sony", "Acer", "Bose"], "ties by name")
        #expect(FacetListState(chosenOrder: ["brand": .count], defaultOrder: ["brand": .name]).order(of: "brand") == .count)
    }

    @Test func chipsListEveryRefinementAndKnowTheirRemoval() {
        let description = IndexDescription(name: "p", facetAttributes: ["category", "brand"], numericAttributes: ["rating", "price"])
        let query = Query(
            facetRefinements: ["brand": ["Sony", "LG"], "category": ["TV"], "colour": ["Black"]],
            numericRanges: ["price": NumericRange(lower: 100, upper: 500), "rating": NumericRange(lower: 4)])
        let chips = CurrentRefinements.chips(of: query, description: description)
        #expect(chips.map(\.attribute) == ["category", "brand", "brand", "colour", "rating", "price"])
        #expect(chips[1].kind == .facet(value: "LG"))
        #expect(chips[1].removal == .toggleRefinement(attribute: "brand", value: "LG"))
        #expect(chips[5].removal == .setRange(attribute: "price", range: nil))
        #expect(CurrentRefinements.chips(of: Query(), description: description).isEmpty)
    }

    // MARK: The hub

    private func makeHub(_ waking: WakingRouter, backend: BrandsBackend, byName: Bool = false) -> InstantSearch {
        var products = IndexDescription(name: "products", facetAttributes: ["brand"], disjunctiveFacets: ["brand"])
        if byName { products.facetValueOrder = ["brand": .name] }
        return InstantSearch(
            indices: [products, IndexDescription(name: "categories")], backend: backend, scheduler: ManualClock(),
            router: waking.router, facetValues: (limit: 10, showMoreLimit: 40))
    }

    @Test func showMoreAsksTheBackendForMoreValuesAndShowLessForFewer() async {
        let waking = WakingRouter()
        let backend = BrandsBackend()
        let hub = makeHub(waking, backend: backend)
        hub.start()
        await waking.deliver()
        #expect(hub.state.active.results?.facets["brand"]?.count == 11)
        hub.dispatch(.toggleShowMore(attribute: "brand"))
        #expect(hub.state.active.facetList.expanded == ["brand"])
        await waking.deliver()
        #expect(backend.maxValuesAsked.withLock { $0 } == [11, 40])
        #expect(hub.state.active.results?.facets["brand"]?.count == 40)
        hub.dispatch(.toggleShowMore(attribute: "brand"))
        await waking.deliver()
        #expect(hub.state.active.results?.facets["brand"]?.count == 11)
        #expect(hub.state.active.facetList.expanded.isEmpty)
    }

    @Test func theOrderComesFromTheSettingsAndAKeyFlipsIt() {
        let hub = makeHub(WakingRouter(), backend: BrandsBackend(), byName: true)
        #expect(hub.state.active.facetList.order(of: "brand") == .name)
        #expect(hub.searcher.query.maxValuesPerFacet == 40, "ordered by name: the show-more limit is asked for")
        hub.dispatch(.toggleFacetOrder(attribute: "brand"))
        #expect(hub.state.active.facetList.order(of: "brand") == .count)
        #expect(hub.searcher.query.maxValuesPerFacet == 11)
        hub.dispatch(.nextIndex)
        #expect(hub.state.active.facetList.order(of: "brand") == .count, "another index has its own lists")
    }

    @Test func aSearchInFacetValuesGoesThroughAFacetSearcherWithTheRefinementsInForce() async {
        let waking = WakingRouter()
        let backend = BrandsBackend()
        let hub = makeHub(waking, backend: backend)
        hub.dispatch(.setQuery("phone"))
        await waking.deliver()
        hub.dispatch(.toggleRefinement(attribute: "brand", value: "Brand 2"))
        await waking.deliver()
        hub.dispatch(.searchFacetValues(attribute: "brand", text: ""))
        #expect(hub.state.active.facetList.search?.attribute == "brand")
        await waking.deliver()
        hub.dispatch(.searchFacetValues(attribute: "brand", text: "brand 4"))
        await waking.deliver()
        let search = hub.state.active.facetList.search
        #expect(search?.text == "brand 4")
        #expect(search?.results?.facetHits.map(\.value) == ["Brand 4", "Brand 40"])
        let asked = backend.facetSearches.withLock { $0 }
        #expect(asked.last?.text == "brand 4")
        #expect(asked.last?.query.text == "phone")
        #expect(asked.last?.query.isRefined("brand", value: "Brand 2") == true)
        // A value toggled while the search is open: its counts follow the new refinements.
        hub.dispatch(.toggleRefinement(attribute: "brand", value: "Brand 40"))
        await waking.deliver(2)
        #expect(backend.facetSearches.withLock { $0 }.last?.query.isRefined("brand", value: "Brand 40") == true)
        hub.dispatch(.closeFacetSearch)
        #expect(hub.state.active.facetList.search == nil)
        #expect(hub.state.requestsSent == hub.searchers.reduce(0) { $0 + $1.requestsSent } + 3)
    }
}

extension FacetListTests {
    @Test func aBackendWithoutFacetValueSearchIsAnsweredFromItsCounts() async {
        let waking = WakingRouter()
        let backend = InstantBackend { request in
            SearchResults(
                indexName: request.indexName, query: request.query.text, hitsPerPage: request.query.hitsPerPage,
                facets: [
                    "brand": [
                        .init(value: "Samsung", count: 9), .init(value: "Sony", count: 7), .init(value: "Société Générale", count: 3),
                        .init(value: "Sonos", count: 2), .init(value: "Le Creuset", count: 1),
                    ]
                ])
        }
        let hub = InstantSearch(
            indices: [IndexDescription(name: "products", facetAttributes: ["brand"])], backend: backend, scheduler: ManualClock(),
            router: waking.router)
        hub.dispatch(.searchFacetValues(attribute: "brand", text: "so"))
        await waking.deliver()
        #expect(hub.state.active.facetList.search?.results?.facetHits.map(\.value) == ["Sony", "Société Générale", "Sonos"])
        hub.dispatch(.searchFacetValues(attribute: "brand", text: "SOCIETE g"))
        await waking.deliver()
        #expect(hub.state.active.facetList.search?.results?.facetHits.map(\.value) == ["Société Générale"], "case and accents folded")
        hub.dispatch(.searchFacetValues(attribute: "brand", text: "creu"))
        await waking.deliver()
        #expect(hub.state.active.facetList.search?.results?.facetHits.map(\.value) == ["Le Creuset"], "any word of the value")
        #expect(hub.state.active.facetList.search?.error == nil)
    }
}

/// Forty brands; facet counts honour `maxValuesPerFacet`; facet values match by prefix of a word.
final class BrandsBackend: Searchable {
    let maxValuesAsked = Mutex<[Int]>([])
    let facetSearches = Mutex<[(text: String, query: Query)]>([])
    private static let brands = (1...40).map { FacetValueCount(value: "Brand \($0)", count: 100 - $0) }

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        queries.map { request in
            // The other tab's count rides along (no facets): only facet-counting queries are noted.
            if !request.query.facets.isEmpty { maxValuesAsked.withLock { $0.append(request.query.maxValuesPerFacet) } }
            return SearchResults(
                indexName: request.indexName, query: request.query.text, nbHits: 1,
                facets: ["brand": Array(Self.brands.prefix(request.query.maxValuesPerFacet))])
        }
    }

    func searchForFacetValues(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
        facetSearches.withLock { $0.append((text, query)) }
        let hits = Self.brands.filter { text.isEmpty || $0.value.lowercased().hasPrefix(text.lowercased()) }
        return FacetSearchResults(facetHits: Array(hits.prefix(query.maxValuesPerFacet)))
    }
}
