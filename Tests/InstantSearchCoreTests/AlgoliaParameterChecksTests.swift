import Testing

@testable import InstantSearchCore

/// What a server reads of a search request is bounded, checked by one number reader,
/// and never silently ignored.
@Suite struct AlgoliaParameterChecksTests {
    func query(_ values: [String: JSONValue]) throws -> Query { try AlgoliaParameters(values: values).query() }

    func message(_ values: [String: JSONValue]) -> String? {
        do {
            _ = try query(values)
            return nil
        } catch let error as AlgoliaParameterError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func aQueryOfMoreThan512CharactersIsRefusedByName() throws {
        #expect(try query(["query": .string(String(repeating: "é", count: 512))]).text.count == 512)
        #expect(message(["query": .string(String(repeating: "a", count: 513))]) == "query: at most 512 characters")
        // A megabyte is refused as soon as the 513th character is seen, never searched.
        #expect(message(["query": .string(String(repeating: "a", count: 1 << 20))]) == "query: at most 512 characters")
    }

    @Test func numericFiltersReadNumbersAsFiltersDo() throws {
        for bad in ["year > NaN", "year < nan", "year = nan", "year < inf", "year > 0x7D0", "year > 1 2", "year >", "> 3", "year"] {
            let said = message(["numericFilters": [.string(bad)]])
            #expect(said?.hasPrefix("numericFilters: \"\(bad)\"") == true, "\(bad): \(said ?? "accepted")")
        }
        #expect(message(["numericFilters": ["year > 1e400"]])?.contains("out of range") == true)
        #expect(message(["numericFilters": ["year:1 TO x"]])?.contains("expected a number after \"TO\"") == true)
    }

    @Test func numericFiltersJoinFiltersSoStatsHonourThem() throws {
        let read = try query([
            "filters": "brand:Sony", "numericFilters": ["price >= 10", ["rating<2", "rating>4.5"], "year:1990 TO 2000"],
        ])
        #expect(read.numericRanges.isEmpty)
        #expect(read.filters == #"brand:Sony AND "price" >= 10 AND ("rating" < 2 OR "rating" > 4.5) AND "year":1990 TO 2000"#)
    }

    @Test func aNumericFilterOnADisjunctiveAttributeIsARangeItsOwnStatsIgnore() throws {
        let read = try query(["disjunctiveFacets": ["price"], "numericFilters": ["price>=10", "price<20", "price != 15"]])
        #expect(read.numericRanges == ["price": NumericRange(lower: 10, upper: 20, excludesUpper: true)])
        #expect(read.filters == #""price" != 15"#)
    }

    @Test func filtersKeepTheirNestingUnlessAnORNeedsParentheses() throws {
        #expect(try query(["filters": "(a:1 AND b:2)", "facetFilters": ["c:-3"]]).filters == #"(a:1 AND b:2) AND (NOT "c":"3")"#)
        #expect(try query(["filters": "(a:1 OR b:2)", "numericFilters": ["x>1"]]).filters == #"(a:1 OR b:2) AND "x" > 1"#)
        #expect(try query(["filters": "a:1 OR b:2", "numericFilters": ["x>1"]]).filters == #"(a:1 OR b:2) AND "x" > 1"#)
        #expect(!FilterText.hasTopLevelOR("NOT a:OR2 AND b:\"x OR y\" AND (c:1 OR d:2)"))
        #expect(FilterText.hasTopLevelOR("a:1 OR b:2"))
        #expect(FilterText.hasTopLevelOR("a:1 OR(b:2)"))
        #expect(FilterText.hasTopLevelOR("a:'it\\'s' OR b:2"))
        #expect(FilterText.hasTopLevelOR("a:1) OR (b:2"), "unbalanced: parentheses, to be safe")
        #expect(FilterText.hasTopLevelOR("a:\"open"), "an unterminated quote: parentheses, to be safe")
    }

    @Test func filterConditionsAreBounded() throws {
        let thousand = (0..<1_000).map { JSONValue.string("brand:b\($0)") }
        #expect(try query(["facetFilters": [.array(thousand)]]).facetRefinements["brand"]?.count == 1_000)
        #expect(message(["facetFilters": [.array(thousand), "colour:Red"]])?.hasPrefix("facetFilters: at most 1000 conditions") == true)
        #expect(message(["facetFilters": [.array(thousand)], "numericFilters": ["x>1"]])?.hasPrefix("numericFilters: at most 1000") == true)
        #expect(message(["filters": .string(String(repeating: "a", count: 64 * 1024 + 1))])?.hasPrefix("filters: at most 65536 bytes") == true)
    }

    @Test func everyParameterIsReadOrRefusedByName() throws {
        #expect(message(["optionalFilters": ["brand:Sony"]]) == "optionalFilters is not supported by this server (see the README's list of parameters)")
        #expect(message(["restrictSearchableAttributes": ["name"]])?.hasPrefix("restrictSearchableAttributes is not supported") == true)
        #expect(message(["hitsPerPge": 5]) == "Unknown parameter: hitsPerPge")
        #expect(message(["typoTolerance": "min"])?.hasPrefix("typoTolerance: only true or false") == true)
        #expect(message(["tagFilters": ["news"]])?.hasPrefix("tagFilters is not supported") == true)
        // What changes nothing in an answer, and the empty tagFilters InstantSearch sends, pass.
        #expect(message(["analytics": false, "clickAnalytics": true, "tagFilters": "", "userToken": "u1"]) == nil)
        #expect(try query(["typoTolerance": false]).typoTolerance == false)
        #expect(try AlgoliaParameters(values: ["facetQuery": "x"]).query(alsoAllowed: ["facetQuery"]).text == "")
    }

    @Test func offsetAndLengthAskForTheFirstHitsUpToTheirEnd() throws {
        let read = try query(["offset": 5, "length": 10, "page": 3, "hitsPerPage": 2])
        #expect(read.page == 0 && read.hitsPerPage == 15)
        #expect(message(["offset": 5]) == "offset and length go together: give both")
        #expect(message(["offset": 900, "length": 101]) == "offset + length must be at most 1000")
        #expect(message(["hitsPerPage": 1001]) == "hitsPerPage must be an integer from 0 to 1000")
    }

    @Test func theHitShapeRetrievesHighlightsAndSnippetsWhatWasAsked() throws {
        var shape = try AlgoliaParameters(values: [
            "attributesToRetrieve": ["name", "price"], "attributesToSnippet": ["description:3"],
            "highlightPreTag": "<b>", "highlightPostTag": "</b>",
        ]).hitShape()
        #expect(shape.attributesForEngine(defaultHighlights: ["name", "brand"]) == ["name", "brand", "description"])
        let description = "one two three four five six seven"
        let hit = Hit(
            objectID: "7", record: ["name": "Sony TV", "brand": "Sony", "price": 5, "description": .string(description)],
            highlights: [
                "name": AttributeHighlight(values: [HighlightedText(text: "Sony TV", matchedRanges: [0..<4])], matchLevel: .partial),
                "brand": AttributeHighlight(values: [HighlightedText(text: "Sony", matchedRanges: [0..<4])], matchLevel: .full),
                "description": AttributeHighlight(
                    values: [HighlightedText(text: description, matchedRanges: [14..<18])], matchLevel: .partial),
            ])
        let json = AlgoliaResponse.hit(hit, shape: shape)
        #expect(json.objectValue?.keys.sorted() == ["_highlightResult", "_snippetResult", "name", "objectID", "price"])
        #expect(json["_highlightResult"]?.objectValue?.keys.sorted() == ["brand", "name"])
        #expect(json["_highlightResult"]?["name"]?["value"] == "<b>Sony</b> TV")
        #expect(json["_snippetResult"]?["description"]?["value"] == "… three <b>four</b> five …")
        shape.attributesToRetrieve = ["*", "-price"]
        #expect(AlgoliaResponse.hit(hit, shape: shape)["price"] == nil)
        #expect(AlgoliaResponse.hit(hit, shape: shape)["brand"] == "Sony")
    }
}
