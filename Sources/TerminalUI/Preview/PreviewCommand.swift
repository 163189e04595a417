import InstantSearchCore

/// A `--preview` command line with fzf-style placeholders, filled in for one hit: `{}` the
/// record as one JSON line, `{field}` (or `{a.b}`, a nested field) that field's text, `{q}`
/// the query. Each is single-quoted for `sh -c`, so a record's text is never read as shell.
/// Braces around anything else (`{ a; b; }`, `${HOME}`) stay as they are.
public struct PreviewCommand: Hashable, Sendable {
    public let template: String

    public init(_ template: String) {
        self.template = template
    }

    public func expanded(for hit: Hit, query: String) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else {
                out += rest[open...]
                return out
            }
            let name = String(after[..<close])
            if let value = Self.value(of: name, hit: hit, query: query) {
                out += Self.quoted(value)
            } else {
                out += rest[open...close]
            }
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    private static func value(of name: String, hit: Hit, query: String) -> String? {
        if name.isEmpty { return hit.record.serialized() }
        if name == "q" { return query }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || "_.-".contains($0) }) else { return nil }
        if name == "objectID" { return hit.record["objectID"]?.displayText ?? hit.objectID }
        // A field the record lacks is empty, as fzf gives an empty string for a missing field.
        return hit.record.value(atPath: name)?.displayText ?? ""
    }

    /// `it's` → `'it'\''s'`: POSIX single quotes, which nothing inside can end but a quote.
    static func quoted(_ text: String) -> String {
        var out = "'"
        // A NUL would end the C string the shell is handed; it cannot be in an argument.
        for character in text where character != "\0" { out += character == "'" ? "'\\''" : String(character) }
        return out + "'"
    }
}
