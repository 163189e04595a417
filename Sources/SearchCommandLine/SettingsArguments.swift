import ArgumentParser
import IndexLoading
import InstantSearchCore

/// `--display`, `--searchable`, `--facets`, `--numeric`, `--sort`, `--hits-layout`, `--query-type`, `--subsequence`, `--scope`: the same
/// options, same meaning, for the interactive search and `query` (see `SettingsOverrides`).
public struct SettingsArguments: ParsableArguments, Sendable {
    @Option(
        help: ArgumentHelp("Attributes shown for a hit, the first as its title: a,b,c or NAME:a,b,c for the index NAME. Repeatable.", valueName: "[NAME:]a,b"))
    public var display: [String] = []

    @Option(help: ArgumentHelp("Searchable attributes, the earlier ranking higher (dotted paths reach nested fields: maker.name).", valueName: "[NAME:]a,b"))
    public var searchable: [String] = []

    @Option(help: ArgumentHelp("Attributes to refine by (facets).", valueName: "[NAME:]a,b"))
    public var facets: [String] = []

    @Option(help: ArgumentHelp("Numeric attributes to filter by range.", valueName: "[NAME:]a,b"))
    public var numeric: [String] = []

    @Option(
        help: ArgumentHelp(
            "Custom ranking for the session: attr:desc or attr:asc, comma-separated; ties of relevance (and an empty query) follow it.",
            valueName: "[NAME:]attr:desc"))
    public var sort: [String] = []

    @Option(name: .customLong("hits-layout"), help: ArgumentHelp("Rows per hit in the list: one or two.", valueName: "[NAME:]one|two"))
    public var hitsLayout: [String] = []

    @Option(
        name: .customLong("query-type"),
        help: ArgumentHelp(
            "Which query words match the start of longer words (Algolia's queryType): prefixLast (the word being typed), prefixAll, prefixNone.",
            valueName: "[NAME:]prefixLast|prefixAll|prefixNone"))
    public var queryType: [String] = []

    @Option(
        help: ArgumentHelp(
            "An attribute also matched as fzf matches a line (letters in order, fzf's search syntax and score under SCHEME: default, path or history); the records it finds first, word matches with typos after.",
            valueName: "[NAME:]attr[:SCHEME]"))
    public var subsequence: [String] = []

    @Option(
        help: ArgumentHelp(
            "A scope the records can be narrowed to, cycled by Ctrl-R (next-scope) and named on the tabs row: NAME=FACET:VALUE, or NAME alone for every record. Repeatable, in cycling order; the first is in force at the start.",
            valueName: "name=facet:value"))
    public var scope: [String] = []

    public init() {}

    /// The options as one value; a mistake is a `ValidationError` naming the option.
    public func overrides() throws -> SettingsOverrides {
        var overrides = SettingsOverrides()
        do {
            for (option, values) in [
                (SettingsOverrides.Option.display, display), (.searchable, searchable), (.facets, facets),
                (.numeric, numeric), (.sort, sort), (.hitsLayout, hitsLayout), (.queryType, queryType), (.subsequence, subsequence),
                (.scope, scope),
            ] {
                for value in values { try overrides.add(option, value) }
            }
        } catch let error as SettingsOptionError {
            throw ValidationError(error.message)
        }
        return overrides
    }

    public mutating func validate() throws { _ = try overrides() }
}
