import InstantSearchCore
import Testing

@Suite struct JSONValueTests {
    @Test func serializationKeepsKeyOrderAndEscapes() {
        let record: JSONValue = ["name": "Zoë \"Z\"\n", "price": 12, "ratio": 0.5, "tags": ["a", nil, true], "id": -3]
        #expect(record.serialized() == #"{"name":"Zoë \"Z\"\n","price":12,"ratio":0.5,"tags":["a",null,true],"id":-3}"#)
    }

    @Test func boundedSerializationStopsPastItsLimit() {
        let record: JSONValue = ["a": .array((0..<100).map { .number(Double($0)) })]
        let whole = record.serialized()
        #expect(record.serialized(atMost: whole.utf8.count) == whole)
        #expect(record.serialized(atMost: whole.utf8.count - 1) == nil)
        #expect(record.serialized(atMost: 10) == nil)
    }

    @Test func controlCharactersAreEscapedAsUnicode() {
        #expect(JSONValue.string("a\u{1}b").serialized() == #""a\u0001b""#)
    }

    /// Plain runs are copied whole between escapes: what precedes, follows and sits between
    /// them (accents, combining marks, emoji) comes out unchanged.
    @Test func runsBetweenEscapesAreKeptWhole() {
        #expect(JSONValue.string("\"é\u{301}\"\t🇫🇷\\\u{0}x").serialized() == #""\"é\#u{301}\"\t🇫🇷\\\u0000x""#)
        #expect(JSONValue.string("").serialized() == #""""#)
        #expect(JSONValue.string("\n").serialized() == #""\n""#)
    }

    @Test func displayTextIsWhatAPersonReads() {
        #expect(JSONValue.number(1999).displayText == "1999")
        #expect(JSONValue.number(19.99).displayText == "19.99")
        #expect(JSONValue.array(["Drama", "Comedy"]).displayText == "Drama, Comedy")
    }

    @Test func taggedHighlightWrapsEachMatchedRange() {
        let text = HighlightedText(text: "Café crème", matchedRanges: [0..<3, 5..<7])
        #expect(text.tagged() == "<em>Caf</em>é <em>cr</em>ème")
        #expect(HighlightedText(tagged: text.tagged()) == text, "read back as written")
        #expect(HighlightedText(tagged: "<em>a</em><em>b</em>c") == HighlightedText(text: "abc", matchedRanges: [0..<2]))
    }

    /// A backend may cut inside a character: between a letter and its accent, or inside a flag.
    /// The tags are still read as tags, and the range covers whole characters of the text.
    @Test func tagsInsideACharacterHighlightTheWholeCharacter() {
        let accent = HighlightedText(tagged: "cafe<em>\u{301}</em> noir")
        #expect(accent.text == "cafe\u{301} noir")
        #expect(accent.matchedRanges == [3..<4])
        let flag = HighlightedText(tagged: "\u{1F1EB}<em>\u{1F1F7}</em> ok <em>ok</em>")
        #expect(flag.text == "\u{1F1EB}\u{1F1F7} ok ok")
        #expect(flag.matchedRanges == [0..<1, 5..<7])
        let long = HighlightedText(tagged: String(repeating: "x ", count: 20) + "e<em>\u{301}</em>")
        #expect(long.matchedRanges.allSatisfy { $0.upperBound <= long.text.count })
    }
}

/// The generic adapter: a backend author writes two maps and the call.
struct EchoClient: SearchClient {
    struct Parameters: Sendable { let q: String; let index: String }
    struct Response: Sendable { let total: Int; let titles: [String] }

    func map(query: IndexedQuery) -> Parameters { Parameters(q: query.query.text, index: query.indexName) }

    func perform(_ parameters: Parameters) async throws -> Response {
        if parameters.q == "fail" { throw SearchError.backend("HTTP 500") }
        return Response(total: 1, titles: ["\(parameters.index):\(parameters.q)"])
    }

    func map(results: Response, for query: IndexedQuery) -> SearchResults {
        SearchResults(
            indexName: query.indexName, query: query.query.text,
            hits: results.titles.map { Hit(objectID: $0, record: ["title": .string($0)]) }, nbHits: results.total)
    }
}

@Suite struct SearchClientTests {
    @Test func multiQueryResultsComeBackInRequestOrder() async throws {
        let queries = (0..<6).map { IndexedQuery(indexName: "i\($0)", query: Query(text: "q\($0)")) }
        let answers = try await EchoClient().search(queries)
        #expect(answers.map { $0.hits[0].objectID } == (0..<6).map { "i\($0):q\($0)" })
    }

    @Test func anErrorOfTheCallReachesTheCaller() async {
        await #expect(throws: SearchError.backend("HTTP 500")) {
            try await EchoClient().search(IndexedQuery(indexName: "i", query: Query(text: "fail")))
        }
    }

    @Test func facetValueSearchIsUnsupportedUnlessImplemented() async {
        await #expect(throws: SearchError.unsupported("search for facet values")) {
            try await EchoClient().searchForFacetValues(indexName: "i", attribute: "a", text: "", query: Query())
        }
    }
}
