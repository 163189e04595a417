import InstantSearchCore
import Testing

/// Algolia's `renderingContent.facetOrdering` (InstantSearch's DynamicFacetList): read from the
/// settings, sent back with every answer, and followed by the refinement lists — which facets
/// show and in which order, pinned values first, hidden ones out, the rest sorted as it says.
@Suite struct DynamicFacetsTests {
    private static let settings = """
        {"renderingContent": {"facetOrdering": {
          "facets": {"order": ["category", "brand"]},
          "values": {"brand": {"order": ["Sony", "Bose"], "sortRemainingBy": "alpha", "hide": ["Acme"]},
                     "category": {"order": ["TV"], "sortRemainingBy": "hidden"}}}}}
        """

    private let results = SearchResults(
        indexName: "p",
        facets: [
            "brand": [
                .init(value: "Acme", count: 50), .init(value: "LG", count: 30), .init(value: "Bose", count: 20),
                .init(value: "Apple", count: 10), .init(value: "Sony", count: 5),
            ],
            "category": [.init(value: "Phones", count: 40), .init(value: "TV", count: 12)],
            "colour": [.init(value: "Black", count: 60)],
        ])

    private func ordered() throws -> SearchResults {
        var results = results
        results.renderingContent = try IndexSettings.parse(text: Self.settings).display.renderingContent
        return results
    }

    @Test func theSettingsKeyIsReadAndWrittenBackAsAlgoliaSpellsIt() throws {
        let content = try #require(try IndexSettings.parse(text: Self.settings).display.renderingContent)
        let ordering = try #require(content.facetOrdering)
        #expect(ordering.facets == ["category", "brand"])
        #expect(ordering.values["brand"] == FacetValuesOrdering(order: ["Sony", "Bose"], sortRemainingBy: .alpha, hide: ["Acme"]))
        #expect(ordering.values["category"]?.sortRemainingBy == .hidden)
        // The settings file form (what an index file stores) reads back the same.
        var display = DisplaySettings()
        display.renderingContent = content
        let written = display.fileFields
        let again = try IndexSettings.parse(text: JSONValue.object(.init(uniqueKeysWithValues: written)).serialized())
        #expect(again.display.renderingContent == content)
    }

    @Test func aWrongShapeNamesTheKeyAndWhatIsAllowed() {
        let bad = [
            (#"{"renderingContent": {"facetOrdering": {"facets": ["brand"]}}}"#, "facetOrdering.facets"),
            (
                #"{"renderingContent": {"facetOrdering": {"values": {"brand": {"sortRemainingBy": "size"}}}}}"#,
                "\"count\", \"alpha\" or \"hidden\""
            ),
            (#"{"renderingContent": {"facetOrder": {}}}"#, "unknown key \"facetOrder\""),
        ]
        for (text, expected) in bad {
            #expect {
                _ = try IndexSettings.parse(text: text)
            } throws: { error in
                "\(error)".contains(expected)
            }
        }
    }

    @Test func listsFollowTheFacetOrderAndShowOnlyTheFacetsItNames() throws {
        let interactor = FacetListInteractor(attributes: ["brand", "colour", "category"], disjunctiveFacets: [], limit: 10)
        let sections = interactor.sections(results: try ordered(), query: Query())
        #expect(sections.map(\.attribute) == ["category", "brand"])
        // Without an ordering, every facet as the index lists them.
        #expect(interactor.sections(results: results, query: Query()).map(\.attribute) == ["brand", "colour", "category"])
    }

    @Test func pinnedValuesComeFirstHiddenOnesNeverAndTheRestAsSortRemainingBySays() throws {
        let interactor = FacetListInteractor(attributes: ["brand", "category"], disjunctiveFacets: [], limit: 10)
        let sections = interactor.sections(results: try ordered(), query: Query())
        let brand = try #require(sections.first { $0.attribute == "brand" })
        #expect(brand.items.map(\.value) == ["Sony", "Bose", "Apple", "LG"], "pinned, then by name; Acme hidden")
        #expect(brand.order == .name)
        let category = try #require(sections.first { $0.attribute == "category" })
        #expect(category.items.map(\.value) == ["TV"], "sortRemainingBy hidden: only the pinned")
        // A key that changes the list's order still decides for the values that are not pinned.
        let byCount = interactor.sections(results: try ordered(), query: Query(), display: FacetListState(chosenOrder: ["brand": .count]))
        #expect(byCount.first { $0.attribute == "brand" }?.items.map(\.value) == ["Sony", "Bose", "LG", "Apple"])
    }

    @Test func aRefinedFacetTheOrderingLeavesOutStillShowsSoItCanBeUndone() throws {
        let interactor = FacetListInteractor(attributes: ["brand", "colour", "category"], disjunctiveFacets: [], limit: 10)
        let sections = interactor.sections(results: try ordered(), query: Query(facetRefinements: ["colour": ["Black"]]))
        #expect(sections.map(\.attribute) == ["category", "brand", "colour"])
        #expect(sections.last?.items.map(\.value) == ["Black"])
    }

    @Test func theAnswerCarriesItBothWaysOverAlgoliasWireFormat() throws {
        let sent = try ordered()
        let json = AlgoliaResponse.json(sent)
        #expect(json["renderingContent"]?["facetOrdering"]?["facets"]?["order"] == .array([.string("category"), .string("brand")]))
        let read = try AlgoliaResponse.results(json, for: IndexedQuery(indexName: "p", query: Query()))
        #expect(read.renderingContent == sent.renderingContent)
    }
}
