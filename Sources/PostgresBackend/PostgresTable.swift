import InstantSearchCore

/// One table seen as an index: where a record, its id and its text vector come from, what is
/// searched, faceted and ranged, and whether typo tolerance is available.
///
/// Two layouts: a `jsonb` column holding each record (what `import-postgres` writes), or
/// named columns (each row read as `to_jsonb(row)`). Either way the SQL below talks about
/// `rec`, the record as jsonb, so the rest of the backend does not care which.
public struct PostgresTable: Sendable {
    /// The table as the user named it, e.g. `products` or `shop.products`.
    public var name: String
    /// SQL giving the record (jsonb) from a row aliased `t`.
    var recordSQL: String
    /// SQL giving the record as JSON text with its keys in their original order, from a row
    /// aliased `t`: the `source` column `import-postgres` writes, or the named columns in
    /// table order; nil when only the jsonb is there (its keys come back in jsonb's order).
    var sourceSQL: String?
    /// SQL giving the object id (text) from a row aliased `t`.
    var objectIDSQL: String
    /// SQL giving the tsvector: a stored column when there is one, else computed.
    var vectorSQL: String
    /// The vocabulary table for typo candidates (`NAME_words`), when it and the extensions exist.
    var wordsTable: String?
    public var settings: ResolvedIndexSettings

    /// Sorts, numeric menus and toggles come from the settings as declared (toggles are not
    /// inferred here: that would take a scan of the table).
    public var indexDescription: IndexDescription {
        let numeric = settings.numericAttributesForFiltering
        let toggles = (settings.widgets.toggles ?? []).map { attribute in
            FilterToggle(attribute: attribute, kind: numeric.contains(attribute) ? .number : .boolean)
        }
        let toggled = Set(toggles.map(\.attribute))
        return IndexDescription(
            name: indexName, searchableAttributes: settings.searchableAttributes,
            facetAttributes: settings.attributesForFaceting.filter { !toggled.contains($0) },
            disjunctiveFacets: Set(settings.disjunctiveFacets).subtracting(toggled),
            numericAttributes: numeric.filter { !toggled.contains($0) }, displayAttributes: settings.displayAttributes,
            sorts: settings.widgets.sorts, toggles: toggles,
            numericMenus: settings.widgets.numericMenus.filter { numeric.contains($0.attribute) })
    }

    /// The index name the widgets see: the table name without its schema.
    public var indexName: String { String(name.split(separator: ".").last ?? Substring(name)) }

    /// The table quoted for SQL (each dotted part quoted).
    var quotedName: String { SQL.identifier(path: name) }

    /// The key under which `import-postgres` leaves the settings in the table's comment.
    static let commentKey = "instantsearch"

    /// Looks the table up: its columns decide the layout, its comment (or a sample of rows) the settings.
    public static func open(_ name: String, session: SQLSession, settings override: IndexSettings? = nil) async throws
        -> PostgresTable
    {
        let quoted = SQL.identifier(path: name)
        let columns = try await session.rows(
            """
            SELECT a.attname, format_type(a.atttypid, a.atttypmod), obj_description(c.oid, 'pg_class')
            FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
            WHERE c.oid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum
            """, [quoted])
        guard !columns.isEmpty else { throw PostgresBackendError("no table named \(name) in \(session.url)") }
        let typed = columns.map { (name: $0[0] ?? "", type: $0[1] ?? "") }
        let vectorColumn = typed.first { $0.type == "tsvector" }?.name
        let jsonColumn =
            typed.first { ["record", "doc", "data"].contains($0.name) && $0.type == "jsonb" }?.name
            ?? typed.first { $0.type == "jsonb" }?.name
        let recordSQL: String
        let sourceSQL: String?
        if let jsonColumn {
            recordSQL = "t.\(SQL.identifier(jsonColumn))"
            sourceSQL = typed.contains { $0.name == "source" && $0.type == "text" } ? "t.\(SQL.identifier("source"))" : nil
        } else {
            // Named columns: the row as a record, minus a stored text vector.
            recordSQL = vectorColumn.map { "(to_jsonb(t) - \(SQL.literal($0)))" } ?? "to_jsonb(t)"
            // json (not jsonb) keeps the columns' order.
            sourceSQL =
                vectorColumn.map {
                    """
                    (SELECT json_object_agg(j.k, j.v ORDER BY j.n)::text FROM json_each(row_to_json(t)) \
                    WITH ORDINALITY AS j(k, v, n) WHERE j.k <> \(SQL.literal($0)))
                    """
                } ?? "row_to_json(t)::text"
        }

        var table = PostgresTable(
            name: name, recordSQL: recordSQL, sourceSQL: sourceSQL, objectIDSQL: "t.ctid::text", vectorSQL: "",
            wordsTable: nil, settings: IndexSettings().resolved(for: []))
        table.settings = try await resolveSettings(
            comment: columns[0][2], override: override, table: table, session: session)

        let idColumn = jsonColumn == nil ? nil : typed.first { ["object_id", "objectID", "id"].contains($0.name) }?.name
        if let idColumn {
            table.objectIDSQL = "t.\(SQL.identifier(idColumn))::text"
        } else if let attribute = table.settings.objectIDAttribute {
            table.objectIDSQL = "coalesce(\(recordSQL)->>\(SQL.literal(attribute)), t.ctid::text)"
        }
        table.vectorSQL =
            vectorColumn.map { "t.\(SQL.identifier($0))" }
            ?? SQL.weightedVector(record: recordSQL, attributes: table.settings.searchableAttributes)

        let extensions = Set(try await session.rows("SELECT extname FROM pg_extension").compactMap { $0[0] })
        let wordsName = SQL.wordsTable(for: name)
        let words = try await session.rows("SELECT (to_regclass($1) IS NOT NULL)::text", [SQL.identifier(path: wordsName)])
        if extensions.isSuperset(of: ["pg_trgm", "fuzzystrmatch"]), words.first?[0] == "true" {
            table.wordsTable = SQL.identifier(path: wordsName)
        }
        return table
    }

    /// Settings: the ones given, else the table comment's, with what is missing inferred from
    /// up to 2,000 rows (the same inference as the embedded engine's).
    private static func resolveSettings(
        comment: String?, override: IndexSettings?, table: PostgresTable, session: SQLSession
    ) async throws -> ResolvedIndexSettings {
        var settings = override ?? IndexSettings()
        if override == nil, let comment, comment.hasPrefix("{"),
            let stored = (try? JSONParser.parse(comment, file: "comment"))?[commentKey]
        {
            settings = try IndexSettings.parse(text: stored.serialized(), file: "the comment on \(table.name)")
        }
        let sample = try await session.rows(
            "SELECT (\(table.recordSQL))::text FROM \(table.quotedName) t LIMIT 2000")
        let records = try sample.compactMap { $0[0] }.map { try JSONParser.parse($0, file: table.name) }
        return settings.resolved(for: records)
    }
}
