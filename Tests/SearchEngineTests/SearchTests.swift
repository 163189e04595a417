import InstantSearchCore
import Testing

@testable import SearchEngine

/// Small movie-like fixture shared by the search tests.
enum Fixture {
    static let movies: [JSONValue] = [
        [
            "objectID": "1", "title": "Star Wars", "year": 1977, "genres": ["Science Fiction", "Adventure"], "pop": 90,
            "plot": "A farm boy joins the rebels.",
        ],
        [
            "objectID": "2", "title": "Starship Troopers", "year": 1997, "genres": ["Science Fiction", "Action"], "pop": 60,
            "plot": "Soldiers fight bugs.",
        ],
        [
            "objectID": "3", "title": "Éclair au chocolat", "year": 2007, "genres": ["Drama"], "pop": 10,
            "plot": "A story of star-crossed lovers in Paris.",
        ],
        [
            "objectID": "4", "title": "The Lone Star", "year": 1996, "genres": ["Western", "Drama"], "pop": 40,
            "plot": "A sheriff and a war.",
        ],
        [
            "objectID": "5", "title": "Wars of the Roses", "year": 2010, "genres": ["Drama"], "pop": 20,
            "plot": "Kings fight; a star is born.",
        ],
    ]

    static let settings = IndexSettings(
        searchableAttributes: ["title", "genres", "plot"], attributesForFaceting: ["genres"],
        numericAttributesForFiltering: ["year"], customRanking: [CustomRankingCriterion(attribute: "pop", ascending: false)]
    )

    static let index = SearchIndex(name: "movies", records: movies, settings: settings)

    static func ids(_ text: String, _ configure: (inout Query) -> Void = { _ in }) throws -> [String] {
        var query = Query(text: text, facets: ["genres"])
        configure(&query)
        return try index.search(query).hits.map(\.objectID)
    }
}

@Suite struct SearchTests {
    @Test func emptyQueryReturnsAllRecordsInCustomOrder() throws {
        let results = try Fixture.index.search(Query())
        #expect(results.nbHits == 5)
        #expect(results.hits.map(\.objectID) == ["1", "2", "4", "5", "3"])
    }

    @Test func lastWordIsAPrefixUnlessFollowedBySpace() throws {
        #expect(Set(try Fixture.ids("starsh")) == ["2"])
        #expect(Set(try Fixture.ids("star")) == ["1", "2", "3", "4", "5"])
        #expect(Set(try Fixture.ids("star ")) == ["1", "3", "4", "5"])
    }

    @Test func earlierWordsMatchWholeWords() throws {
        #expect(try Fixture.ids("sta wars").isEmpty)
        #expect(Set(try Fixture.ids("star wa")) == ["1", "4", "5"])  // 4: "war" in the plot
    }

    @Test func everyWordMustMatch() throws {
        #expect(Set(try Fixture.ids("drama star")) == ["3", "4", "5"])
        // Nothing has both words: the last word is dropped (removeWordsIfNoResults, the default)
        // and the results say so; with removal switched off, nothing is found.
        let relaxed = try Fixture.index.search(Query(text: "drama starship"))
        #expect(Set(relaxed.hits.map(\.objectID)) == ["3", "4", "5"])
        #expect(relaxed.queryAfterRemoval == "drama <em>starship</em>")
        var strictSettings = Fixture.settings
        strictSettings.relevance.removeWordsIfNoResults = false
        let strict = SearchIndex(name: "movies", records: Fixture.movies, settings: strictSettings)
        #expect(try strict.search(Query(text: "drama starship")).hits.isEmpty)
    }

    @Test func aQueryPastTheWordLimitSaysWhatWasLeftOut() throws {
        let words = (1...QueryWord.maxWords).map { _ in "star" }.joined(separator: " ")
        let atTheLimit = try Fixture.index.search(Query(text: words))
        #expect(atTheLimit.notice == nil)
        let past = try Fixture.index.search(Query(text: words + " wars"))
        #expect(past.notice == "only the first \(QueryWord.maxWords) words of the query are searched")
        #expect(past.nbHits == atTheLimit.nbHits, "the words kept are searched as before")
    }

    @Test func caseAndDiacriticsAreFolded() throws {
        #expect(try Fixture.ids("ECLAIR") == ["3"])
        #expect(try Fixture.ids("éclair") == ["3"])
        #expect(try Fixture.ids("Chocolát") == ["3"])
    }

    @Test func earlierAttributeAndPositionRankFirst() throws {
        // "star" in the title beats "star" in the plot; first word of the title beats third.
        let ids = try Fixture.ids("star ")
        #expect(ids == ["1", "4", "5", "3"])
    }

    @Test func wholeWordBeatsPrefixMatch() throws {
        // Both titles start with a word beginning "star"; "Star" is whole, "Starship" a prefix.
        #expect(try Fixture.ids("star").prefix(2) == ["1", "2"])
        var settings = Fixture.settings
        settings.customRanking = [CustomRankingCriterion(attribute: "pop", ascending: true)]
        let index = SearchIndex(name: "m", records: Fixture.movies, settings: settings)
        #expect(try index.search(Query(text: "star")).hits.map(\.objectID).prefix(2) == ["1", "2"])
    }

