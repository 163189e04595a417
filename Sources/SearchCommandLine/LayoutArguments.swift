import ArgumentParser
import TerminalUI

/// fzf's options for how the interface is laid out and coloured, same names and meaning:
/// shared by `instantsearch` and `instantsearch-postgres` (which `--postgres` runs with them
/// forwarded).
public struct LayoutArguments: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp(
        "Where the prompt goes, as fzf's --layout: default (at the bottom, the first hit nearest it), reverse (on top, the list below: this interface's look without the option), reverse-list (at the bottom, the list top-down).",
        valueName: "default|reverse|reverse-list"))
    public var layout: String?

    @Flag(help: "Same as --layout reverse (fzf's --reverse).")
    public var reverse = false

    @Option(help: ArgumentHelp(
        "Colours, as fzf's --color: a base scheme (dark, light, 16, bw) and ELEMENT:COLOUR[:ATTRIBUTE…] pairs, comma-separated, read left to right (repeatable, after INSTANTSEARCH_DEFAULT_OPTS's). Elements: fzf's fg, bg, hl, fg+, bg+, hl+, gutter, query, prompt, pointer, marker, info, header, border, label, spinner, preview-fg, preview-bg, and facet, facet+ (refinement lists, their selected row), chip (current refinements), slider. Colours: -1, 0-255, #rrggbb, black…white, bright-black…bright-white; attributes: bold, underline, reverse, dim, italic, regular.",
        valueName: "spec"))
    public var color: [String] = []

    public init() {}

    public func validate() throws {
        _ = try listLayout()
        _ = try theme()
    }

    /// Every `--color` read onto this interface's own look, left to right.
    public func theme() throws(ValidationError) -> Theme {
        var theme = Theme.standard
        for spec in color {
            do {
                theme = try ColorSpec.apply(spec, to: theme)
            } catch {
                throw ValidationError("--color: \(error.message)")
            }
        }
        return theme
    }

    /// `--layout` read (`--reverse` when it is not given; a later `--layout` wins over it as
    /// the parser keeps one value each).
    public func listLayout() throws(ValidationError) -> ListLayout {
        guard let layout else { return reverse ? .reverse : .standard }
        guard let value = ListLayout(rawValue: layout) else {
            throw ValidationError("--layout takes \(ListLayout.names); not '\(layout)'.")
        }
        return value
    }

    /// Applies them to the interface's options.
    public func configure(_ options: inout SearchApp.Options) {
        if let layout = try? listLayout() { options.layout = layout }
        if let theme = try? theme() { options.theme = theme }
    }

    /// The same options, as a command line for a sibling executable.
    public var forwarded: [String] {
        var arguments: [String] = []
        if let layout { arguments.append("--layout=\(layout)") }
        if reverse { arguments.append("--reverse") }
        arguments += color.map { "--color=\($0)" }
        return arguments
    }
}
