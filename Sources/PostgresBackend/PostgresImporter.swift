import InstantSearchCore

/// `import-postgres`: loads a JSON / NDJSON / CSV file into a table laid out for searching.
///
/// The table is `(object_id text PRIMARY KEY, record jsonb, source text, search tsvector
/// GENERATED … STORED)`: the record as jsonb (what refinements and facets query), the record
/// as read (its JSON text: jsonb reorders keys, and a picked record must come back as it was
/// imported), and its searchable attributes as a weighted text vector that PostgreSQL keeps
/// up to date on every insert or update. Indexes: GIN on the vector (the
/// text match) and on the record (refinements). Beside it, `TABLE_words`, the vocabulary
/// with a trigram index, for typo candidates. The settings (given or inferred, as the
/// embedded engine infers them) are kept in the table's comment, so opening the table later
/// finds the same facets and attributes.
public struct PostgresImporter {
    public let session: SQLSession
    public let table: String
    /// Replace an existing table (and its vocabulary) instead of refusing.
    public var replace: Bool

    public init(session: SQLSession, table: String, replace: Bool = false) {
        self.session = session
        self.table = table
        self.replace = replace
    }

    /// Imports records; returns how many were written.
    @discardableResult
    public func importRecords(_ records: [JSONValue], settings given: IndexSettings = IndexSettings()) async throws -> Int {
        let settings = given.resolved(for: records)
        let quoted = SQL.identifier(path: table)
        let words = SQL.identifier(path: SQL.wordsTable(for: table))

        // Extensions need privileges the table owner may lack; without them search still works, without typos.
        for name in ["pg_trgm", "fuzzystrmatch"] {
            _ = try? await session.rows("CREATE EXTENSION IF NOT EXISTS \(name)")
        }
        let exists = try await session.rows("SELECT (to_regclass($1) IS NOT NULL)::text", [quoted]).first?[0] == "true"
        if exists && !replace {
            throw PostgresBackendError("table \(table) already exists (--replace drops and rebuilds it)")
        }

        var statements: [(String, [String?])] = [
            ("DROP TABLE IF EXISTS \(words)", []),
            ("DROP TABLE IF EXISTS \(quoted)", []),
            (
                """
                CREATE TABLE \(quoted) (
                    object_id text PRIMARY KEY,
                    record jsonb NOT NULL,
                    source text NOT NULL,
                    search tsvector GENERATED ALWAYS AS (\(SQL.weightedVector(record: "record", attributes: settings.searchableAttributes))) STORED
                )
                """, []
            ),
        ]
        // Batches of rows as one JSON array parameter: [[id, record, record's text], …].
        let batchSize = 2_000
        var seen = Set<String>()
        for start in stride(from: 0, to: records.count, by: batchSize) {
            var batch: [JSONValue] = []
            for position in start..<min(start + batchSize, records.count) {
                let record = records[position]
                var id =
                    settings.objectIDAttribute.flatMap { record[$0] }.flatMap { $0 == .null ? nil : $0.displayText }
                    ?? String(position)
                // Ids must be unique for the primary key; a repeated one gets its position appended.
                if !seen.insert(id).inserted { id += "#\(position)" }
                batch.append([.string(id), record, .string(record.serialized())])
            }
            statements.append(
                (
                    "INSERT INTO \(quoted) (object_id, record, source) SELECT e->>0, e->1, e->>2 FROM jsonb_array_elements($1::jsonb) e",
                    [JSONValue.array(batch).serialized()]
                ))
        }
        statements += [
            ("CREATE INDEX ON \(quoted) USING GIN (search)", []),
            ("CREATE INDEX ON \(quoted) USING GIN (record)", []),
            ("COMMENT ON TABLE \(quoted) IS \(SQL.literal(Self.comment(settings)))", []),
        ]
        let hasTrigrams =
            try await session.rows(
                "SELECT (count(*) = 2)::text FROM pg_extension WHERE extname IN ('pg_trgm', 'fuzzystrmatch')"
            ).first?[0] == "true"
        if hasTrigrams {
            statements += [
                ("CREATE TABLE \(words) AS SELECT word FROM ts_stat(\(SQL.literal("SELECT search FROM \(quoted)")))", []),
                ("ALTER TABLE \(words) ADD PRIMARY KEY (word)", []),
                ("CREATE INDEX ON \(words) USING GIN (word gin_trgm_ops)", []),
            ]
        }
        try await session.transaction(statements)
        try await session.rows("ANALYZE \(quoted)")
        return records.count
    }

    /// The settings as a settings file would give them, under the `instantsearch` key.
    static func comment(_ settings: ResolvedIndexSettings) -> String {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        var fields: JSONValue = [
            "searchableAttributes": strings(settings.searchableAttributes),
            "attributesForFaceting": strings(settings.attributesForFaceting),
            "disjunctiveFacets": strings(settings.disjunctiveFacets),
            "numericAttributesForFiltering": strings(settings.numericAttributesForFiltering),
            "customRanking": strings(settings.customRanking.map(\.description)),
            "displayAttributes": strings(settings.displayAttributes),
        ]
        if let id = settings.objectIDAttribute, case .object(var object) = fields {
            object["objectIDAttribute"] = .string(id)
            fields = .object(object)
        }
        return JSONValue.object([PostgresTable.commentKey: fields]).serialized()
    }
}