    @Test func customRankingBreaksTies() throws {
        var settings = Fixture.settings
        settings.customRanking = [CustomRankingCriterion(attribute: "year", ascending: true)]
        let index = SearchIndex(name: "m", records: Fixture.movies, settings: settings)
        #expect(try index.search(Query()).hits.map(\.objectID) == ["1", "4", "2", "3", "5"])
        let noRanking = SearchIndex(name: "m", records: Fixture.movies, settings: IndexSettings(searchableAttributes: ["title"]))
        #expect(try noRanking.search(Query()).hits.map(\.objectID) == ["1", "2", "3", "4", "5"])
    }

    @Test func pagination() throws {
        let results = try Fixture.index.search(Query(page: 1, hitsPerPage: 2))
        #expect(results.nbHits == 5)
        #expect(results.nbPages == 3)
        #expect(results.page == 1)
        #expect(results.hits.map(\.objectID) == ["4", "5"])
        let last = try Fixture.index.search(Query(page: 2, hitsPerPage: 2))
        #expect(last.hits.map(\.objectID) == ["3"])
        #expect(try Fixture.index.search(Query(page: 9, hitsPerPage: 2)).hits.isEmpty)
    }

    @Test func highlightsPrefixesWholeWordsAndArrays() throws {
        let hit = try #require(try Fixture.index.search(Query(text: "wars sci")).hits.first)
        #expect(hit.objectID == "1")
        let title = try #require(hit.highlights["title"])
        #expect(title.values == [HighlightedText(text: "Star Wars", matchedRanges: [5..<9])])
        #expect(title.matchLevel == .partial)
        #expect(title.matchedWords == ["wars"])
        let genres = try #require(hit.highlights["genres"])
        #expect(genres.values.map { $0.tagged() } == ["<em>Sci</em>ence Fiction", "Adventure"])
        #expect(genres.matchLevel == .partial)
        #expect(hit.highlights["plot"]?.matchLevel == MatchLevel.none)
    }

    /// A join searched with typos ("galaxy ph" → "galaxyph") may not typo a whole part away:
    /// "Galaxy Buds" is matched by "galaxy" alone, and its name says so.
    @Test func aJoinWithTyposCannotDropAPart() throws {
        let index = SearchIndex(
            name: "phones",
            records: [
                ["objectID": "buds", "name": "Samsung Galaxy Buds", "description": "Earbuds that pair with the phone"],
                ["objectID": "phone", "name": "Samsung Galaxy Phone", "description": "Phone with a very good camera"],
            ], settings: IndexSettings(searchableAttributes: ["name", "description"]))
        let hits = try index.search(Query(text: "galaxy ph")).hits
        let buds = try #require(hits.first { $0.objectID == "buds" })
        #expect(buds.highlights["name"]?.matchLevel == .partial)
        #expect(buds.highlights["name"]?.matchedWords == ["galaxy"])
        #expect(hits.first?.objectID == "phone", "both words in the name rank first")
    }

    @Test func highlightRangesCountCharacters() throws {
        let hit = try #require(try Fixture.index.search(Query(text: "chocolat ecl")).hits.first)
        let title = try #require(hit.highlights["title"])
        #expect(title.values.first?.matchedRanges == [0..<3, 10..<18])
        #expect(title.values.first?.tagged() == "<em>Écl</em>air au <em>chocolat</em>")
        #expect(title.matchLevel == .full)
    }

    @Test func tokenizerKeepsNumbersAndSplitsPunctuation() {
        var tokenizer = Tokenizer()
        #expect(tokenizer.terms(in: "Star-Wars: Episode IV (1977), l'été") == ["star", "wars", "episode", "iv", "1977", "l", "ete"])
        #expect(tokenizer.terms(in: "Cafe\u{301} ÅNGSTRÖM") == ["cafe", "angstrom"])
    }

    @Test func cancelledSearchThrows() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await EmbeddedBackend(indices: [Fixture.index]).search([IndexedQuery(indexName: "movies", query: Query())])
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

@Suite struct SearchEdgeCaseTests {
    @Test func extremePagingDoesNotTrap() throws {
        let huge = try Fixture.index.search(Query(page: 3, hitsPerPage: Int.max / 2))
        #expect(huge.hits.isEmpty)
        #expect(huge.nbPages == 1)
        #expect(try Fixture.index.search(Query(hitsPerPage: 0)).nbPages == 0)
        #expect(try Fixture.index.search(Query(text: "zzz")).nbPages == 0)
    }

    @Test func veryLongQueriesAreCapped() throws {
        let text = Array(repeating: "star", count: 500).joined(separator: " ")
        #expect(try Fixture.index.search(Query(text: text)).nbHits == 4)
    }

    @Test func emptyIndexAnswers() throws {
        let index = SearchIndex(name: "empty", records: [])
        let results = try index.search(Query(text: "a", facets: ["*"]))
        #expect(results.nbHits == 0)
        #expect(index.indexDescription.recordCount == 0)
    }
}
