import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// Tree facets: the engine files each record under its path and every ancestor, so one
/// disjunctive facet gives every level's counts and refining a path narrows to it.
@Suite struct HierarchicalFacetTests {
    static let records: [JSONValue] = [
        ["name": "Sony WH-1000XM5", "categories": "Audio > Headphones > Wireless"],
        ["name": "Bose QC", "categories": "Audio > Headphones"],
        ["name": "JBL Flip", "categories": "Audio > Speakers"],
        ["name": "LG OLED", "categories": "TV > OLED"],
        ["name": "Cable", "categories": ["Audio > Cables", "TV > Cables"]],
    ]

    static func index() throws -> SearchIndex {
        let settings = try IndexSettings.parse(text: #"{"hierarchical": {"name": "category", "attribute": "categories", "separator": " > "}}"#)
        return SearchIndex(name: "shop", records: records, settings: settings)
    }

    @Test func everyLevelIsCountedOnceARecord() throws {
        let index = try Self.index()
        let query = index.indexDescription.initialQuery()
        #expect(query.facets.contains("category") && query.disjunctiveFacets.contains("category"))
        #expect(!index.indexDescription.facetAttributes.contains("categories"), "the source is shown as the tree only")
        let counts = Dictionary(uniqueKeysWithValues: (try index.search(query).facets["category"] ?? []).map { ($0.value, $0.count) })
        #expect(counts["Audio"] == 4)
        #expect(counts["TV"] == 2)
        #expect(counts["Audio > Headphones"] == 2)
        #expect(counts["Audio > Headphones > Wireless"] == 1)
        #expect(counts["TV > Cables"] == 1)
    }

    @Test func refiningAPathNarrowsTheHitsAndKeepsTheTreeCounts() throws {
        let index = try Self.index()
        var query = index.indexDescription.initialQuery()
        query.facetRefinements["category"] = ["Audio > Headphones"]
        let results = try index.search(query)
        #expect(results.nbHits == 2)
        let counts = Dictionary(uniqueKeysWithValues: (results.facets["category"] ?? []).map { ($0.value, $0.count) })
        #expect(counts["TV"] == 2, "the tree's own refinement does not shrink its counts")
    }

    @Test func levelAttributesWorkAsFlatKeys() throws {
        let settings = try IndexSettings.parse(text: #"{"hierarchical": {"name": "category", "levels": ["category.lvl0", "category.lvl1"]}}"#)
        let index = SearchIndex(
            name: "shop",
            records: [
                ["name": "a", "category.lvl0": "Audio", "category.lvl1": "Audio > Headphones"],
                ["name": "b", "category.lvl0": "Audio", "category.lvl1": "Audio > Speakers"],
            ], settings: settings)
        let counts = try index.search(index.indexDescription.initialQuery()).facets["category"] ?? []
        #expect(Set(counts.map(\.value)) == ["Audio", "Audio > Headphones", "Audio > Speakers"])
        #expect(counts.first { $0.value == "Audio" }?.count == 2)
    }

    @Test func badSettingsSayWhatIsExpected() {
        for text in [
            #"{"hierarchical": {"levels": ["a"]}}"#,
            #"{"hierarchical": {"name": "c", "levels": []}}"#,
            #"{"hierarchical": {"name": "c", "attribute": "a", "levels": ["b"]}}"#,
            #"{"hierarchical": {"name": "c", "attribute": "a", "separator": ""}}"#,
            #"{"hierarchical": [{"name": "c", "attribute": "a"}, {"name": "c", "attribute": "b"}]}"#,
            #"{"hierarchical": {"name": "c", "attribute": "a", "sep": "/"}}"#,
        ] {
            #expect(throws: DataError.self) { try IndexSettings.parse(text: text) }
        }
    }

    @Test func aMisspelledSourceIsNamedWithTheNearestAttribute() throws {
        let settings = try IndexSettings.parse(text: #"{"hierarchical": {"name": "category", "attribute": "categorie"}}"#)
        let named = settings.namedAttributes(source: "shop.settings.json")
        #expect(named == [NamedAttribute("categorie", source: "shop.settings.json", key: "hierarchical")])
        #expect(throws: DataError.self) {
            try AttributeCheck.check(named, existing: ["name", "categories"], indexName: "shop")
        }
        #expect(AttributeCheck.suggestions(for: "categorie", among: ["name", "categories"]) == ["categories"])
    }

    @Test func pathsAreSplitTrimmedAndBounded() {
        let tree = HierarchicalFacet(name: "c", sources: ["p"], separator: "/")
        #expect(tree.paths { _ in .string("a / b/ /c") } == ["a", "a/b", "a/b/c"])
        let deep = (0..<40).map(String.init).joined(separator: "/")
        #expect(tree.paths { _ in .string(deep) }.count == HierarchicalFacet.maxDepth)
        #expect(tree.parent(of: "a/b") == "a" && tree.parent(of: "a") == nil)
    }
}

extension HierarchicalFacetTests {
    @Test func anIndexFileKeepsTheTree() throws {
        let path = IndexFileTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let index = try Self.index()
        try index.write(to: path)
        let reopened = try SearchIndex.open(path: path)
        #expect(reopened.indexDescription == index.indexDescription)
        let query = index.indexDescription.initialQuery()
        #expect(try reopened.search(query).facets["category"] == (try index.search(query).facets["category"]))
    }
}

/// The other tabs' counts ask for no hits and no facets: they get a count and nothing to compute besides.
@Suite struct CountOnlyQueryTests {
    @Test func aCountOnlyQueryGetsTheCountWithoutStats() throws {
        let index = SearchIndex(
            name: "p",
            records: [
                ["name": "red shoe", "price": 10], ["name": "red hat", "price": 30], ["name": "blue shoe", "price": 20],
            ], settings: IndexSettings(numericAttributesForFiltering: ["price"]))
        let counted = try index.search(Query(text: "red", hitsPerPage: 0))
        #expect(counted.nbHits == 2 && counted.hits.isEmpty && counted.facetStats.isEmpty)
        let full = try index.search(Query(text: "red", hitsPerPage: 1))
        #expect(full.nbHits == 2 && full.facetStats["price"]?.max == 30)
    }
}
