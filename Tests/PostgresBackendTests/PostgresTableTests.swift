import InstantSearchCore
import PostgresBackend
import SearchEngine
import Testing

/// Tables the importer did not write (named columns, no vocabulary), the importer's
/// refusals, and the connection URL.
@Suite(.serialized, needsServer) struct PostgresTableTests {
    private func session() throws -> SQLSession {
        SQLSession(url: try PostgresConnectionURL(parsing: try #require(postgresURL)))
    }

    @Test func aTableWithNamedColumnsIsSearchedWithoutImport() async throws {
        let session = try session()
        defer { session.close() }
        try await session.rows("DROP TABLE IF EXISTS films")
        try await session.rows("CREATE TABLE films (id serial PRIMARY KEY, title text, genre text, year int)")
        try await session.rows(
            """
            INSERT INTO films (title, genre, year) VALUES ('The Quiet Earth', 'Drama', 1985),
            ('Star Wars', 'Adventure', 1977), ('Star Trek', 'Adventure', 2009), ('Quiet Days', 'Drama', 1990),
            ('Wars of the Roses', 'Comedy', 1989), ('Mars Attacks', 'Comedy', 1996)
            """)
        let table = try await PostgresTable.open("films", session: session)
        #expect(table.indexDescription.searchableAttributes.contains("title"))
        #expect(table.indexDescription.numericAttributes == ["year"])
        let backend = PostgresBackend(session: session, tables: [table])
        let results = try await backend.search(
            IndexedQuery(
                indexName: "films",
                query: Query(text: "star w", facets: ["genre"], numericRanges: ["year": NumericRange(upper: 2000)])))
        #expect(results.hits.map { $0.record["title"] } == ["Star Wars"])
        #expect(results.hits.first?.highlights["title"]?.values.first?.tagged() == "<em>Star</em> <em>W</em>ars")
        #expect(results.facets["genre"] == [FacetValueCount(value: "Adventure", count: 1)])
        let all = try await backend.search(IndexedQuery(indexName: "films", query: Query(text: "", facets: ["genre"])))
        #expect(all.nbHits == 6 && all.facetStats["year"]?.min == 1977 && all.facetStats["year"]?.max == 2009)
    }

    @Test func importRefusesAnExistingTableUnlessAskedToReplace() async throws {
        let session = try session()
        defer { session.close() }
        let records: [JSONValue] = [["objectID": "a", "title": "one"], ["objectID": "b", "title": "two"]]
        try await PostgresImporter(session: session, table: "twice", replace: true).importRecords(records)
        await #expect(throws: PostgresBackendError.self) {
            try await PostgresImporter(session: session, table: "twice").importRecords(records)
        }
        let count = try await session.rows("SELECT count(*)::text FROM twice")
        #expect(count.first?.first == "2")
    }

    @Test func repeatedIdsAreKeptApart() async throws {
        let session = try session()
        defer { session.close() }
        let records: [JSONValue] = [["id": 1, "title": "alpha"], ["id": 1, "title": "beta"], ["id": 2, "title": "gamma"]]
        try await PostgresImporter(session: session, table: "dupes", replace: true).importRecords(records)
        let ids = try await session.rows("SELECT object_id FROM dupes ORDER BY object_id").map { $0[0] ?? "" }
        #expect(ids == ["1", "1#1", "2"])
    }

    @Test func aMissingTableIsNamedInTheError() async throws {
        let session = try session()
        defer { session.close() }
        await #expect(throws: PostgresBackendError.self) { try await PostgresTable.open("no_such_table", session: session) }
    }

    @Test func filterStringsAreRefusedClearly() async throws {
        let (postgres, _) = try await Backends.shared.get()
        var query = Query(text: "sony")
        query.filters = "brand:Sony"
        await #expect(throws: SearchError.unsupported("filter strings (--filters) on PostgreSQL")) {
            try await postgres.search(IndexedQuery(indexName: "products", query: query))
        }
    }
}

/// No server needed.
struct PostgresURLTests {
    @Test func theURLGivesUserHostPortAndDatabase() throws {
        let url = try PostgresConnectionURL(parsing: "postgres://search:secret@db.example:6543/shop")
        #expect(url.user == "search" && url.password == "secret" && url.host == "db.example")
        #expect(url.port == 6543 && url.database == "shop")
        #expect(url.description == "postgres://search@db.example:6543/shop", "no password in messages")
    }

    @Test func defaultsFollowLibpq() throws {
        let url = try PostgresConnectionURL(parsing: "postgresql://me@localhost")
        #expect(url.port == 5432 && url.database == "me")
        let socket = try PostgresConnectionURL(parsing: "postgres://me@/db?host=/tmp/pg")
        #expect(socket.socketDirectory == "/tmp/pg")
    }

    @Test func otherSchemesAndUnknownSSLModesAreRefusedWithoutThePassword() {
        #expect(throws: PostgresBackendError.self) { try PostgresConnectionURL(parsing: "mysql://me@host/db") }
        do {
            _ = try PostgresConnectionURL(parsing: "postgres://me:secret@host/db?sslmode=sometimes")
            Issue.record("sslmode=sometimes was accepted")
        } catch {
            #expect(
                "\(error)"
                    == "sslmode=sometimes in postgres://me@host/db?sslmode=sometimes is not one of disable, allow, prefer, require, verify-ca, verify-full")
        }
        do {
            _ = try PostgresConnectionURL(parsing: "postgres://me:secret@host:port/db")
            Issue.record("a port that is no number was accepted")
        } catch {
            #expect("\(error)".hasPrefix("not a PostgreSQL URL: postgres://me@host:port/db ("), "\(error)")
            #expect(!"\(error)".contains("secret"))
        }
    }

    /// TLS is libpq's: every sslmode it knows is taken as given.
    @Test func sslModesAreTakenAsLibpqTakesThem() throws {
        for mode in PostgresConnectionURL.sslModes {
            #expect(try PostgresConnectionURL(parsing: "postgres://me@db.example/shop?sslmode=\(mode)").sslMode == mode)
        }
    }
}
