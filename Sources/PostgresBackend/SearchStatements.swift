import InstantSearchCore

/// The SQL of one search: the count, the page of hits with highlights, the facet counts and
/// the numeric stats, each a statement of its own so they run side by side on the pool.
///
/// Every statement reads the same relation, `base` (record, id, vector of each row), under a
/// WHERE built per scope: the text match and every refinement, minus — for a disjunctive
/// facet's counts or a numeric attribute's stats — that attribute's own refinement, which is
/// how counts ignore their own refinements (the engine's disjunctive semantics).
struct SearchStatements {
    let table: PostgresTable
    let query: Query
    let words: QueryWords
    private var parameters: [String?] = []
    private let textParameters: [String?]

    static let highlightStart = "\u{E000}"
    static let highlightEnd = "\u{E001}"

    init(table: PostgresTable, query: Query, words: QueryWords) {
        self.table = table
        self.query = query
        self.words = words
        // $1 is the tsquery with typo alternatives, $2 without (for ranking exact matches first).
        textParameters = words.isEmpty ? [] : [words.tsquery(withTypos: true), words.tsquery(withTypos: false)]
    }

    /// One statement's parameters start from the tsqueries; the scopes add theirs.
    private mutating func begin() { parameters = textParameters }

    /// `src`: the record's text as imported (see `PostgresTable.sourceSQL`); only the hits
    /// read it, and the planner computes it for those rows only.
    private var base: String {
        """
        (SELECT \(table.recordSQL) AS rec, \(table.sourceSQL ?? "NULL::text") AS src, \(table.objectIDSQL) AS oid, \
        \(table.vectorSQL) AS vec FROM \(table.quotedName) t) base
        """
    }

    private mutating func parameter(_ value: String) -> String {
        parameters.append(value)
        return "$\(parameters.count)"
    }

    /// The WHERE clause of a scope; `excluding` leaves one attribute's refinements out.
    mutating func whereClause(excluding: String? = nil) -> String {
        var clauses: [String] = []
        if !words.isEmpty { clauses.append("vec @@ to_tsquery(\(SQL.configuration), $1)") }
        for attribute in query.facetRefinements.keys.sorted() where attribute != excluding {
            guard let values = query.facetRefinements[attribute], !values.isEmpty else { continue }
            let key = SQL.literal(attribute)
            // `?` finds a string or a string in an array; `->>` also catches numbers and booleans.
            let tests = values.sorted().map { value -> String in
                let p = parameter(value)
                return "(rec->\(key) ? \(p) OR rec->>\(key) = \(p))"
            }
            let or = query.disjunctiveFacets.contains(attribute)
            clauses.append("(" + tests.joined(separator: or ? " OR " : " AND ") + ")")
        }
        for attribute in query.numericRanges.keys.sorted() where attribute != excluding {
            guard let range = query.numericRanges[attribute] else { continue }
            if let lower = range.lower {
                clauses.append("\(SQL.number(attribute)) \(range.excludesLower ? ">" : ">=") \(parameter(String(lower)))::float8")
            }
            if let upper = range.upper {
                clauses.append("\(SQL.number(attribute)) \(range.excludesUpper ? "<" : "<=") \(parameter(String(upper)))::float8")
            }
        }
        return clauses.isEmpty ? "TRUE" : clauses.joined(separator: " AND ")
    }

    mutating func count() -> Statement {
        begin()
        let sql = "SELECT count(*)::text FROM \(base) WHERE \(whereClause())"
        return Statement(sql: sql, parameters: parameters)
    }

