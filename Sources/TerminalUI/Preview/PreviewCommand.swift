import InstantSearchCore

/// A `--preview` command line with fzf's placeholders (see `Placeholders`): `{}` the line (or
/// the record as one JSON line), `{1}` a field of a line, `{field}` a record's field, `{+}` the
/// marked hits, `{*}` the matched ones, `{+f}` a file of them, `{q}` the query, `{n}` the index.
/// Each value is quoted for the shell, so a record's text is never read as shell.
/// The same expansion serves `--preview` and every command of `--bind`.
public struct PreviewCommand: Sendable {
    public let template: String
    /// How placeholders read a hit: as a line (and its fields) or as a record.
    public var placeholders: Placeholders

    public init(_ template: String, placeholders: Placeholders = Placeholders(lines: false)) {
        self.template = template
        self.placeholders = placeholders
    }

    public func expansion(with values: Placeholders.Values) -> ExpandedCommand {
        placeholders.expand(template, with: values)
    }

    /// The command line for one hit; `writeFile` writes an `f` placeholder's file and gives its path.
    public func expanded(
        for hit: Hit?, marked: [Hit] = [], query: String, writeFile: ([UInt8]) -> String? = { _ in nil }
    ) -> String {
        expansion(with: .init(current: hit, marked: marked, query: query)).line(writingFiles: writeFile)
    }

    /// A hit as one line of text: a plain line as it came in (fzf's `{}`), a record as JSON.
    public static func text(of hit: Hit) -> String { Placeholders.text(of: hit) }

    /// fzf's rule for when nothing is selected (no match): see `Placeholders.runsWithoutAHit`.
    public static func runsWithoutAHit(_ template: String, anyMarked: Bool = false) -> Bool {
        Placeholders(lines: true).runsWithoutAHit(template, anyMarked: anyMarked)
    }
}
