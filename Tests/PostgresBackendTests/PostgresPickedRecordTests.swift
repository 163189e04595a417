import InstantSearchCore
import PostgresBackend
import SearchEngine
import Testing

/// A hit from PostgreSQL carries the record as imported, keys in the file's order and
/// `objectID` included, exactly as the embedded engine gives it: that is what Enter prints.
/// (jsonb alone would hand back its own key order: shortest keys first.)
@Suite(.serialized, needsServer) struct PostgresPickedRecordTests {
    private func session() throws -> SQLSession {
        SQLSession(url: try PostgresConnectionURL(parsing: try #require(postgresURL)))
    }

    /// Keys in an order jsonb would change (long before short), numbers, nesting.
    private let text = """
        [
          {"objectID": "r1", "a_rather_long_title": "Quiet headphones", "b": 1.5, "nested": {"zz": [1, 2], "a": null}, "id": 7},
          {"objectID": "r2", "a_rather_long_title": "Quiet speaker", "b": 2, "nested": {"zz": [], "a": "x"}, "id": 8}
        ]
        """

    @Test func aHitIsTheImportedRecordKeysInOrderLikeTheEmbeddedEngine() async throws {
        let session = try session()
        defer { session.close() }
        let records = try DataLoader.load(bytes: Array(text.utf8), name: "picked.json")
        let settings = try IndexSettings.parse(text: #"{"searchableAttributes": ["a_rather_long_title"]}"#)
        try await PostgresImporter(session: session, table: "picked", replace: true).importRecords(records, settings: settings)
        let postgres = PostgresBackend(session: session, tables: [try await PostgresTable.open("picked", session: session)])
        let embedded = EmbeddedBackend(indices: [SearchIndex(name: "picked", records: records, settings: settings)])

        let query = IndexedQuery(indexName: "picked", query: Query(text: "quiet"))
        let fromPostgres = try await postgres.search(query).hits
        let fromEngine = try await embedded.search(query).hits
        #expect(fromPostgres.count == 2)
        for hit in fromPostgres {
            let imported = try #require(records.first { $0["objectID"] == .string(hit.objectID) })
            #expect(hit.record.serialized() == imported.serialized())
            #expect(hit.record.serialized().hasPrefix(#"{"objectID":"r"#))
            let engineHit = try #require(fromEngine.first { $0.objectID == hit.objectID })
            #expect(hit.record.serialized() == engineHit.record.serialized())
        }
    }

    @Test func aTableOfNamedColumnsGivesItsColumnsInTableOrder() async throws {
        let session = try session()
        defer { session.close() }
        try await session.rows("DROP TABLE IF EXISTS ordered_columns")
        try await session.rows(
            """
            CREATE TABLE ordered_columns (zeta text, alpha int, mid text,
              search tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(zeta, ''))) STORED)
            """)
        try await session.rows("INSERT INTO ordered_columns (zeta, alpha, mid) VALUES ('quiet one', 1, 'm')")
        let backend = PostgresBackend(session: session, tables: [try await PostgresTable.open("ordered_columns", session: session)])
        let hits = try await backend.search(IndexedQuery(indexName: "ordered_columns", query: Query(text: "quiet"))).hits
        #expect(hits.map { $0.record.serialized() } == [#"{"zeta":"quiet one","alpha":1,"mid":"m"}"#])
    }
}
