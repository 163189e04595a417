import InstantSearchCore
import Testing

@Suite struct SearcherSequencingTests {
    private func makeSearcher(backend: any Searchable = SilentBackend()) -> HitsSearcher {
        HitsSearcher(
            indexName: "products", query: Query(), backend: backend, scheduler: ManualClock(),
            router: ResponseRouter())
    }

    @Test func onlyTheNewestResponseIsShownWhateverOrderTheyArriveIn() {
        let searcher = makeSearcher()
        var shown: [String] = []
        searcher.onResults.append { shown.append($0.hits.first?.objectID ?? "") }
        for text in ["a", "ap", "app"] { searcher.setText(text) }
        #expect(searcher.requestsSent == 3)

        searcher.receive(delivery(searcher, sequence: 3, titles: ["apple"]))
        searcher.receive(delivery(searcher, sequence: 1, titles: ["avocado"]))
        searcher.receive(delivery(searcher, sequence: 2, titles: ["apricot"]))

        #expect(shown == ["apple"])
        #expect(searcher.results?.hits.map(\.objectID) == ["apple"])
    }

    @Test func aResponseCancelsEveryOlderRequestStillRunning() {
        let searcher = makeSearcher()
        for text in ["a", "ap", "app", "appl"] { searcher.setText(text) }
        #expect(searcher.pendingRequests == 3, "at most three pending: the oldest was cancelled")
        #expect(searcher.cancelledRequests == 1)
        searcher.receive(delivery(searcher, sequence: 3, titles: ["apple"]))
        #expect(searcher.cancelledRequests == 2)
        #expect(searcher.pendingRequests == 1)
        searcher.receive(delivery(searcher, sequence: 2, titles: ["apricot"]))
        #expect(searcher.results?.hits.first?.objectID == "apple", "a cancelled request's answer is ignored")
    }

    @Test func unsentChangesAreKnownSoEnterCanSearch() {
        let clock = ManualClock()
        let searcher = HitsSearcher(
            indexName: "products", query: Query(), backend: SilentBackend(), scheduler: clock,
            router: ResponseRouter(), strategy: ThrottledStrategy(interval: .seconds(1), scheduler: clock))
        searcher.setText("tv")
        #expect(searcher.hasUnsentChanges)
        searcher.search(.final)
        #expect(!searcher.hasUnsentChanges)
        #expect(searcher.requestsSent == 1)
    }

    @Test func anOlderResponseStillShowsWhenNothingNewerHasArrived() {
        let searcher = makeSearcher()
        searcher.setText("a")
        searcher.setText("ap")
        searcher.receive(delivery(searcher, sequence: 1, titles: ["avocado"]))
        #expect(searcher.results?.hits.first?.objectID == "avocado")
        searcher.receive(delivery(searcher, sequence: 2, titles: ["apricot"]))
        #expect(searcher.results?.hits.first?.objectID == "apricot")
    }

    @Test func aFailureKeepsTheResultsAndIsClearedByTheNextSuccess() {
        let searcher = makeSearcher()
        var errors: [String] = []
        searcher.onError.append { errors.append($0.message) }
        searcher.setText("a")
        searcher.receive(delivery(searcher, sequence: 1, titles: ["apple"]))
        searcher.setText("ab")
        searcher.receive(Delivery(recipient: 1, sequence: 2, payload: .failure(SearchFailure("timed out"))))
        #expect(errors == ["timed out"])
        #expect(searcher.lastError?.message == "timed out")
        #expect(searcher.results?.hits.first?.objectID == "apple")
        searcher.setText("abc")
        searcher.receive(delivery(searcher, sequence: 3, titles: ["abacus"]))
        #expect(searcher.lastError == nil)
    }

    @Test func sameTextSendsNothing() {
        let searcher = makeSearcher()
        searcher.setText("a")
        searcher.setText("a")
        #expect(searcher.requestsSent == 1)
    }

