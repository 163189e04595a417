/// fzf's placeholders in a command (`--preview`, `--bind` actions), filled in for the current
/// hit, each value single-quoted for the session's shell (`CommandShell.current`):
///
/// - `{}`: the line (plain lines), else the record as one JSON line;
/// - `{1}`, `{-1}`, `{2..}`, `{1,3}`: fields of the line, cut by the delimiter (`FieldExpression`);
///   for records, `{name}` (or `{a.b}`) is that attribute's text;
/// - `{+}`, `{+1}`: the same for every marked hit (the current one when none is marked), each quoted;
/// - `{q}`: the query; `{n}`: the current hit's position in the input, from 0;
/// - `{+f}`: the path of a file holding the marked hits (else the current one), one a line.
///
/// Braces around anything else (`{ a; b; }`, `${HOME}`) stay as they are. With no current hit,
/// a placeholder that needs one is an empty string, as in fzf.
public struct Placeholders: Sendable {
    /// Hits are plain lines (`{}` is the line; `{1}` a field), not records.
    public var lines: Bool
    public var delimiter: FieldDelimiter

    public init(lines: Bool, delimiter: FieldDelimiter = .awk) {
        self.lines = lines
        self.delimiter = delimiter
    }

    /// `template` with every placeholder replaced by its quoted value.
    public func expand(
        _ template: String, current: Hit?, marked: [Hit] = [], query: String, index: Int? = nil,
        markedFile: () -> String? = { nil }
    ) -> String {
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
            // `{{}`: the first brace is text, the placeholder starts at the next (fzf's reading).
            if name.contains("{") {
                out += "{"
                rest = after
                continue
            }
            // `${NAME}` is the shell's.
            let shellVariable = open > template.startIndex && template[template.index(before: open)] == "$"
            if !shellVariable, name == "+f" {
                out += CommandShell.current.quote(markedFile() ?? "")
            } else if !shellVariable, let value = value(of: name, current: current, marked: marked, query: query, index: index) {
                out += value
            } else {
                out += rest[open...close]
            }
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    /// The quoted value of one placeholder; nil when `name` is not one (the braces stay).
    private func value(of name: String, current: Hit?, marked: [Hit], query: String, index: Int?) -> String? {
        let shell = CommandShell.current
        if name == "q" { return shell.quote(query) }
        if name == "n" { return index.map(String.init) ?? "''" }
        if name.hasPrefix("+") {
            let inner = String(name.dropFirst())
            let hits = marked.isEmpty ? (current.map { [$0] } ?? []) : marked
            let values = hits.compactMap { text(of: inner, in: $0) }
            guard inner.isEmpty || isFieldName(inner) else { return nil }
            return values.isEmpty ? "''" : values.map(shell.quote).joined(separator: " ")
        }
        guard name.isEmpty || isFieldName(name) else { return nil }
        return shell.quote(current.flatMap { text(of: name, in: $0) } ?? "")
    }

    private func isFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "_.-,".contains($0) }
    }

    /// A hit's text for `{name}`: the whole line or record, a field expression of a line, an attribute of a record.
    private func text(of name: String, in hit: Hit) -> String? {
        let line = lines ? hit.record["line"]?.stringValue : nil
        if name.isEmpty { return line ?? Self.text(of: hit) }
        if let line, let expression = try? FieldExpression(name, option: "{}") {
            return delimiter.select(expression, of: line)
        }
        if lines { return "" }
        if name == "objectID" { return hit.record["objectID"]?.displayText ?? hit.objectID }
        // A field the record lacks is empty, as fzf gives an empty string for a missing field.
        return hit.record.value(atPath: name)?.displayText ?? ""
    }

    /// A hit as one line of text: a plain line as it came in (fzf's `{}`), a record as JSON.
    public static func text(of hit: Hit) -> String {
        if case .object(let fields) = hit.record, fields.count == 1, case .string(let line)? = fields["line"] { return line }
        return hit.record.serialized()
    }
}
