import InstantSearchCore

/// A `--preview` command line with fzf's placeholders (see `Placeholders`), filled in for one
/// hit: `{}` the line (or the record as one JSON line), `{1}` a field of a line, `{field}` a
/// record's field, `{+}` the marked hits, `{q}` the query, `{n}` the position. Each value is
/// single-quoted for `sh -c`, so a record's text is never read as shell.
public struct PreviewCommand: Sendable {
    public let template: String
    /// How placeholders read a hit: as a line (and its fields) or as a record.
    public var placeholders: Placeholders

    public init(_ template: String, placeholders: Placeholders = Placeholders(lines: false)) {
        self.template = template
        self.placeholders = placeholders
    }

    public func expanded(for hit: Hit, marked: [Hit] = [], query: String, index: Int? = nil) -> String {
        placeholders.expand(template, current: hit, marked: marked, query: query, index: index)
    }
}
