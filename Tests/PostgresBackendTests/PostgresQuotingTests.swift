import Foundation
import InstantSearchCore
import PostgresBackend
import SearchEngine
import Testing

/// Names written into the SQL (attributes from the records and the
/// settings) stay inside their strings whatever `standard_conforming_strings` is. With it off,
/// a plain `'…'` literal reads `\` as an escape: a field named `a\` ended its string early.
/// The test logs in as a role of its own whose sessions have the setting off.
@Suite(.serialized, needsServer) struct PostgresQuotingTests {
    static let role = "instantsearch_scs_off"
    static let odd = #"back\slash"#
    static let worse = #"it's\"#

    private func url(asUser user: String?) throws -> PostgresConnectionURL {
        let base = try #require(postgresURL)
        var components = try #require(URLComponents(string: base))
        if let user { components.user = user }
        let text = try #require(components.string)
        return try PostgresConnectionURL(parsing: text)
    }

    @Test func namesWithBackslashesAndQuotesHoldWithStandardConformingStringsOff() async throws {
        let admin = SQLSession(url: try url(asUser: nil))
        defer { admin.close() }
        try await admin.rows("DROP TABLE IF EXISTS scs_off")
        try await admin.rows(
            """
            DO $$ BEGIN
              IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(Self.role)') THEN CREATE ROLE \(Self.role) LOGIN SUPERUSER; END IF;
            END $$
            """)
        try await admin.rows("ALTER ROLE \(Self.role) SET standard_conforming_strings = off")

        let session = SQLSession(url: try url(asUser: Self.role))
        #expect(try await session.rows("SHOW standard_conforming_strings").first?.first == "off")
        let records: [JSONValue] = [
            ["objectID": "a", "title": "quiet river", Self.odd: "north", Self.worse: 3],
            ["objectID": "b", "title": "loud river", Self.odd: "south", Self.worse: 7],
        ]
        let settings = IndexSettings(
            searchableAttributes: ["title", Self.odd], attributesForFaceting: [Self.odd], disjunctiveFacets: [],
            numericAttributesForFiltering: [Self.worse], customRanking: [], displayAttributes: ["title"],
            objectIDAttribute: "objectID")
        try await PostgresImporter(session: session, table: "scs_off", replace: true).importRecords(records, settings: settings)
        let backend = PostgresBackend(session: session, tables: [try await PostgresTable.open("scs_off", session: session)])
        let results = try await backend.search(
            IndexedQuery(
                indexName: "scs_off",
                query: Query(text: "north", facets: [Self.odd], numericRanges: [Self.worse: NumericRange(upper: 5)])))
        #expect(results.hits.map(\.objectID) == ["a"])
        #expect(results.hits.first?.record[Self.odd] == "north")
        #expect(results.facets[Self.odd] == [FacetValueCount(value: "north", count: 1)])
        let all = try await backend.search(IndexedQuery(indexName: "scs_off", query: Query(text: "", facets: [Self.odd])))
        #expect(all.nbHits == 2 && all.facetStats[Self.worse]?.max == 7)
        session.close()

        try await admin.rows("DROP TABLE IF EXISTS scs_off")
        try await admin.rows("DROP TABLE IF EXISTS scs_off_words")
        try await admin.rows("DROP OWNED BY \(Self.role)")
        try await admin.rows("DROP ROLE \(Self.role)")
    }
}
