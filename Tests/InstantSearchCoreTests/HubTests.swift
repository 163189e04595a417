import InstantSearchCore
import Testing

/// A widget that records what the hub tells it.
final class RecordingWidget: SearchableWidget, ResultingWidget, RefinableWidget {
    var connected: [String] = []
    var results: [String] = []
    var queries: [Query] = []
    var dispatch: ((SearchIntent) -> Void)?

    func connect(to index: IndexState, dispatch: @escaping (SearchIntent) -> Void) {
        connected.append(index.name)
        self.dispatch = dispatch
    }
    func show(_ results: SearchResults, of index: String) { self.results.append("\(index):\(results.query)") }
    func show(_ query: Query, of index: String) { queries.append(query) }
}

struct Panel: WidgetContainer {
    let widgets: [RecordingWidget]
    var instantSearchWidgets: [any InstantSearchWidget] { widgets }
}

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

    @Test func widgetsInAContainerAreAllRegisteredAndHearTheActiveIndex() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        let panel = Panel(widgets: [RecordingWidget(), RecordingWidget()])
        hub.addAllWidgets(in: panel)
        hub.start()
        await waking.deliver()
        for widget in panel.widgets {
            #expect(widget.connected == ["products"])
            #expect(widget.results == ["products:"])
        }
    }

    @Test func tabKeepsEachIndexRefinementsAndSharesTheText() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        let widget = RecordingWidget()
        hub.add(widget: widget)
        hub.setQueryText("lap")
        await waking.deliver()
        hub.searcher.toggleRefinement(attribute: "brand", value: "Acer")
        await waking.deliver()

        hub.selectNextIndex()
        #expect(hub.searcher.indexName == "categories")
        #expect(hub.searcher.query.text == "lap")
        #expect(!hub.searcher.query.hasRefinements)
        await waking.deliver()
        #expect(widget.results.last == "categories:lap")

        hub.setQueryText("lapt")
        await waking.deliver()
        hub.selectPreviousIndex()
        #expect(hub.searcher.indexName == "products")
        #expect(hub.searcher.query.isRefined("brand", value: "Acer"))
        #expect(hub.searcher.query.text == "lapt")
        #expect(widget.connected == ["products", "categories", "products"])
        await waking.deliver()
        #expect(widget.results.last == "products:lapt")
    }

    @Test func resultsOfAnInactiveIndexDoNotReachTheWidgets() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        let widget = RecordingWidget()
        hub.add(widget: widget)
        hub.searchers[1].setText("hidden")
        await waking.deliver()
        #expect(widget.results.isEmpty)
        #expect(hub.searchers[1].results?.query == "hidden")
    }

    @Test func aWidgetDrivesTheSearchWithIntentsNotASearcher() async {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        let widget = RecordingWidget()
        hub.add(widget: widget)
        widget.dispatch?(.setQuery("lap"))
        widget.dispatch?(.toggleRefinement(attribute: "brand", value: "Acer"))
        await waking.deliver(2)
        #expect(hub.state.active.query.isRefined("brand", value: "Acer"))
        #expect(widget.queries.last?.text == "lap", "the refinement was heard before its results")
        #expect(widget.results.last == "products:lap")
        widget.dispatch?(.nextIndex)
        #expect(widget.connected == ["products", "categories"])
    }

    @Test func clearAllRefinementsClearsOnlyTheActiveIndex() {
        let waking = WakingRouter()
        let hub = makeHub(waking)
        hub.searchers[0].toggleRefinement(attribute: "brand", value: "Acer")
        hub.searchers[1].toggleRefinement(attribute: "kind", value: "x")
        hub.clearAllRefinements()
        #expect(!hub.searchers[0].query.hasRefinements)
        #expect(hub.searchers[1].query.hasRefinements)
    }
}
