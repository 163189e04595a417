import ArgumentParser
import TerminalUI

/// fzf's preview options, same names and syntax: shared by `instantsearch` and
/// `instantsearch-postgres` (which `--postgres` runs with them forwarded).
public struct PreviewArguments: ParsableArguments, Sendable {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show this command's output in the preview pane (run with sh -c for the selected hit): {} is the record as JSON, {field} a field, {q} the query, each shell-quoted.",
            valueName: "command"))
    public var preview: String?

    @Option(
        name: .customLong("preview-window"), parsing: .unconditional,
        help: ArgumentHelp(
            "Where the preview pane goes: right:50% (the default), bottom:40%, a size in cells (right:60); hidden starts it closed. F6 / Alt-p toggle it.",
            valueName: "spec"))
    public var previewWindow: String?

    public init() {}

    public func validate() throws {
        if let previewWindow {
            do { _ = try PreviewWindow(parsing: previewWindow) } catch { throw ValidationError(error.description) }
        }
        if let preview, preview.allSatisfy(\.isWhitespace) {
            throw ValidationError("--preview needs a command (for example 'echo {name}').")
        }
    }

    /// The pane: as `--preview-window` says; else open at the start when a command is given
    /// (as fzf does), closed otherwise.
    public var window: PreviewWindow {
        if let previewWindow, let parsed = try? PreviewWindow(parsing: previewWindow) { return parsed }
        return PreviewWindow(startsHidden: preview == nil)
    }

    public var command: PreviewCommand? { preview.map { PreviewCommand($0) } }

    /// Applies both to a session.
    public func configure(_ search: inout TerminalSearch) {
        search.previewWindow = window
        search.previewCommand = command
    }
}
