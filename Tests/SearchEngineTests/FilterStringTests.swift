import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// The `filters` string: Algolia's syntax, its precedence, and errors that point at the problem.
@Suite struct FilterStringTests {
    func ids(_ filters: String, text: String = "") throws -> Set<String> {
        var query = Query(text: text, hitsPerPage: 100)
        query.filters = filters
        return Set(try Fixture.index.search(query).hits.map(\.objectID))
    }

    @Test func facetsNumbersAndBooleans() throws {
        #expect(try ids("genres:Drama") == ["3", "4", "5"])
        #expect(try ids("genres:drama") == ["3", "4", "5"])  // values match whatever their case
        #expect(try ids(#"genres:"Science Fiction""#) == ["1", "2"])
        #expect(try ids("year:1990 TO 2000") == ["2", "4"])
        #expect(try ids("year >= 2007") == ["3", "5"])
        #expect(try ids("year != 1977 AND year < 2000") == ["2", "4"])
        #expect(try ids("year = 1977") == ["1"])
        #expect(try ids("year:1977") == ["1"])
        #expect(try ids("genres:Drama AND NOT genres:Western") == ["3", "5"])
        #expect(try ids("genres:Western OR genres:Action") == ["2", "4"])
        #expect(try ids("genres:Nope") == [])
    }

    @Test func andBindsTighterThanOrAndParenthesesGroup() throws {
        #expect(try ids("genres:Action OR genres:Drama AND year > 2008") == ["2", "5"])
        #expect(try ids("(genres:Action OR genres:Drama) AND year > 2000") == ["3", "5"])
        #expect(try ids("NOT (genres:Drama OR genres:Action)") == ["1"])
    }

    @Test func combinesWithTextAndRefinements() throws {
        #expect(try ids("genres:Drama", text: "star") == ["3", "4", "5"])
        var query = Query(text: "", hitsPerPage: 100, facets: ["genres"], facetRefinements: ["genres": ["Drama"]])
        query.filters = "year < 2000"
        let results = try Fixture.index.search(query)
        #expect(results.hits.map(\.objectID) == ["4"])
        #expect(results.facets["genres"]?.first { $0.value == "Drama" }?.count == 1)
    }

    @Test(arguments: [
        ("genres:", 8, "expected a value after \"genres:\""),
        ("genres:Drama AND", 17, "expected an attribute name"),
        ("(genres:Drama", 14, "expected \")\""),
        ("year > soon", 8, "expected a number after \">\""),
        ("year:1990 TO", 13, "expected a number after \"TO\""),
        ("genres:Drama genres:Action", 14, "expected AND, OR or the end of the filter"),
        ("title:Star", 1, "\"title\" is not a facet of index \"movies\""),
        ("genres > 3", 1, "\"genres\" is not a numeric attribute of index \"movies\""),
        ("genres:\"Drama", 8, "unterminated quoted value"),
    ])
    func errorsSayWhatAndWhere(filter: String, column: Int, message: String) throws {
        var query = Query()
        query.filters = filter
        do {
            _ = try Fixture.index.search(query)
            Issue.record("no error for \(filter)")
        } catch let error as FilterError {
            #expect(error.column == column, "\(filter)")
            #expect(error.message == message, "\(filter)")
            #expect(error.description.contains("column \(column)"))
        }
    }
}
