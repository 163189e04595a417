/// fzf's placeholders in a command (`--preview`, `execute`, `become`, `reload`, `transform` …;
/// the grammar is `Placeholder`'s), filled in for the session's lines, each value quoted for the
/// session's shell (`CommandShell.current`) over its bytes:
///
/// - `{}` the current line (a record: one JSON line), `{2}`, `{-1}`, `{2..}`, `{1,3}`, `{..}` its
///   fields cut by the delimiter, the last delimiter and the white space around dropped (`s`
///   keeps the white space); for records `{name}` / `{a.b}` an attribute's text;
/// - `+` each marked line (the current one when none is marked), `*` each matched line, every
///   value quoted and the values joined by spaces; `n` the index from 0 (`{n}`, `{+n}`);
/// - `r` the values unquoted; `f` a file of the values, one per line (NUL-ended with
///   `--print0`), its path in their place;
/// - `{q}` the query, `{q:1}`, `{q:2..}` its fields; `{fzf:action}`, `{fzf:prompt}`.
///
/// With no current line (nothing matches) a line's value is empty, `''`, as in fzf.
public struct Placeholders: Sendable {
    /// Hits are plain lines (`{}` is the line; `{1}` a field), not records.
    public var lines: Bool
    public var delimiter: FieldDelimiter
    /// What ends each value in an `f` file: a line end, or NUL with `--print0` (fzf's `printsep`).
    public var fileSeparator: String

    public init(lines: Bool, delimiter: FieldDelimiter = .awk, fileSeparator: String = "\n") {
        (self.lines, self.delimiter, self.fileSeparator) = (lines, delimiter, fileSeparator)
    }

    /// What the placeholders are filled with.
    public struct Values {
        public var current: Hit?
        /// In marking order.
        public var marked: [Hit]
        public var query: String
        public var prompt: String
        /// The name of the last action run (`{fzf:action}`).
        public var action: String
        /// Every matched hit in the list's order; asked only when a `*` placeholder needs them.
        public var matched: () -> [Hit]
        /// fzf's `execute-multi`: every placeholder of a hit stands for the marked ones, as `{+…}`.
        public var everyPlaceholderMarked = false

        public init(
            current: Hit?, marked: [Hit] = [], query: String, prompt: String = "", action: String = "",
            matched: @escaping () -> [Hit] = { [] }
        ) {
            (self.current, self.marked, self.query, self.prompt, self.action) = (current, marked, query, prompt, action)
            self.matched = matched
        }
    }

    public func segments(_ template: String) -> [PlaceholderTemplate.Segment] {
        PlaceholderTemplate.segments(template, attributes: !lines)
    }

    /// `template` with every placeholder replaced by its value.
    public func expand(_ template: String, with values: Values) -> ExpandedCommand {
        var command = ExpandedCommand()
        var matched: [Hit]?
        for segment in segments(template) {
            switch segment {
            case .text(let text): command.append(text)
            case .placeholder(let placeholder):
                if let text = queryValue(of: placeholder, values) {
                    command.append(text)
                    continue
                }
                let hits: [Hit?]
                if placeholder.matched {
                    if matched == nil { matched = values.matched() }
                    hits = matched ?? []
                } else if placeholder.marked || values.everyPlaceholderMarked, !values.marked.isEmpty {
                    hits = values.marked
                } else {
                    hits = [values.current]
                }
                let items = hits.map { value(of: placeholder, for: $0) }
                if placeholder.file {
                    command.appendFile(Array(items.map { $0 + fileSeparator }.joined().utf8))
                } else {
                    command.append(items.joined(separator: " "))
                }
            }
        }
        return command
    }

    /// fzf's rule for a command when no line matches: it runs when no placeholder names the
    /// current line (none at all, `{q}`, `{fzf:…}`, `{*}`), or when one takes the marked lines
    /// and some are marked; the line's values are then empty.
    public func runsWithoutAHit(_ template: String, anyMarked: Bool) -> Bool {
        let placeholders = segments(template).compactMap { segment in
            if case .placeholder(let placeholder) = segment { placeholder } else { nil }
        }
        return placeholders.isEmpty || placeholders.contains { !$0.namesTheLine || ($0.marked && anyMarked) }
    }

    /// The value of a placeholder that reads the query, the prompt or the action; nil for the others.
    private func queryValue(of placeholder: Placeholder, _ values: Values) -> String? {
        let shell = CommandShell.current
        switch placeholder.value {
        case .query: return shell.quote(values.query)
        case .queryFields(let expression):
            let text = FieldDelimiter.awk.joinedFields(expression, of: values.query)
            return shell.quote(placeholder.keepsSpace ? text : Self.trimmingSpace(text))
        case .prompt: return shell.quote(values.prompt)
        // An action's name is a word of letters and dashes, left bare as fzf leaves it.
        case .action:
            let bare = !values.action.isEmpty && values.action.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            return bare ? values.action : shell.quote(values.action)
        case .item, .fields, .attribute: return nil
        }
    }

    /// One hit's value (nil: fzf's empty line, when none is current), quoted unless `r` or `f`.
    private func value(of placeholder: Placeholder, for hit: Hit?) -> String {
        if placeholder.number {
            // Lines are numbered from 1 by their id; fzf counts from 0.
            guard lines, let hit, let number = Int(hit.objectID) else { return "''" }
            return String(number - 1)
        }
        let text: String
        switch placeholder.value {
        case .fields(let expression):
            let joined = hit.map { delimiter.droppingTrailingDelimiter(delimiter.joinedFields(expression, of: lineText(of: $0))) } ?? ""
            text = placeholder.keepsSpace ? joined : Self.trimmingSpace(joined)
        case .attribute(let name):
            // A field the record lacks is empty, as fzf gives an empty string for a missing field.
            text = hit.map { name == "objectID" ? $0.record["objectID"]?.displayText ?? $0.objectID : $0.record.value(atPath: name)?.displayText ?? "" } ?? ""
        default:
            text = hit.map(lineText) ?? ""
        }
        return placeholder.raw || placeholder.file ? text : CommandShell.current.quote(text)
    }

    private func lineText(of hit: Hit) -> String {
        if lines, let line = hit.record["line"]?.stringValue { return line }
        return Self.text(of: hit)
    }

    /// White space off both ends, as Go's `strings.TrimSpace` takes it (Unicode's White_Space).
    static func trimmingSpace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// A hit as one line of text: a plain line as it came in (fzf's `{}`), a record as JSON.
    public static func text(of hit: Hit) -> String {
        if case .object(let fields) = hit.record, fields.count == 1, case .string(let line)? = fields["line"] { return line }
        return hit.record.serialized()
    }
}
