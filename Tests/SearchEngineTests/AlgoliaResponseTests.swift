import InstantSearchCore
import Testing

@testable import SearchEngine

/// `instantsearch query` prints Algolia's response shape; scripts rely on these fields.
@Suite struct AlgoliaResponseTests {
    @Test func responseHasAlgoliasFields() throws {
        let results = try Fixture.index.search(Query(text: "wars sci", hitsPerPage: 1, facets: ["genres"]))
        let json = AlgoliaResponse.json(results)
        for key in ["hits", "nbHits", "page", "nbPages", "hitsPerPage", "processingTimeMS", "facets", "facets_stats", "query"] {
            #expect(json[key] != nil, "\(key)")
        }
        #expect(json["nbHits"] == 1)
        #expect(json["facets"]?["genres"]?["Adventure"] == 1)
        #expect(json["facets_stats"]?["year"]?["min"] == 1977)
        let hit = try #require(json["hits"]?.arrayValue?.first)
        #expect(hit["objectID"] == "1")
        #expect(hit["title"] == "Star Wars")
        #expect(hit["_highlightResult"]?["title"]?["value"] == "Star <em>Wars</em>")
        #expect(hit["_highlightResult"]?["title"]?["matchLevel"] == "partial")
        #expect(hit["_highlightResult"]?["title"]?["matchedWords"] == ["wars"])
        // An array attribute highlights element by element.
        #expect(hit["_highlightResult"]?["genres"]?.arrayValue?.first?["value"] == "<em>Sci</em>ence Fiction")
        #expect(hit["_highlightResult"]?["genres"]?.arrayValue?.last?["matchLevel"] == "none")
    }

    @Test func droppedWordsAppearAsQueryAfterRemoval() throws {
        let json = AlgoliaResponse.json(try Fixture.index.search(Query(text: "drama starship")))
        #expect(json["queryAfterRemoval"] == "drama <em>starship</em>")
    }
}

@Suite struct SnippetTests {
    static let plot =
        "In a distant galaxy long ago, a young farm boy named Luke dreams of adventure while working "
        + "on his uncle's moisture farm. When droids arrive carrying a secret message, he joins a smuggler and an "
        + "old knight to rescue a princess from the Empire's battle station."

    @Test func longTextsGetAFewWordsAroundTheFirstMatch() throws {
        let index = SearchIndex(
            name: "p", records: [["objectID": "1", "title": "Star Wars", "plot": .string(Self.plot)]],
            settings: IndexSettings(searchableAttributes: ["title", "plot"]))
        let hit = try #require(try index.search(Query(text: "smuggler")).hits.first)
        let snippet = try #require(hit.snippets["plot"]?.values.first)
        #expect(snippet.tagged() == "… he joins a <em>smuggler</em> and an old knight to rescue …")
        #expect(hit.snippets["title"] == nil)  // short texts are shown whole
        #expect(hit.highlights["plot"]?.values.first?.text == Self.plot)
        let json = AlgoliaResponse.json(try index.search(Query(text: "smuggler")))
        #expect(json["hits"]?.arrayValue?.first?["_snippetResult"]?["plot"]?["value"] == .string(snippet.tagged()))
        // No match in the plot: its beginning.
        let start = try #require(try index.search(Query(text: "wars ")).hits.first?.snippets["plot"]?.values.first)
        #expect(start.text == "In a distant galaxy long ago, a young farm boy …")  // ten words
    }
}
