import InstantSearchCore
import Testing

@testable import SearchEngine

/// Dotted paths (`maker.name`, `cast.name` through an array of objects) read nested values the
/// same way in every part of the engine: searching, facets, numbers, filters, highlighting.
@Suite struct NestedAttributeTests {
    static let records: [JSONValue] = [
        #"{"objectID": "1", "title": "Corolla", "maker": {"name": "Toyota", "country": "Japan", "founded": 1937}, "cast": [{"name": "Ann"}, {"name": "Bob"}]}"#,
        #"{"objectID": "2", "title": "Golf", "maker": {"name": "Volkswagen", "country": "Germany", "founded": 1937}, "cast": [{"name": "Bob"}]}"#,
        #"{"objectID": "3", "title": "Civic", "maker": {"name": "Honda", "country": "Japan", "founded": 1948}, "cast": []}"#,
    ].map { try! JSONParser.parse($0, file: "test") }

    static let index = SearchIndex(
        name: "cars", records: records,
        settings: IndexSettings(
            searchableAttributes: ["title", "maker.name", "cast.name"], attributesForFaceting: ["maker.country", "cast.name"],
            numericAttributesForFiltering: ["maker.founded"], displayAttributes: ["title", "maker.name"]))

    @Test func pathsResolveThroughObjectsAndArrays() throws {
        let record = Self.records[0]
        #expect(record.value(atPath: "maker.name") == .string("Toyota"))
        #expect(record.value(atPath: "cast.name") == .array([.string("Ann"), .string("Bob")]))
        #expect(record.value(atPath: "maker.nothing") == nil)
        #expect(record.value(atPath: "maker") == Self.records[0]["maker"])
        let dotted = try JSONParser.parse(#"{"a.b": 1, "a": {"b": 2}}"#, file: "test")
        #expect(dotted.value(atPath: "a.b") == .number(1), "a key spelt with the dot wins")
    }

    @Test func aNestedValueIsSearchedAndHighlighted() throws {
        let results = try Self.index.search(Query(text: "toyota"))
        #expect(results.hits.map(\.objectID) == ["1"])
        #expect(results.hits[0].highlights["maker.name"]?.values.first?.text == "Toyota")
        #expect(try Self.index.search(Query(text: "ann")).hits.map(\.objectID) == ["1"], "through an array of objects")
    }

    @Test func nestedFacetsCountAndFilter() throws {
        let results = try Self.index.search(Query(facets: ["maker.country", "cast.name"]))
        #expect(results.facets["maker.country"]?.map { "\($0.value)=\($0.count)" } == ["Japan=2", "Germany=1"])
        #expect(results.facets["cast.name"]?.map { "\($0.value)=\($0.count)" } == ["Bob=2", "Ann=1"])
        var refined = Query()
        refined.facetRefinements = ["maker.country": ["Germany"]]
        #expect(try Self.index.search(refined).hits.map(\.objectID) == ["2"])
        var filtered = Query()
        filtered.filters = "maker.country:Japan AND maker.founded > 1940"
        #expect(try Self.index.search(filtered).hits.map(\.objectID) == ["3"])
    }

    @Test func everyPathOfARecordIsListed() {
        var paths = Set<String>()
        AttributePath.paths(of: Self.records[0], into: &paths)
        #expect(paths == ["objectID", "title", "maker", "maker.name", "maker.country", "maker.founded", "cast", "cast.name"])
    }

    @Test func inferenceProposesNestedLeaves() throws {
        let records = try (0..<6).map { n in
            try JSONParser.parse(
                #"{"title": "car \#(n)", "maker": {"name": "maker \#(n)", "country": "\#(n % 2 == 0 ? "Japan" : "Germany")", "founded": \#(1900 + n)}}"#,
                file: "test")
        }
        let resolved = IndexSettings().resolved(for: records)
        #expect(resolved.attributesForFaceting == ["maker.country"])
        #expect(resolved.numericAttributesForFiltering == ["maker.founded"])
        #expect(resolved.searchableAttributes.contains("maker.name"))
    }
}
