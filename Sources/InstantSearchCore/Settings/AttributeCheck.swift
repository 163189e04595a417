/// Attributes named by a person (a settings file, a config file, a command-line option) are
/// checked against the attributes the records have, so a misspelling is an error at start-up
/// with the nearest names, not a blank column or an empty facet for the whole session.
public struct NamedAttribute: Hashable, Sendable {
    public var name: String
    /// What named it: a file or an option (`movies.settings.json`, `--display`).
    public var source: String
    /// Where in the file, when a file named it: its key (`displayAttributes`, `sections[1].facet`).
    public var key: String?

    public init(_ name: String, source: String, key: String? = nil) {
        (self.name, self.source, self.key) = (name, source, key)
    }
}

public enum AttributeCheck {
    /// Throws for the first named attribute no record has: `DataError` naming its source, the
    /// attribute, its role and the nearest existing names.
    public static func check(_ named: [NamedAttribute], existing: Set<String>, indexName: String) throws {
        for attribute in named where !existing.contains(attribute.name) {
            var message = (attribute.key.map { "\($0): " } ?? "") + "no record of \(indexName) has an attribute \"\(attribute.name)\""
            let nearest = suggestions(for: attribute.name, among: existing)
            if !nearest.isEmpty {
                message += "; did you mean " + nearest.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
            } else if !existing.isEmpty {
                message += "; its attributes: " + existing.sorted().prefix(12).joined(separator: ", ")
            }
            throw DataError(file: attribute.source, message: message)
        }
    }

    /// The closest names by edit distance (case ignored), at most three, only those close enough
    /// to be a slip: a third of the name's length, at least 1, at most 3 edits.
    public static func suggestions(for name: String, among candidates: Set<String>) -> [String] {
        let lowered = Array(name.lowercased())
        let allowed = min(3, max(1, lowered.count / 3))
        let scored = candidates.compactMap { candidate -> (Int, String)? in
            let distance = editDistance(lowered, Array(candidate.lowercased()), bound: allowed)
            // A one-letter name is as far from every other one-letter name: no suggestion.
            return distance <= allowed && distance < lowered.count ? (distance, candidate) : nil
        }
        return scored.sorted { $0 < $1 }.prefix(3).map(\.1)
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit; stops early
    /// (returning `bound + 1`) once every cell of a row is past `bound`. Names are short, and
    /// candidates few (a sample's attributes), so this stays small.
    static func editDistance(_ a: [Character], _ b: [Character], bound: Int) -> Int {
        if abs(a.count - b.count) > bound { return bound + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                smallest = min(smallest, value)
            }
            if smallest > bound { return bound + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
