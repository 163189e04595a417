import InstantSearchCore

/// A command line with fzf-style placeholders (`--preview`, and every command of `--bind`),
/// filled in for one hit: `{}` the record as one JSON line, `{field}` (or `{a.b}`, a nested
/// field) that field's text, `{q}` the query, `{+f}` the path of a file holding the marked
/// hits (else the selected one), one a line. Each is single-quoted for `sh -c`, so a record's
/// text is never read as shell. Braces around anything else (`{ a; b; }`, `${HOME}`) stay as
/// they are. Without a hit (an empty list), a hit's placeholders are empty.
public struct PreviewCommand: Hashable, Sendable {
    public let template: String

    public init(_ template: String) {
        self.template = template
    }

    /// What placeholders are filled with.
    public struct Values {
        public var hit: Hit?
        public var query: String
        /// Writes the marked hits (else the selected one) to a file, and gives its path: `{+f}`.
        public var markedFile: () -> String?

        public init(hit: Hit?, query: String, markedFile: @escaping () -> String? = { nil }) {
            self.hit = hit
            self.query = query
            self.markedFile = markedFile
        }
    }

    public func expanded(for hit: Hit, query: String) -> String {
        expanded(with: Values(hit: hit, query: query))
    }

    public func expanded(with values: Values) -> String {
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
            if let value = Self.value(of: name, values) {
                out += Self.quoted(value)
            } else {
                out += rest[open...close]
            }
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    private static func value(of name: String, _ values: Values) -> String? {
        if name == "q" { return values.query }
        if name == "+f" { return values.markedFile() ?? "" }
        guard name.isEmpty || name.allSatisfy({ $0.isLetter || $0.isNumber || "_.-".contains($0) }) else { return nil }
        guard let hit = values.hit else { return "" }
        if name.isEmpty { return text(of: hit) }
        if name == "objectID" { return hit.record["objectID"]?.displayText ?? hit.objectID }
        // A field the record lacks is empty, as fzf gives an empty string for a missing field.
        return hit.record.value(atPath: name)?.displayText ?? ""
    }

    /// A hit as one line of text: a plain line as it came in (fzf's `{}`), a record as JSON.
    public static func text(of hit: Hit) -> String {
        if case .object(let fields) = hit.record, fields.count == 1, case .string(let line)? = fields["line"] { return line }
        return hit.record.serialized()
    }

    /// `it's` → `'it'\''s'`: POSIX single quotes, which nothing inside can end but a quote.
    static func quoted(_ text: String) -> String {
        var out = "'"
        // A NUL would end the C string the shell is handed; it cannot be in an argument.
        for character in text where character != "\0" { out += character == "'" ? "'\\''" : String(character) }
        return out + "'"
    }
}
