import InstantSearchCore

/// PostgreSQL tables behind the widgets, one index per table.
///
/// Full-text search through the table's tsvector (GIN-indexed when `import-postgres` made
/// the table), every word required and the last one a prefix (`word:*`); typos through the
/// vocabulary table `TABLE_words` (pg_trgm finds candidates, fuzzystrmatch's levenshtein keeps
/// those within the allowed typos); facet counts by GROUP BY with disjunctive semantics;
/// numeric ranges and stats; highlights by ts_headline; LIMIT / OFFSET pages.
public struct PostgresBackend: SearchClient {
    public struct Plan: Sendable {
        var table: PostgresTable
        var query: Query
    }

    /// The rows of one search, as they came back, with the words they were searched with.
    public struct Rows: Sendable {
        var words: QueryWords
        var count: Int
        var hits: [[String?]]
        var facets: [[String?]]
        var stats: [[String?]]
        var elapsed: Duration
    }

    public let session: SQLSession
    public let tables: [PostgresTable]
    private let tableByIndex: [String: PostgresTable]

    public init(session: SQLSession, tables: [PostgresTable]) {
        self.session = session
        self.tables = tables
        self.tableByIndex = Dictionary(tables.map { ($0.indexName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Connects and reads each table's layout and settings.
    public static func connect(url: PostgresConnectionURL, tables names: [String], settings: IndexSettings? = nil)
        async throws -> PostgresBackend
    {
        let session = SQLSession(url: url)
        try await session.check()
        var tables: [PostgresTable] = []
        for name in names { tables.append(try await PostgresTable.open(name, session: session, settings: settings)) }
        return PostgresBackend(session: session, tables: tables)
    }

    public var descriptions: [IndexDescription] { tables.map(\.indexDescription) }

    public func map(query: IndexedQuery) throws -> Plan {
        guard let table = tableByIndex[query.indexName] else { throw SearchError.unknownIndex(query.indexName) }
        guard query.query.filters == nil else { throw SearchError.unsupported("filter strings (--filters) on PostgreSQL") }
        return Plan(table: table, query: query.query)
    }

    public func perform(_ plan: Plan) async throws -> Rows {
        let started = ContinuousClock.now
        var words = QueryWords(plan.query.text, relevance: plan.table.settings.relevance)
        if let vocabulary = plan.table.wordsTable {
            for position in words.words.indices where words.words[position].maxTypos > 0 {
                words.words[position].alternatives = try await alternatives(for: words.words[position], in: vocabulary)
            }
        }
        try Task.checkCancellation()
        var statements = SearchStatements(table: plan.table, query: plan.query, words: words)
        let count = statements.count()
        let hits = statements.hits()
        let facetNames = plan.query.facets.contains("*") ? plan.table.settings.attributesForFaceting : plan.query.facets
        let facets = statements.facets(facetNames)
        let stats = statements.stats(plan.table.settings.numericAttributesForFiltering)
        let session = session
        // Four statements side by side on the pool: one round trip's latency, not four.
        async let countRows = session.rows(count.sql, count.parameters)
        async let hitRows = session.rows(hits.sql, hits.parameters)
        async let facetRows = Self.run(facets, on: session)
        async let statRows = Self.run(stats, on: session)
        let total = Int(try await countRows.first?.first??.description ?? "0") ?? 0
        return Rows(
            words: words, count: total, hits: try await hitRows, facets: try await facetRows, stats: try await statRows,
            elapsed: ContinuousClock.now - started)
    }

    private static func run(_ statement: Statement?, on session: SQLSession) async throws -> [[String?]] {
        guard let statement else { return [] }
        return try await session.rows(statement.sql, statement.parameters)
    }

    /// Vocabulary words within the word's typo allowance: pg_trgm's index narrows to similar
    /// words, levenshtein decides. A prefix is compared with the candidate's first letters
    /// (one letter shorter or longer, so a dropped or doubled letter still counts once).
    private func alternatives(for word: QueryWords.Word, in vocabulary: String) async throws -> [String] {
        let sql =
            word.isPrefix
            ? """
            SELECT word FROM \(vocabulary) WHERE $1 <% word AND NOT starts_with(word, $1)
            AND least(levenshtein(left(word, length($1) - 1), $1), levenshtein(left(word, length($1)), $1),
                      levenshtein(left(word, length($1) + 1), $1)) <= $2::int
            ORDER BY levenshtein(left(word, length($1)), $1), word LIMIT 50
            """
            : """
            SELECT word FROM \(vocabulary) WHERE word % $1 AND word <> $1 AND levenshtein(word, $1) <= $2::int
            ORDER BY levenshtein(word, $1), word LIMIT 20
            """
        // Only letters and digits reach the tsquery text, whatever the vocabulary holds.
        return try await session.rows(sql, [word.term, String(word.maxTypos)]).compactMap { $0.first ?? nil }
            .filter { $0.allSatisfy { $0.isLetter || $0.isNumber } }
    }

    public func map(results rows: Rows, for query: IndexedQuery) throws -> SearchResults {
        let perPage = max(query.query.hitsPerPage, 1)
        let hits = try rows.hits.map { row -> Hit in
            let record = try row[1].map { try JSONParser.parse($0, file: "row") }
            let highlighted = try row[2].map { try JSONParser.parse($0, file: "headline") }
            return Hit(
                objectID: row[0] ?? "", record: record ?? .null,
                highlights: HeadlineMarks.highlights(highlighted, words: rows.words))
        }
        var facets: [String: [FacetValueCount]] = [:]
        for row in rows.facets {
            guard let attribute = row[0], let value = row[1], let count = row[2].flatMap({ Int($0) }) else { continue }
            facets[attribute, default: []].append(FacetValueCount(value: value, count: count))
        }
        var stats: [String: FacetStats] = [:]
        for row in rows.stats {
            let numbers = row.dropFirst().map { $0.flatMap { Double($0) } }
            guard let attribute = row[0], let min = numbers[0], let max = numbers[1] else { continue }
            stats[attribute] = FacetStats(min: min, max: max, avg: numbers[2] ?? 0, sum: numbers[3] ?? 0)
        }
        return SearchResults(
            indexName: query.indexName, query: query.query.text, hits: hits, nbHits: rows.count,
            page: query.query.page, nbPages: (rows.count + perPage - 1) / perPage, hitsPerPage: query.query.hitsPerPage,
            facets: facets, facetStats: stats,
            processingTimeMS: Double(rows.elapsed.components.attoseconds) / 1e15 + Double(rows.elapsed.components.seconds) * 1000)
    }
}