    /// The page: id, record and (with a text) the highlights as a jsonb object of arrays.
    mutating func hits() -> Statement {
        begin()
        var order: [String] = []
        // A sort-by orders the whole result set; relevance then breaks its ties.
        if let sort = query.sortBy {
            order.append("\(SQL.number(sort.attribute)) \(sort.ascending ? "ASC" : "DESC") NULLS LAST")
        }
        if !words.isEmpty {
            // Typos rank after exact matches, then ts_rank (weights follow attribute order).
            if words.hasAlternatives { order.append("(vec @@ to_tsquery(\(SQL.configuration), $2)) DESC") }
            order.append("ts_rank(vec, to_tsquery(\(SQL.configuration), $1)) DESC")
        }
        for criterion in table.settings.customRanking {
            order.append("\(SQL.number(criterion.attribute)) \(criterion.ascending ? "ASC" : "DESC") NULLS LAST")
        }
        order.append("oid")
        let filter = whereClause()
        let limit = parameter(String(query.hitsPerPage))
        let offset = parameter(String(query.page * query.hitsPerPage))
        let sql = """
            SELECT oid, coalesce(src, rec::text), \(highlights()) FROM \(base) WHERE \(filter)
            ORDER BY \(order.joined(separator: ", ")) LIMIT \(limit)::int OFFSET \(offset)::int
            """
        return Statement(sql: sql, parameters: parameters)
    }

    /// ts_headline over whole values (HighlightAll), with private-use characters as marks so
    /// any text survives; an array attribute is highlighted element by element.
    private func highlights() -> String {
        let attributes = table.settings.searchableAttributes
        guard !words.isEmpty, !attributes.isEmpty else { return "NULL" }
        let options = SQL.literal("HighlightAll=true, StartSel=\(Self.highlightStart), StopSel=\(Self.highlightEnd)")
        let tsquery = "to_tsquery(\(SQL.configuration), $1)"
        let pairs = attributes.map { attribute -> String in
            let key = SQL.literal(attribute)
            return """
                \(key), CASE jsonb_typeof(rec->\(key)) \
                WHEN 'array' THEN (SELECT jsonb_agg(ts_headline(\(SQL.configuration), e, \(tsquery), \(options))) \
                FROM jsonb_array_elements_text(rec->\(key)) e) \
                WHEN 'string' THEN jsonb_build_array(ts_headline(\(SQL.configuration), rec->>\(key), \(tsquery), \(options))) \
                END
                """
        }
        // jsonb_build_object takes at most 100 arguments: chunks of 50 pairs, merged.
        let chunks = stride(from: 0, to: pairs.count, by: 50).map { start in
            "jsonb_build_object(" + pairs[start..<min(start + 50, pairs.count)].joined(separator: ", ") + ")"
        }
        return "(" + chunks.joined(separator: " || ") + ")::text"
    }

    /// Rows of (attribute, value, count): the top values of every requested facet.
    mutating func facets(_ attributes: [String]) -> Statement? {
        guard !attributes.isEmpty else { return nil }
        begin()
        let limit = parameter(String(max(query.maxValuesPerFacet, 1)))
        let parts = attributes.map { attribute -> String in
            let own = query.disjunctiveFacets.contains(attribute) ? attribute : nil
            let filter = whereClause(excluding: own)
            // COLLATE "C": ties sort by code point, as the engine's Swift string order does.
            return """
                (SELECT \(SQL.literal(attribute)), v, count(*)::text FROM \(base) CROSS JOIN LATERAL \
                \(SQL.elements(attribute)) AS e(v) WHERE v IS NOT NULL AND \(filter) \
                GROUP BY v ORDER BY count(*) DESC, v COLLATE "C" LIMIT \(limit)::int)
                """
        }
        return Statement(sql: parts.joined(separator: " UNION ALL "), parameters: parameters)
    }

    /// Rows of (attribute, min, max, avg, sum): each numeric attribute outside its own range.
    mutating func stats(_ attributes: [String]) -> Statement? {
        guard !attributes.isEmpty else { return nil }
        begin()
        let parts = attributes.map { attribute -> String in
            let value = SQL.number(attribute)
            let filter = whereClause(excluding: attribute)
            return """
                SELECT \(SQL.literal(attribute)), min(\(value))::text, max(\(value))::text, avg(\(value))::text, \
                sum(\(value))::text FROM \(base) WHERE \(filter)
                """
        }
        return Statement(sql: parts.joined(separator: " UNION ALL "), parameters: parameters)
    }
}

/// SQL text and its parameters ($1, $2, …).
struct Statement: Sendable {
    var sql: String
    var parameters: [String?]
}
