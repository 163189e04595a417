/// What one search request may ask of a server, each refused with a 400 naming the parameter
/// and the limit. Every check is linear in what the client sent and stops at the limit, so a
/// 1 MB `query` is refused after reading 513 characters of it, not searched.
public enum AlgoliaLimits {
    /// Algolia's own limit on the query text.
    public static let maxQueryCharacters = 512
    /// The `filters` string, in bytes.
    public static let maxFilterBytes = 64 * 1024
    /// Conditions in `facetFilters` and `numericFilters` together (the engine bounds those of
    /// `filters` to `maxFilterConditions` too): each is checked against every matched record.
    public static let maxFilterConditions = 1_000
    /// Hits on one page, and on all the pages of one multi-query together (Algolia: 1000).
    public static let maxHitsPerRequest = 1_000
    /// `offset + length` (Algolia's default `paginationLimitedTo`).
    public static let maxOffsetAndLength = 1_000

    public static func checkQuery(_ text: String, parameter: String = "query") throws {
        guard text.utf8.count > maxQueryCharacters else { return }
        if text.prefix(maxQueryCharacters + 1).count > maxQueryCharacters {
            throw AlgoliaParameterError("\(parameter): at most \(maxQueryCharacters) characters")
        }
    }

    static func checkFilters(_ text: String) throws {
        guard text.utf8.count <= maxFilterBytes else {
            throw AlgoliaParameterError("filters: at most \(maxFilterBytes) bytes (was \(text.utf8.count))")
        }
    }

    static func checkConditions(_ count: Int, parameter: String) throws {
        guard count <= maxFilterConditions else {
            throw AlgoliaParameterError(
                "\(parameter): at most \(maxFilterConditions) conditions in facetFilters and numericFilters together")
        }
    }
}

/// What a server needs to know of a `filters` string before the engine parses it.
enum FilterText {
    /// Whether `filter` has an `OR` outside parentheses and quotes. Only then does AND-ing it
    /// with other clauses need parentheses around it (AND binds tighter than OR), and only then
    /// does the server add a level of nesting the client did not write.
    ///
    /// Reads words and quotes as the engine's filter tokenizer does; when unsure (unbalanced
    /// parentheses, an unterminated quote) it answers true: parentheses never change the meaning.
    static func hasTopLevelOR(_ filter: String) -> Bool {
        var depth = 0
        var quote: Character?
        var escaped = false
        var word = 0  // 0: not in a word; 1: "O" so far; 2: "OR" so far; 3: some other word
        func endWord() -> Bool {
            defer { word = 0 }
            return depth == 0 && word == 2
        }
        for c in filter {
            if let open = quote {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == open { quote = nil }
                continue
            }
            if c.isWhitespace || "():<>=!\"'".contains(c) {
                if endWord() { return true }
                if c == "\"" || c == "'" { quote = c }
                if c == "(" { depth += 1 }
                if c == ")" {
                    depth -= 1
                    if depth < 0 { return true }
                }
                continue
            }
            switch (word, c) {
            case (0, "O"): word = 1
            case (1, "R"): word = 2
            default: word = 3
            }
        }
        return endWord() || depth != 0 || quote != nil
    }
}
