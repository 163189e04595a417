import InstantSearchCore
import Testing

@testable import PostgresBackend

/// The query's words as `to_tsquery` gets them: which are prefixes (`:*`) is the settings'
/// `queryType`, as in the embedded engine. No server needed.
@Suite struct PostgresQueryWordsTests {
    static func tsquery(_ text: String, _ queryType: QueryType) -> String {
        var relevance = RelevanceSettings()
        relevance.queryType = queryType
        return QueryWords(text, relevance: relevance).tsquery(withTypos: false)
    }

    @Test func queryTypeSaysWhichWordsArePrefixes() {
        #expect(Self.tsquery("dock up", .prefixLast) == "'dock' & 'up':*")
        #expect(Self.tsquery("dock up ", .prefixLast) == "'dock' & 'up'")
        #expect(Self.tsquery("dock up ", .prefixAll) == "'dock':* & 'up':*")
        #expect(Self.tsquery("dock up", .prefixNone) == "'dock' & 'up'")
    }
}
