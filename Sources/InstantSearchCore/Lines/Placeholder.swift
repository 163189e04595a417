/// One placeholder of a command template, read as fzf 0.74 reads it (its man page, `--preview`):
///
/// - flags, in any order, then a field range or nothing: `+` every marked line (the current one
///   when none is marked), `*` every matched line, `s` white space kept around fields, `n` the
///   line's index from 0 instead of its text, `f` the path of a file holding the values, `r` raw
///   (not quoted); `{}` is the line, `{2}`, `{-1}`, `{2..}`, `{..3}`, `{1,3}`, `{..}` its fields.
///   `n` stands only beside `+`, `*` and `f` (`{n}`, `{+n}`, `{*n}`, `{+fn}`, `{nf}`);
/// - `{q}` the query, `{q:RANGE}` its fields (`{q:1}`, `{q:2..}`, `{q:s-2}` with its spaces);
/// - `{fzf:query}`, `{fzf:action}` (the last action's name), `{fzf:prompt}`.
///
/// For records (our extension), `{name}` or `{a.b}` (after an optional `+` or `*`) names an
/// attribute. Anything else between braces is not a placeholder and stays as it is.
public struct Placeholder: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        /// `{}`: the line (a record as one JSON line).
        case item
        case fields(FieldExpression)
        case attribute(String)
        case query
        case queryFields(FieldExpression)
        case action
        case prompt
    }

    public var value: Value
    /// `+`: the marked lines, else the current one.
    public var marked = false
    /// `*`: every matched line.
    public var matched = false
    /// `s`: white space around the fields kept.
    public var keepsSpace = false
    /// `n`: the line's index from 0.
    public var number = false
    /// `f`: the values in a file, its path in their place.
    public var file = false
    /// `r`: the values as they are, not quoted.
    public var raw = false

    public init(_ value: Value) { self.value = value }

    /// Whether the value comes from the current line (what decides if a command runs when no
    /// line matches): not for the query, the prompt, the action, nor every matched line.
    public var namesTheLine: Bool {
        switch value {
        case .query, .queryFields, .action, .prompt: false
        default: !matched
        }
    }

    /// What fzf makes of the text between a pair of braces.
    public enum Reading: Equatable, Sendable {
        case placeholder(Placeholder)
        /// fzf's grammar matched, but the range did not parse: the braces with the flags left out stay.
        case text(String)
    }

    /// The reading of `inner` (the text between `{` and `}`); nil when it is not a placeholder.
    /// `attributes`: a record's attribute names are placeholders too.
    public static func read(_ inner: Substring, attributes: Bool) -> Reading? {
        switch inner {
        case "fzf:query": return .placeholder(Placeholder(.query))
        case "fzf:action": return .placeholder(Placeholder(.action))
        case "fzf:prompt": return .placeholder(Placeholder(.prompt))
        case "q": return .placeholder(Placeholder(.query))
        default: break
        }
        if inner.hasPrefix("q:") { return queryFields(inner.dropFirst(2)) }
        if let index = indexPlaceholder(inner) { return .placeholder(index) }
        let flags = inner.prefix { "+*sfr".contains($0) }
        let range = inner[flags.endIndex...]
        guard range.allSatisfy({ rangeCharacters.contains($0) }) else {
            return attributes ? attribute(inner) : nil
        }
        var placeholder = Placeholder(.item)
        placeholder.apply(flags)
        if range.isEmpty { return .placeholder(placeholder) }
        if attributes { return attribute(inner) }
        guard let expression = fieldExpression(range) else { return .text("{\(range)}") }
        placeholder.value = .fields(expression)
        return .placeholder(placeholder)
    }

    /// `{q:RANGE}`, `{q:sRANGE}`.
    private static func queryFields(_ text: Substring) -> Reading? {
        let keepsSpace = text.hasPrefix("s")
        let range = keepsSpace ? text.dropFirst() : text
        guard !range.isEmpty, range.allSatisfy({ rangeCharacters.contains($0) }) else { return nil }
        guard let expression = fieldExpression(range) else { return .text("{q:\(range)}") }
        var placeholder = Placeholder(.queryFields(expression))
        placeholder.keepsSpace = keepsSpace
        return .placeholder(placeholder)
    }

    /// `{n}`, and with `+` or `*` before it and `f` on either side: `{+n}`, `{*fn}`, `{nf}`.
    private static func indexPlaceholder(_ inner: Substring) -> Placeholder? {
        var rest = inner
        var placeholder = Placeholder(.item)
        placeholder.number = true
        if let first = rest.first, first == "+" || first == "*" {
            placeholder.apply(String(first)[...])
            rest = rest.dropFirst()
        }
        if rest.hasPrefix("f") {
            placeholder.file = true
            rest = rest.dropFirst()
        }
        guard rest.hasPrefix("n") else { return nil }
        rest = rest.dropFirst()
        if rest == "f" {
            placeholder.file = true
            rest = ""
        }
        return rest.isEmpty ? placeholder : nil
    }

    /// A record's attribute: `{name}`, `{+name}`, `{*a.b}`.
    private static func attribute(_ inner: Substring) -> Reading? {
        var placeholder = Placeholder(.item)
        var name = inner
        if let first = name.first, first == "+" || first == "*" {
            placeholder.apply(String(first)[...])
            name = name.dropFirst()
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_.-,".contains($0) }) else { return nil }
        placeholder.value = .attribute(String(name))
        return .placeholder(placeholder)
    }

    private mutating func apply(_ flags: Substring) {
        for flag in flags {
            switch flag {
            case "+": marked = true
            case "*": matched = true
            case "s": keepsSpace = true
            case "f": file = true
            case "r": raw = true
            default: break
            }
        }
    }

    private static let rangeCharacters: Set<Character> = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ",", "-", "."]

    /// fzf's ranges: the grammar `FieldExpression` reads for `--nth`, nothing else.
    private static func fieldExpression(_ text: Substring) -> FieldExpression? {
        try? FieldExpression(String(text), option: "{}")
    }
}
