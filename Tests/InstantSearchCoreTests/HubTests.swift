import InstantSearchCore
import Testing

@Suite struct HubTests {
    private func makeHub(_ waking: WakingRouter) -> InstantSearch {
        let backend = InstantBackend { request in
            results(request.indexName, text: request.query.text, titles: ["\(request.indexName)/\(request.query.text)"])
        }
        return InstantSearch(
            indices: [
                IndexDescription(name: "products", facetAttributes: ["brand"], disjunctiveFacets: ["brand"]),
                IndexDescription(name: "categories"),
            ],
            backend: backend, scheduler: ManualClock(), router: waking.router)
    }

    @Test func theStateShowsTheActiveIndexAfterTheFirstSearch() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        hub.start()
        await waking.deliver()
        #expect(hub.state.active.name == "products")
        #expect(hub.state.active.results?.query == "")
        #expect(hub.state.index[1].results == nil, "only the index on screen is searched")
    }

    @Test func tabKeepsEachIndexRefinementsAndSharesTheText() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        hub.dispatch(.setQuery("lap"))
        await waking.deliver()
        hub.dispatch(.toggleRefinement(attribute: "brand", value: "Acer"))
        await waking.deliver()

        hub.dispatch(.nextIndex)
        #expect(hub.state.active.name == "categories")
        #expect(hub.state.active.query.text == "lap")
        #expect(!hub.state.active.query.hasRefinements)
        await waking.deliver()
        #expect(hub.state.active.results?.hits.map(\.objectID) == ["categories/lap"])

        hub.dispatch(.setQuery("lapt"))
        await waking.deliver()
        hub.dispatch(.previousIndex)
        #expect(hub.state.active.name == "products")
        #expect(hub.state.active.query.isRefined("brand", value: "Acer"))
        #expect(hub.state.active.query.text == "lapt")
        await waking.deliver()
        #expect(hub.state.active.results?.hits.map(\.objectID) == ["products/lapt"])
    }

    @Test func resultsOfAnInactiveIndexStayWithIt() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        hub.searchers[1].setText("hidden")
        await waking.deliver()
        #expect(hub.state.active.results == nil)
        #expect(hub.state.index[1].results?.query == "hidden")
    }

    @Test func intentsDriveTheSearchAndTheStateFollows() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        hub.dispatch(.setQuery("lap"))
        hub.dispatch(.toggleRefinement(attribute: "brand", value: "Acer"))
        #expect(hub.state.active.query.text == "lap", "the refinement is in the state before its results")
        #expect(hub.state.active.query.isRefined("brand", value: "Acer"))
        await waking.deliver(2)
        #expect(hub.state.active.results?.query == "lap")
        #expect(hub.state.queryText == "lap")
        #expect(hub.state.keystrokes == 1)
        hub.dispatch(.nextIndex)
        #expect(hub.state.activeIndex == 1)
    }

    @Test func clearAllRefinementsClearsOnlyTheActiveIndex() {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        hub.searchers[0].toggleRefinement(attribute: "brand", value: "Acer")
        hub.searchers[1].toggleRefinement(attribute: "kind", value: "x")
        hub.dispatch(.clearRefinements)
        #expect(!hub.searchers[0].query.hasRefinements)
        #expect(hub.searchers[1].query.hasRefinements)
    }
}
