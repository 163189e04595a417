import InstantSearchCore

/// SQL text helpers. Values typed by a user always travel as parameters; only names the
/// program knows (tables, attributes from the settings) are written into the SQL, quoted here.
enum SQL {
    /// `"name"`, with embedded quotes doubled.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingEvery("\"", with: "\"\"") + "\""
    }

    /// `schema.table` → `"schema"."table"`.
    static func identifier(path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false).map { identifier(String($0)) }.joined(separator: ".")
    }

    /// `E'text'`: an escape string, its backslashes doubled and its quotes doubled. A plain
    /// `'text'` reads a backslash as an escape when the server or the session has
    /// `standard_conforming_strings` off: a name ending in `\` then escapes the closing quote
    /// and the rest of the statement is read as the string. An `E''` string reads backslashes
    /// the same way whatever that setting is.
    static func literal(_ text: String) -> String {
        "E'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "''") + "'"
    }

    /// The vocabulary table beside a table: `shop.products` → `shop.products_words`.
    static func wordsTable(for table: String) -> String { table + "_words" }

    /// The text search configuration: `simple` lower-cases and keeps every word (no stemming,
    /// no stop words), which is what prefix search as you type needs.
    static let configuration = "'simple'::regconfig"

    /// A tsvector over the searchable attributes, weighted A, B, C, D in their order, so a
    /// match in an earlier attribute ranks higher (the embedded engine's attribute ranking).
    static func weightedVector(record: String, attributes: [String]) -> String {
        guard !attributes.isEmpty else { return "''::tsvector" }
        return attributes.enumerated().map { position, attribute in
            let weight = ["A", "B", "C", "D"][min(position, 3)]
            return "setweight(to_tsvector(\(configuration), coalesce(\(record)->>\(literal(attribute)), '')), '\(weight)')"
        }.joined(separator: " || ")
    }

    /// A record's attribute as a number, NULL when it is not one (so a stray string cannot fail a cast).
    static func number(_ attribute: String, record: String = "rec") -> String {
        "(CASE WHEN jsonb_typeof(\(record)->\(literal(attribute))) = 'number' THEN (\(record)->>\(literal(attribute)))::float8 END)"
    }

    /// The values of an attribute as a set of text rows: each element of an array, or the scalar.
    static func elements(_ attribute: String, record: String = "rec") -> String {
        let value = "\(record)->\(literal(attribute))"
        return "jsonb_array_elements_text(CASE jsonb_typeof(\(value)) WHEN 'array' THEN \(value) ELSE jsonb_build_array(\(value)) END)"
    }
}
