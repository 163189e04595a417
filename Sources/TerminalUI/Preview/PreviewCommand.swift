import InstantSearchCore

/// A `--preview` command line with fzf's placeholders (see `Placeholders`), filled in for one
/// hit: `{}` the line (or the record as one JSON line), `{1}` a field of a line, `{field}` a
/// record's field, `{+}` the marked hits, `{+f}` a file of them, `{q}` the query, `{n}` the
/// position. Each value is single-quoted for `sh -c`, so a record's text is never read as shell.
/// The same expansion serves `--preview` and every command of `--bind`.
public struct PreviewCommand: Sendable {
    public let template: String
    /// How placeholders read a hit: as a line (and its fields) or as a record.
    public var placeholders: Placeholders

    public init(_ template: String, placeholders: Placeholders = Placeholders(lines: false)) {
        self.template = template
        self.placeholders = placeholders
    }

    /// What placeholders are filled with.
    public struct Values {
        public var hit: Hit?
        public var query: String
        public var marked: [Hit]
        /// The current hit's position in the input (`{n}`).
        public var index: Int?
        /// Writes the marked hits (else the selected one) to a file, and gives its path: `{+f}`.
        public var markedFile: () -> String?

        public init(hit: Hit?, query: String, marked: [Hit] = [], index: Int? = nil, markedFile: @escaping () -> String? = { nil }) {
            self.hit = hit
            self.query = query
            self.marked = marked
            self.index = index
            self.markedFile = markedFile
        }
    }

    public func expanded(for hit: Hit, marked: [Hit] = [], query: String, index: Int? = nil) -> String {
        expanded(with: Values(hit: hit, query: query, marked: marked, index: index))
    }

    public func expanded(with values: Values) -> String {
        placeholders.expand(
            template, current: values.hit, marked: values.marked, query: values.query, index: values.index,
            markedFile: values.markedFile)
    }

    /// A hit as one line of text: a plain line as it came in (fzf's `{}`), a record as JSON.
    public static func text(of hit: Hit) -> String { Placeholders.text(of: hit) }

    /// fzf's rule for when nothing is selected (no match): the command still runs when no
    /// placeholder of it names the current line — it has none, or has `{q}`, `{fzf:…}` or
    /// `{*}` (whose values do not come from the current line) — and the line's placeholders
    /// are then empty.
    public static func runsWithoutAHit(_ template: String) -> Bool {
        var placeholders: [Substring] = []
        var index = template.startIndex
        while let open = template[index...].firstIndex(of: "{") {
            guard let close = template[open...].firstIndex(of: "}") else { break }
            let escaped = open > template.startIndex && template[template.index(before: open)] == "\\"
            let token = template[template.index(after: open)..<close]
            if !escaped, isPlaceholder(token) { placeholders.append(token) }
            index = template.index(after: open)
        }
        return placeholders.isEmpty || placeholders.contains { $0.hasPrefix("q") || $0.hasPrefix("fzf:") || $0.prefix { "+*sfrn".contains($0) }.contains("*") }
    }

    /// What stands between braces is one of fzf's placeholders: flags then a field range
    /// (`{}`, `{+f}`, `{2..}`, `{n}`), `{q}` or `{q:RANGE}`, `{fzf:NAME}`.
    private static func isPlaceholder(_ token: Substring) -> Bool {
        if token.hasPrefix("fzf:") { return token.dropFirst(4).allSatisfy { $0.isLetter || $0 == "-" } }
        if token == "q" || token.hasPrefix("q:") { return true }
        let range = token.drop { "+*sfrn".contains($0) }
        return range.allSatisfy { $0.isNumber || ",.-".contains($0) }
    }
}