    @Test func requestsCarryTheQueryAsItIsWhenTheStrategyFires() async {
        let backend = SilentBackend()
        let clock = ManualClock()
        let searcher = HitsSearcher(
            indexName: "products", query: Query(), backend: backend, scheduler: clock,
            router: ResponseRouter(), strategy: DebouncedStrategy(delay: .milliseconds(10), scheduler: clock))
        for text in ["m", "ma", "mar", "mary"] { searcher.setText(text) }
        #expect(searcher.requestsSent == 0)
        clock.advance(by: .milliseconds(10))
        #expect(searcher.requestsSent == 1)
        while backend.received.withLock({ $0.isEmpty }) { await Task.yield() }
        #expect(backend.received.withLock { $0.map(\.query.text) } == ["mary"])
    }
}

@Suite struct SearcherRefinementTests {
    private func makeSearcher() -> HitsSearcher {
        HitsSearcher(
            indexName: "products", query: Query(page: 3, facets: ["brand"], disjunctiveFacets: ["brand"]),
            backend: SilentBackend(), scheduler: ManualClock(), router: ResponseRouter())
    }

    @Test func togglingAValueAddsThenRemovesItAndTellsObserversFirst() {
        let searcher = makeSearcher()
        var seen: [Set<String>] = []
        searcher.onQueryChanged.append { seen.append($0.facetRefinements["brand"] ?? []) }
        searcher.toggleRefinement(attribute: "brand", value: "Apple")
        searcher.toggleRefinement(attribute: "brand", value: "Sony")
        searcher.toggleRefinement(attribute: "brand", value: "Apple")
        #expect(seen == [["Apple"], ["Apple", "Sony"], ["Sony"]])
        #expect(searcher.query.isRefined("brand", value: "Sony"))
        #expect(searcher.query.page == 0)
        #expect(searcher.requestsSent == 3)
    }

    @Test func lastValueRemovedLeavesNoEmptyRefinement() {
        let searcher = makeSearcher()
        searcher.toggleRefinement(attribute: "brand", value: "Apple")
        searcher.toggleRefinement(attribute: "brand", value: "Apple")
        #expect(searcher.query.facetRefinements.isEmpty)
        #expect(!searcher.query.hasRefinements)
    }

    @Test func rangesAreSetReplacedAndClearedByAnOpenRange() {
        let searcher = makeSearcher()
        searcher.setRange(NumericRange(lower: 10, upper: 50), for: "price")
        #expect(searcher.query.numericRanges["price"] == NumericRange(lower: 10, upper: 50))
        #expect(searcher.query.numericRanges["price"]?.contains(50) == true)
        #expect(searcher.query.numericRanges["price"]?.contains(51) == false)
        searcher.setRange(NumericRange(), for: "price")
        #expect(searcher.query.numericRanges.isEmpty)
    }

    @Test func clearRefinementsRemovesFacetsAndRangesButKeepsTheText() {
        let searcher = makeSearcher()
        searcher.setText("tv")
        searcher.toggleRefinement(attribute: "brand", value: "Sony")
        searcher.setRange(NumericRange(lower: 100), for: "price")
        searcher.clearRefinements()
        #expect(!searcher.query.hasRefinements)
        #expect(searcher.query.text == "tv")
    }
}

@Suite struct SearcherPagingTests {
    @Test func nextPageIsAppendedToTheResultsShown() async {
        let waking = WakingRouter()
        let backend = InstantBackend { request in
            let page = request.query.page
            return results(
                request.indexName, text: request.query.text,
                titles: ["\(request.query.text)-\(page)-a", "\(request.query.text)-\(page)-b"], page: page, nbPages: 3)
        }
        let searcher = HitsSearcher(
            indexName: "products", query: Query(hitsPerPage: 2), backend: backend, scheduler: ManualClock(),
            router: waking.router)
        searcher.setText("x")
        await waking.deliver()
        searcher.loadNextPage()
        await waking.deliver()
        #expect(searcher.results?.hits.map(\.objectID) == ["x-0-a", "x-0-b", "x-1-a", "x-1-b"])
        #expect(searcher.results?.page == 1)

        searcher.setText("y")
        searcher.loadNextPage()  // ignored: the first page of "y" is not there yet
        await waking.deliver()
        #expect(searcher.results?.hits.map(\.objectID) == ["y-0-a", "y-0-b"])
        #expect(backend.calls.withLock { $0 } == 3)
    }
}
