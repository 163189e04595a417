import InstantSearchCore
import Testing

@Suite struct QuerySuggestionsBuilderTests {
    @Test func countsQueriesAndWeighsThoseThatLedToClicksAndConversions() {
        var builder = QuerySuggestionsBuilder()
        builder.addQuery("red shoes", index: "products", nbHits: 12, queryID: "a")
        builder.addQuery("Red  Shoes ", index: "products", nbHits: 10, queryID: "b")
        builder.addQuery("blue hat", index: "products", nbHits: 3, queryID: "c")
        builder.addQuery("blue hat", index: "products", nbHits: 3, queryID: "d")
        builder.addQuery("blue hat", index: "products", nbHits: 3, queryID: "e")
        let counted = [
            builder.addEvent(type: "click", queryID: "a"), builder.addEvent(type: "conversion", queryID: "b"),
            builder.addEvent(type: "view", queryID: "c"), builder.addEvent(type: "click", queryID: "unknown"),
        ]
        #expect(counted == [true, true, false, false])
        let suggestions = builder.suggestions(for: "products")
        // 2 searches + a click (2) + a conversion (4) against 3 searches; the latest count of hits kept.
        #expect(
            suggestions == [
                QuerySuggestion(query: "red shoes", popularity: 8, nbHits: ["products": 10]),
                QuerySuggestion(query: "blue hat", popularity: 3, nbHits: ["products": 3]),
            ])
    }

    @Test func dropsQueriesThatGotNoHitsAndKeepsIndicesApart() {
        var builder = QuerySuggestionsBuilder()
        builder.addQuery("zzz", index: "products", nbHits: 0)
        builder.addQuery("tv", index: "products", nbHits: 4)
        builder.addQuery("tv", index: "other", nbHits: nil)
        builder.addQuery("   ", index: "products", nbHits: 1)
        #expect(builder.suggestions(for: "products").map(\.query) == ["tv"])
        #expect(builder.suggestions(for: "other") == [QuerySuggestion(query: "tv", popularity: 1)])
        #expect(builder.indexNames == ["other", "products"])
    }

    @Test func givenSuggestionsAddTheirPopularity() {
        var builder = QuerySuggestionsBuilder()
        builder.addQuery("tv", index: "products", nbHits: 4)
        builder.add(QuerySuggestion(query: "TV", popularity: 10, nbHits: ["products": 5]), index: "products")
        #expect(builder.suggestions(for: "products") == [QuerySuggestion(query: "tv", popularity: 11, nbHits: ["products": 5])])
    }

    @Test func recordHasAlgoliaQuerySuggestionsShape() {
        let record = QuerySuggestion(query: "red shoes", popularity: 7, nbHits: ["products": 12]).record
        #expect(
            record.serialized() == """
                {"objectID":"red shoes","query":"red shoes","popularity":7,"nb_words":2,"products":{"exact_nb_hits":12,"facets":{"exact_matches":{},"analytics":{}}}}
                """)
        #expect(QuerySuggestion.indexName(for: "products") == "products_query_suggestions")
    }
}

@Suite struct SuggestionsFileTests {
    private func parse(_ text: String) throws -> [QuerySuggestion] {
        try SuggestionsFile.parse(Array(text.utf8), file: "s.json")
    }

    @Test func readsAnArrayOrOneRecordALine() throws {
        let array = try parse(#"[{"query": "tv", "popularity": 3}, {"objectID": "radio", "count": 2}, {"query": "lamp"}]"#)
        #expect(
            array == [
                QuerySuggestion(query: "tv", popularity: 3), QuerySuggestion(query: "radio", popularity: 2),
                QuerySuggestion(query: "lamp", popularity: 0),
            ])
        let lines = try parse("{\"query\": \"tv\", \"popularity\": 3, \"products\": {\"exact_nb_hits\": 9}}\n\n{\"query\": \"lamp\"}\n")
        #expect(lines == [QuerySuggestion(query: "tv", popularity: 3, nbHits: ["products": 9]), QuerySuggestion(query: "lamp", popularity: 0)])
        #expect(try parse("[]").isEmpty && parse("").isEmpty)
    }

    @Test(arguments: [
        ("{\"query\": \"tv\"}\n{\"popularity\": 2}\n", "s.json:2:1: a suggestion needs \"query\": the query text, a string"),
        ("[{\"query\": \"tv\"},\n  {\"query\": \"x\", \"popularity\": -1}]", "s.json:2:3: \"popularity\" is a whole number from 0 to 2147483647, not -1"),
        ("[{\"query\": \"tv\"} {\"query\": \"x\"}]", "s.json:1:18: expected ',' or ']' after a suggestion, found '{'"),
        ("{\"query\": \"tv\"\n", "s.json:2:1: expected ',' or '}' after an object member"),
        ("[\"tv\"]", "s.json:1:2: a suggestion is a JSON object, not \"tv\""),
        ("{\"query\": \"  \"}", "s.json:1:1: \"query\" is empty"),
        ("[] x", "s.json:1:4: expected the end after the array, found 'x'"),
    ])
    func reportsEveryProblemAtItsLineAndColumn(text: String, message: String) {
        #expect(throws: DataError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect("\(error)" == message)
        }
    }
}
