import InstantSearchCore
import Synchronization
import Testing

/// The sort-by and toggle intents go through the hub into the active searcher's query, and
/// each sends one request carrying it: the one pipeline, no side road.
@Suite struct SortAndToggleIntentTests {
    @Test func sortByAndSetToggleChangeTheQueryAndSearch() async {
        let waking = WakingRouter()
        let seen = Mutex<[Query]>([])
        let backend = InstantBackend { request in
            seen.withLock { $0.append(request.query) }
            return results(request.indexName, text: request.query.text, titles: ["x"])
        }
        let flag = FilterToggle(attribute: "comedy", kind: .number)
        let hub = InstantSearch(
            indices: [IndexDescription(name: "movies", toggles: [flag, FilterToggle(attribute: "free", kind: .boolean)])],
            backend: backend, scheduler: ManualClock(), router: waking.router)
        #expect(
            hub.searcher.query.facets == ["free"] && hub.searcher.query.disjunctiveFacets == ["free"],
            "a boolean toggle's count is asked for, as if the toggle were off")
        hub.start()
        await waking.deliver()

        let byCount = SortCriterion(attribute: "count", ascending: false)
        hub.dispatch(.sortBy(byCount))
        await waking.deliver()
        #expect(seen.withLock { $0.last?.sortBy } == byCount)
        #expect(hub.state.active.query.sortBy == byCount)

        hub.dispatch(.setToggle(flag, .on))
        await waking.deliver()
        #expect(seen.withLock { $0.last?.numericRanges["comedy"] } == .exactly(1))
        #expect(flag.state(in: hub.state.active.query) == .on)
        #expect(seen.withLock { $0.last?.sortBy } == byCount, "the sort stays while refining")

        hub.dispatch(.clearRefinements)
        await waking.deliver()
        #expect(flag.state(in: hub.state.active.query) == .any)
        #expect(hub.state.active.query.sortBy == byCount, "clearing refinements is not clearing the sort")
        #expect(seen.withLock { $0.count } == 4)
    }
}

@Suite struct RangeChipsTests {
    @Test func theSortAndTogglesAreChipsAndATogglesRefinementIsNotAlsoAFacetOrRangeChip() {
        let comedy = FilterToggle(attribute: "comedy", kind: .number)
        let free = FilterToggle(attribute: "free", kind: .boolean)
        let description = IndexDescription(name: "movies", numericAttributes: ["year"], toggles: [comedy, free])
        var query = description.initialQuery()
        query.sortBy = SortCriterion(attribute: "year", ascending: true)
        comedy.apply(.on, to: &query)
        free.apply(.off, to: &query)
        query.numericRanges["year"] = NumericRange(upper: 2000, excludesUpper: true)
        let chips = CurrentRefinements.chips(of: query, description: description)
        #expect(
            chips.map(\.kind) == [
                .sort(SortCriterion(attribute: "year", ascending: true)), .toggle(comedy, .on), .toggle(free, .off),
                .range(NumericRange(upper: 2000, excludesUpper: true)),
            ])
        #expect(
            chips.map(\.removal) == [
                .sortBy(nil), .setToggle(comedy, .any), .setToggle(free, .any), .setRange(attribute: "year", range: nil),
            ])
    }
}
