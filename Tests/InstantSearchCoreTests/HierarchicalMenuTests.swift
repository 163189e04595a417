import InstantSearchCore
import Testing

/// InstantSearch's HierarchicalMenu: the top level, and the children of every value on the
/// refined path; refining narrows, refining the refined value again goes up.
@Suite struct HierarchicalMenuTests {
    let menu = HierarchicalMenuInteractor(facet: HierarchicalFacet(name: "category", sources: ["categories"]))
    let results = SearchResults(
        indexName: "shop",
        facets: [
            "category": [
                FacetValueCount(value: "Audio", count: 4), FacetValueCount(value: "TV", count: 2),
                FacetValueCount(value: "Audio > Headphones", count: 2), FacetValueCount(value: "Audio > Speakers", count: 1),
                FacetValueCount(value: "Audio > Headphones > Wireless", count: 1), FacetValueCount(value: "TV > OLED", count: 1),
            ]
        ])

    private func rows(refined: String?) -> [String] {
        var query = Query()
        query.facetRefinements["category"] = refined.map { [$0] }
        return menu.items(results: results, query: query).map { item in
            String(repeating: "  ", count: item.depth) + item.label + " \(item.count)" + (item.isRefined ? " *" : "")
        }
    }

    @Test func unrefinedShowsTheTopLevel() {
        #expect(rows(refined: nil) == ["Audio 4", "TV 2"])
    }

    @Test func aRefinedPathShowsItsAncestorsAndTheirChildren() {
        #expect(rows(refined: "Audio") == ["Audio 4 *", "  Headphones 2", "  Speakers 1", "TV 2"])
        #expect(
            rows(refined: "Audio > Headphones") == [
                "Audio 4", "  Headphones 2 *", "    Wireless 1", "  Speakers 1", "TV 2",
            ])
    }

    @Test func refiningNarrowsAndRefiningTheRefinedGoesUp() {
        var query = Query()
        query.facetRefinements["category"] = ["Audio > Headphones"]
        let items = menu.items(results: results, query: query)
        let headphones = items.first { $0.path == "Audio > Headphones" }!
        let wireless = items.first { $0.path == "Audio > Headphones > Wireless" }!
        let audio = items.first { $0.path == "Audio" }!
        #expect(menu.toggle(wireless) == .refineHierarchy(attribute: "category", path: "Audio > Headphones > Wireless"))
        #expect(menu.toggle(headphones) == .refineHierarchy(attribute: "category", path: "Audio"))
        #expect(menu.toggle(audio) == .refineHierarchy(attribute: "category", path: "Audio"))
        query.facetRefinements["category"] = ["Audio"]
        let refinedAudio = menu.items(results: results, query: query).first { $0.path == "Audio" }!
        #expect(menu.toggle(refinedAudio) == .refineHierarchy(attribute: "category", path: nil))
    }

    @Test func aRefinedPathWithoutCountsStaysOnScreen() {
        #expect(rows(refined: "Video > Cameras") == ["Audio 4", "TV 2", "Video 0", "  Cameras 0 *"])
    }

    @Test func theHubRefinesOnePathAtATime() async {
        let waking = WakingRouter()
        let backend = InstantBackend { SearchResults(indexName: $0.indexName, query: $0.query.text) }
        var description = IndexDescription(name: "shop")
        description.hierarchicalFacets = [menu.facet]
        let hub = InstantSearch(indices: [description], backend: backend, scheduler: ManualClock(), router: waking.router)
        #expect(hub.searcher.query.facets == ["category"] && hub.searcher.query.disjunctiveFacets == ["category"])
        hub.dispatch(.refineHierarchy(attribute: "category", path: "Audio"))
        hub.dispatch(.refineHierarchy(attribute: "category", path: "Audio > Headphones"))
        #expect(hub.searcher.query.facetRefinements["category"] == ["Audio > Headphones"])
        hub.dispatch(.refineHierarchy(attribute: "category", path: nil))
        #expect(hub.searcher.query.facetRefinements["category"] == nil)
    }
}
