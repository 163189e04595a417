import InstantSearchCore
import Testing

@testable import SearchEngine

/// No parser recurses without a bound, no number overflows silently,
/// no page number traps. Each input here used to kill the process or be accepted as garbage.
@Suite struct ParserBoundsTests {
    func filterError(_ filter: String) -> FilterError? {
        var query = Query()
        query.filters = filter
        do {
            _ = try Fixture.index.search(query)
            return nil
        } catch {
            return error as? FilterError
        }
    }

    func jsonError(_ text: String) -> DataError? {
        do {
            _ = try JSONParser.parse(text, file: "deep.json")
            return nil
        } catch {
            return error as? DataError
        }
    }

    @Test func deepParenthesesAreAPositionedErrorNotAStackOverflow() throws {
        // 70,000 `(` used to overflow the stack (SIGSEGV); the 257th is refused where it stands.
        let error = try #require(filterError(String(repeating: "(", count: 70_000) + "year > 1"))
        #expect(error.column == FilterParser.maxDepth + 1)
        #expect(error.message.contains("nested deeper than 256"))
        #expect(error.description.hasPrefix("filters, column 257: "))
        // The message shows the filter around the column, not 70,000 characters of it.
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == 3 && lines[1].count < 70)
        #expect(lines[1].firstIndex(of: "…") != nil && lines[2].hasSuffix("^"))
        #expect(Array(lines[1])[lines[2].count - 1] == "(")  // the caret stands under a character of the filter
        let short = try #require(filterError("genres:Drama AND year > soon"))
        #expect(short.description == "filters, column 25: expected a number after \">\"\n  genres:Drama AND year > soon\n                          ^")
    }

    @Test func twoHundredThousandNotsAreAPositionedError() throws {
        let error = try #require(filterError(String(repeating: "NOT ", count: 200_000) + "genres:Drama"))
        #expect(error.column == FilterParser.maxDepth * 4 + 1)
        #expect(error.message.contains("nested deeper than 256"))
    }

    @Test func nestingUpToTheLimitStillWorks() throws {
        let depth = FilterParser.maxDepth
        var query = Query(hitsPerPage: 100)
        query.filters = String(repeating: "(", count: depth) + "year >= 2007" + String(repeating: ")", count: depth)
        #expect(Set(try Fixture.index.search(query).hits.map(\.objectID)) == ["3", "5"])
        query.filters = String(repeating: "NOT ", count: depth) + "year >= 2007"  // an even count: the same filter
        #expect(Set(try Fixture.index.search(query).hits.map(\.objectID)) == ["3", "5"])
    }

    @Test(arguments: [
        ("year = 1e400", 8, "1e400 is out of range"),
        ("year:1e400", 1, "1e400 is out of range"),
        ("year:nan TO inf", 6, "a range needs numbers, not \"nan\""),
        ("year:1990 TO inf", 14, "expected a number after \"TO\""),
        ("year > -1e999", 8, "-1e999 is out of range"),
        ("year:1990 TO 1e309", 14, "1e309 is out of range"),
        ("year = 0x7D0", 8, "expected a number after \"=\""),
        ("year:infinity", 1, "\"year\" is numeric: compare it with a number"),
    ])
    func numbersThatAreNotFiniteDecimalsAreRefusedWhereTheyStand(filter: String, column: Int, message: String) throws {
        let error = try #require(filterError(filter), "\(filter) was accepted")
        #expect(error.column == column, "\(filter)")
        #expect(error.message.hasPrefix(message), "\(filter): \(error.message)")
    }

    @Test func ordinaryNumbersStillFilter() throws {
        var query = Query(hitsPerPage: 100)
        query.filters = "year:1.99e3 TO 2.0E3 OR year = 001977"
        #expect(Set(try Fixture.index.search(query).hits.map(\.objectID)) == ["1", "2", "4"])
    }

    @Test func jsonNestingIsBoundedWithAPosition() throws {
        let error = try #require(jsonError(String(repeating: "[", count: 100_000)))
        #expect(error.line == 1 && error.column == 513)
        #expect(error.message.contains("nesting deeper than 512"))
        let objects = try #require(jsonError(String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)))
        #expect(objects.message.contains("nesting deeper than 512"))
        // The deepest accepted document parses, compares and is freed without trouble.
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONParser.parse(deepest, file: "deep.json") == JSONParser.parse(deepest, file: "deep.json"))
    }

    @Test(arguments: [("1e999999", 1, 1), ("[1,\n  -1e400]", 2, 3), ("{\"a\": 2E+309}", 1, 7)])
    func jsonNumbersThatOverflowAreErrors(text: String, line: Int, column: Int) throws {
        let error = try #require(jsonError(text), "\(text) was accepted")
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.hasPrefix("number out of range"))
        #expect(
            try JSONParser.parse("[1e308, -1e-400, 123456789012345678901234567890]", file: "ok.json")
                == .array([.number(1e308), .number(-0.0), .number(1.2345678901234568e29)]))
    }

    @Test func hugePagesAnswerNoHitsInsteadOfTrapping() throws {
        for (page, hitsPerPage) in [(Int.max, 20), (Int.max / 2, 3), (3, Int.max), (Int.max, Int.max)] {
            let results = try Fixture.index.search(Query(page: page, hitsPerPage: hitsPerPage))
            #expect(results.nbHits == Fixture.movies.count)
            #expect(results.hits.isEmpty, "page \(page) × \(hitsPerPage)")
        }
        let all = try Fixture.index.search(Query(page: 0, hitsPerPage: Int.max))
        #expect(all.hits.count == Fixture.movies.count)
        let second = try Fixture.index.search(Query(page: 1, hitsPerPage: 2))
        let firstFour = try Fixture.index.search(Query(page: 0, hitsPerPage: 4))
        #expect(second.hits.map(\.objectID) == Array(firstFour.hits.map(\.objectID).dropFirst(2)))
    }

    @Test func commandLineSizesAreCheckedWithAClearMessage() {
        #expect(
            QueryLimits.check(Int.max, in: QueryLimits.page, option: "--page")
                == "--page must be between 0 and 10000 (was 9223372036854775807).")
        #expect(QueryLimits.check(10_000, in: QueryLimits.page, option: "--page") == nil)
        #expect(QueryLimits.check(-1, in: QueryLimits.hitsPerPage, option: "--hits-per-page") != nil)
        #expect(SimulatedLatency.parse("9223372036854775807") == nil)
        #expect(SimulatedLatency.parse("1500:300") != nil)
    }
}
