import ArgumentParser
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// fzf's preview options, same names and syntax, for every session.
public struct PreviewArguments: ParsableArguments, Sendable {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show this command's output in the preview pane (run with sh -c for the selected hit): {} is the record as JSON, {field} a field, {q} the query, each shell-quoted.",
            valueName: "command"))
    public var preview: String?

    @Option(
        name: .customLong("preview-window"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Where the preview pane goes: right:50% (the default), bottom:40%, a size in cells (right:60); hidden starts it closed; fzf's other words too (follow, wrap, cycle, border-STYLE, +SCROLL, ~N, <N(…)); given again, its words apply on top. F6 / Alt-p toggle it.",
            valueName: "spec"))
    public var previewWindow: [String] = []

    @Option(
        name: .customLong("preview-border"), parsing: .unconditional,
        help: ArgumentHelp(
            "The preview box's border, as fzf's --preview-border: rounded (alone: --preview-border), sharp, bold, double, block, thinblock, dashed, horizontal, vertical, top, bottom, left, right, line (the side facing the list), none (also --no-preview-border). --preview-window's border-STYLE words say it too.",
            valueName: "style"))
    public var previewBorder: String?

    @Option(
        name: .customLong("preview-label"), parsing: .unconditional,
        help: ArgumentHelp("Text on the preview pane's rule in place of its title, as fzf's --preview-label.", valueName: "label"))
    public var previewLabel: String?

    @Option(
        name: .customLong("preview-label-pos"), parsing: .unconditional,
        help: ArgumentHelp("Where --preview-label goes on its rule, as fzf's: 0 centred (the default), N from the left, -N from the right.", valueName: "N"))
    public var previewLabelPosition: String?

    @Option(
        name: .customLong("preview-images"), parsing: .unconditional,
        help: ArgumentHelp(
            "Which images a --preview command writes (kitty graphics, iTerm2 inline images, sixel) go to the terminal: auto (those the terminal's environment says it draws), always (all, as fzf sends them), never. An image not sent is named in its place.",
            valueName: "when"))
    public var previewImages: PreviewImages.Mode = .auto

    public init() {}

    public func validate() throws {
        let border = try self.border()
        do { _ = try parsedWindow(border: border) } catch { throw ValidationError(error.description) }
        _ = try labelPosition()
        try OptionText.checkLabel(previewLabel, option: "--preview-label")
        if let preview, preview.allSatisfy(\.isWhitespace) {
            throw ValidationError("--preview needs a command (for example 'echo {name}').")
        }
    }

    /// The pane: as `--preview-window` says; else open at the start when a command is given
    /// (as fzf does), closed otherwise.
    public var window: PreviewWindow { window(presetBorder: nil) }

    /// The same, the box in `presetBorder` (`--style`'s) unless `--preview-border` names one.
    public func window(presetBorder: PreviewWindow.Border?) -> PreviewWindow {
        let given = previewBorder == nil ? presetBorder : nil
        let border = given ?? (try? self.border()) ?? .shape(.rounded)
        if let parsed = try? parsedWindow(border: border) { return parsed }
        var window = PreviewWindow(startsHidden: preview == nil)
        window.hiddenUntilCommand = preview == nil
        window.border = border
        return window
    }

    /// Every `--preview-window` given, read in order onto fzf's defaults (as fzf reads them:
    /// `--preview-window follow --preview-window '~4'` follows with four header lines); nil
    /// when none is given.
    func parsedWindow(border: PreviewWindow.Border) throws(PreviewWindowError) -> PreviewWindow? {
        guard let first = previewWindow.first else { return nil }
        var window = try PreviewWindow(parsing: first, border: border)
        for spec in previewWindow.dropFirst() { try window.apply(spec) }
        return window
    }

    /// `--preview-border` read: the box's style before `--preview-window`'s words.
    func border() throws(ValidationError) -> PreviewWindow.Border {
        guard let previewBorder else { return .shape(.rounded) }
        if previewBorder == "line" { return .line }
        guard let shape = ScreenFrame.Border(rawValue: previewBorder) else {
            throw ValidationError("--preview-border takes \(ScreenFrame.Border.names), line; not '\(previewBorder)'.")
        }
        return .shape(shape)
    }

    public var command: PreviewCommand? { preview.map { PreviewCommand($0) } }

    /// `--preview-label-pos` read: fzf's N or N:top (the pane's rule is its top; there is no
    /// bottom border to put it on here).
    func labelPosition() throws(ValidationError) -> Int {
        guard let previewLabelPosition else { return 0 }
        let parts = previewLabelPosition.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let n = Int(parts[0]), abs(n) <= 10_000, parts.count == 1 || parts[1] == "top" else {
            throw ValidationError(
                "--preview-label-pos takes N or N:top (0 centred, N from the left, -N from the right; the preview has no bottom border here); not '\(previewLabelPosition)'."
            )
        }
        return n
    }

    /// The label's part of the interface's options.
    public func configure(_ options: inout SearchApp.Options) {
        options.previewLabel = previewLabel
        options.previewImages = PreviewImages.detect(previewImages, environment: ProcessInfo.processInfo.environment)
        if let position = try? labelPosition() { options.previewLabelPosition = position }
    }

    /// Applies both to a session.
    public func configure(_ search: inout TerminalSearch) {
        search.previewWindow = window
        search.previewCommand = command
    }
}

extension PreviewImages.Mode: ExpressibleByArgument {}
