import ArgumentParser
import TerminalUI

/// fzf's options for how the interface is laid out and coloured, same names and meaning, for
/// every session.
public struct LayoutArguments: ParsableArguments, Sendable {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Where the prompt goes, as fzf's --layout: default (at the bottom, the first hit nearest it), reverse (on top, the list below: this interface's look without the option), reverse-list (at the bottom, the list top-down).",
            valueName: "default|reverse|reverse-list"), completion: .list(ListLayout.allCases.map(\.rawValue)))
    public var layout: String?

    @Flag(help: "Same as --layout reverse (fzf's --reverse).")
    public var reverse = false

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Colours, as fzf's --color: a base scheme (dark, light, 16, bw) and ELEMENT:COLOUR[:ATTRIBUTE…] pairs, comma-separated, read left to right (repeatable, after INSTANTSEARCH_DEFAULT_OPTS's). Elements: fzf's fg, bg, hl, fg+, bg+, hl+, gutter, query, prompt, pointer, marker, info, header, border, label, spinner, preview-fg, preview-bg, the sections' list-, input-, header- and footer-border, -label and -bg (fzf's screen for plain lines), and facet, facet+ (refinement lists, their selected row), chip (current refinements), slider. Colours: -1, 0-255, #rrggbb, black…white, bright-black…bright-white; attributes: bold, underline, reverse, dim, italic, regular.",
            valueName: "spec"))
    public var color: [String] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "A border around the interface, as fzf's --border: rounded (alone: --border), sharp, bold, double, block, thinblock, dashed, horizontal, vertical, top, bottom, left, right, none.",
            valueName: "style"), completion: .list(ScreenFrame.Border.allCases.map(\.rawValue)))
    public var border: String?

    @Option(name: .customLong("border-label"), parsing: .unconditional, help: ArgumentHelp("A label in the border (fzf's --border-label).", valueName: "text"))
    public var borderLabel: String?

    @Option(
        name: .customLong("border-label-pos"), parsing: .unconditional,
        help: ArgumentHelp(
            "Where the label goes: 0 centred (default), N columns from the left, -N from the right; :bottom for the bottom border.",
            valueName: "n[:top|bottom]"))
    public var borderLabelPosition: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Space outside the border, as fzf's --margin: TRBL, each in cells or percent (1 / 1,2 / 1,2,3 / 1,2,3,4).", valueName: "trbl"))
    public var margin: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Space inside the border, as fzf's --padding: TRBL, each in cells or percent.", valueName: "trbl"))
    public var padding: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Where the stats line (fzf's info line) goes, as fzf's --info: default (its own row), right (its own row, at the right end), inline[:SEP] (after the query, SEP before the count), inline-right[:SEP] (at the search box's right end), hidden.",
            valueName: "style"), completion: .list(InfoStyle.allCases.map(\.rawValue)))
    public var info: String?

    @Option(
        name: .customLong("info-command"), parsing: .unconditional,
        help: ArgumentHelp(
            "fzf's --info-command: on plain lines, what this command prints (its first line, colours with ANSI codes) replaces the count; $FZF_INFO holds the count it replaces, with the variables every command gets ($FZF_POS, …).",
            valueName: "command"))
    public var infoCommand: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The selected hit's mark, as fzf's --pointer: up to two columns, or '' for none (default ▌).", valueName: "char"))
    public var pointer: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The mark of a hit marked with --multi, as fzf's --marker: up to two columns, or '' for none (default ✓).", valueName: "char"))
    public var marker: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The column left of the lines not selected on fzf's screen for plain lines, as fzf's --gutter: one character of one column, or '' (default ▌; blank on this interface's own panes).",
            valueName: "char"))
    public var gutter: String?

    @Flag(
        name: .customLong("header-first"),
        help: "The --header beyond the prompt, on the screen's edge, as fzf's --header-first (fzf's screen for plain lines).")
    public var headerFirst = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Text shown in the empty query on fzf's screen for plain lines, as fzf's --ghost.", valueName: "text"))
    public var ghost: String?

    @Flag(
        inversion: .prefixedNo,
        help:
            "The compact screen, two rows around the panes as fzf's prompt and info line (the shell keys' own): the count and the help key at the search box's right end, the current refinements on the rule with the panes' titles; no hint bar, no tabs row for one index, no rule under the panes."
    )
    public var compact = false

    @Flag(help: "Long titles in the hits list wrap over as many rows as they need, as fzf's --wrap (a hit is still selected and picked whole).")
    public var wrap = false

    @Flag(
        inversion: .prefixedNo,
        help: "A hit longer than its row is scrolled so that its match shows, as fzf's --hscroll (--no-hscroll: always cut at its end).")
    public var hscroll = true

    @Option(
        name: .customLong("hscroll-off"), parsing: .unconditional,
        help: ArgumentHelp("Columns kept after the last match of a scrolled hit, as fzf's --hscroll-off (default 10).", valueName: "columns"))
    public var hscrollOff: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The hits list's scrollbar, as fzf's --scrollbar[=C]: drawn with C (alone: │; of two characters, the first) instead of the arrows where more hits are; --no-scrollbar: neither.",
            valueName: "char"))
    public var scrollbar: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The rule under the search box drawn with this text repeated, as fzf's --separator; --no-separator: none (the pane titles stay).",
            valueName: "text"))
    public var separator: String?

    @Option(
        name: .customLong("scroll-off"), parsing: .unconditional,
        help: ArgumentHelp(
            "Hits kept in view above and below the selected one as it moves, as fzf's --scroll-off (default 3 on fzf's screen, as fzf's; 0 in the panes).",
            valueName: "lines"))
    public var scrollOff: Int?

    @Flag(name: .customLong("keep-right"), help: "A long hit without a match shows its end, cut at its start, as fzf's --keep-right (paths).")
    public var keepRight = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("What marks where a long hit was cut, as fzf's --ellipsis (default …; '' for nothing).", valueName: "text"))
    public var ellipsis: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Columns between tab stops in a hit's text, as fzf's --tabstop (default 8).", valueName: "columns"))
    public var tabstop: Int?

    @Flag(
        inversion: .prefixedNo,
        help:
            "--no-unicode: fzf's ASCII signs where none is given: > for the pointer and the marker, a blank gutter, - for the separator, | for the scrollbar, .. for the ellipsis (borders keep their lines)."
    )
    public var unicode = true

    @OptionGroup(title: "Sections on fzf's screen (fzf's options)")
    public var sections: SectionArguments

    @Flag(name: .customLong("no-bold"), help: "No bold text, as fzf's --no-bold (--color's own attributes still apply).")
    public var noBold = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Inside tmux, run in a popup, as fzf's --tmux: [center|top|bottom|left|right][,WIDTH[%]][,HEIGHT[%]][,border-native] (alone: center,50%; border-native: tmux's border, not the interface's). Outside tmux, inline in the popup's height (as --height) unless --height is given.",
            valueName: "spec"))
    public var tmux: String?

    public init() {}

    /// fzf's `--border` (and `--preview-border`) without a value means rounded: a bare `--border` (followed by nothing,
    /// by an option or by a word that is not a style, such as a file) becomes `--border=rounded`
    /// before the parser, which wants a value, sees it.
    public static func translatingBareOptions(_ arguments: [String]) -> [String] {
        FzfWords.rewriting(arguments) { word, next in
            // Bare: fzf's default shape, `--style full:STYLE`'s when one is given.
            if word == "--border", next.flatMap(ScreenFrame.Border.init(rawValue:)) == nil { return (["--border=default"], false) }
            // fzf's --preview-border takes `line` too; --no-preview-border draws none.
            if word == "--preview-border", !(next.map { $0 == "line" || ScreenFrame.Border(rawValue: $0) != nil } ?? false) {
                return (["--preview-border=rounded"], false)
            }
            if word == "--no-preview-border" { return (["--preview-border=none"], false) }
            if word == "--tmux", !(next.map(Self.looksLikeTmuxSpec) ?? false) { return (["--tmux=\(TmuxPopupSpec.bare)"], false) }
            return nil
        }
    }

    public func validate() throws {
        _ = try listLayout()
        _ = try theme()
        _ = try frame()
        _ = try infoStyle()
        _ = try tmuxPopup()
        _ = try glyph(pointer, "--pointer", emptyAllowed: true)
        _ = try glyph(marker, "--marker", emptyAllowed: true)
        _ = try glyph(gutter, "--gutter", emptyAllowed: true)
        _ = try matchWindow()
        _ = try scrollbarGlyph()
        _ = try separatorText()
        if let scrollOff, scrollOff < 0 { throw ValidationError("--scroll-off takes a number of lines from 0; not \(scrollOff).") }
    }

    /// `--pointer` / `--marker` / `--gutter` read as fzf's `validateSign`: up to two columns
    /// wide, "" for none (fzf's list then gives the pointer's or marker's column up). Our own
    /// panes draw the first column of it.
    func glyph(_ given: String?, _ option: String, emptyAllowed: Bool) throws(ValidationError) -> String? {
        guard let given else { return nil }
        if given.isEmpty && emptyAllowed { return "" }
        guard !given.isEmpty, given.displayWidth <= 2, !OptionText.holdsControlCharacters(given)
        else {
            throw ValidationError("\(option) takes up to two columns of text (such as > or ▶)\(emptyAllowed ? ", or '' for none" : ""); not '\(given)'.")
        }
        return given
    }

    /// A word after `--tmux` taken as its value: one that reads, or one of its letters
    /// (position names, sizes, commas) without a file name's dot or slash — so a mistake
    /// such as `middle,10` is refused rather than opened as a file.
    static func looksLikeTmuxSpec(_ word: String) -> Bool {
        if TmuxPopupSpec.parse(word) != nil { return true }
        return !word.hasPrefix("-") && word.contains(",") && !word.contains(".") && !word.contains("/")
    }

    /// `--tmux` read.
    public func tmuxPopup() throws(ValidationError) -> TmuxPopupSpec? {
        guard let tmux else { return nil }
        guard let spec = TmuxPopupSpec.parse(tmux) else { throw ValidationError("--tmux takes \(TmuxPopupSpec.form); not '\(tmux)'.") }
        return spec
    }

    /// `--border`, `--border-label(-pos)`, `--margin` and `--padding` read.
    public func frame() throws(ValidationError) -> ScreenFrame {
        var frame = ScreenFrame()
        if let border {
            if border == "inline" {
                throw ValidationError("inline border is only supported for --header-border, --header-lines-border, and --footer-border")
            }
            guard let style = border == "default" ? sections.presetBorder : ScreenFrame.Border(rawValue: border) else {
                throw ValidationError("--border takes \(ScreenFrame.Border.names); not '\(border)'.")
            }
            frame.border = style
        }
        if let borderLabel {
            try OptionText.checkLabel(borderLabel, option: "--border-label")
            frame.label = borderLabel
            if border == nil { frame.border = .rounded }  // a label needs a border to sit in
        }
        if let position = borderLabelPosition {
            let parts = position.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let n = Int(parts[0]), abs(n) <= 10_000,
                parts.count == 1 || ["top", "bottom"].contains(parts[1])
            else {
                throw ValidationError("--border-label-pos takes N, N:top or N:bottom (0 centred, N from the left, -N from the right); not '\(position)'.")
            }
            frame.labelPosition = n
            frame.labelAtBottom = parts.count == 2 && parts[1] == "bottom"
        }
        for (option, value, keyPath) in [("--margin", margin, \ScreenFrame.margin), ("--padding", padding, \ScreenFrame.padding)] {
            guard let value else { continue }
            guard let edges = ScreenFrame.Edges.parse(value) else {
                throw ValidationError(
                    "\(option) takes one to four comma-separated sizes (top, right, bottom, left as in CSS), each cells (0 to 1000) or a percentage (0% to 100%), e.g. 1 or 1,2 or 5%,10%; not '\(value)'."
                )
            }
            frame[keyPath: keyPath] = edges
        }
        return frame
    }

    /// `--info` read.
    public func infoStyle() throws(ValidationError) -> InfoStyle {
        guard let info else { return sections.presetInfo ?? .default }
        let name = infoPrefixed(info)?.style ?? info
        guard let style = InfoStyle(rawValue: name) else { throw ValidationError("--info takes \(InfoStyle.names); not '\(info)'.") }
        return style
    }

    /// fzf's `inline:SEP` and `inline-right:SEP`: the style and what goes before the count.
    func infoPrefixed(_ info: String) -> (style: String, prefix: String)? {
        for style in ["inline-right", "inline"] where info.hasPrefix(style + ":") {
            return (style, String(info.dropFirst(style.count + 1)))
        }
        return nil
    }

    /// Every `--color` read onto this interface's own look, left to right.
    public func theme() throws(ValidationError) -> Theme {
        var theme = noBold ? Theme.standard.withoutBold() : Theme.standard
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
        if let frame = try? frame() { options.frame = frame }
        if let info = try? infoStyle() { options.info = info }
        if let info, let prefix = infoPrefixed(info)?.prefix, !OptionText.holdsControlCharacters(prefix) { options.infoPrefix = prefix }
        options.pickerLayout = layout.flatMap(ListLayout.init(rawValue:)) ?? (reverse ? .reverse : .default)
        options.headerFirst = headerFirst
        options.infoCommand = infoCommand.flatMap { $0.isEmpty ? nil : $0 }
        if let ghost, !OptionText.holdsControlCharacters(ghost) { options.ghost = ghost }
        if let gutter = try? glyph(gutter, "--gutter", emptyAllowed: true) { options.gutter = gutter }
        options.wrap = wrap
        options.compact = compact
        if let pointer = try? glyph(pointer, "--pointer", emptyAllowed: true) { options.pointer = pointer }
        if let marker = try? glyph(marker, "--marker", emptyAllowed: true) { options.marker = marker }
        if let window = try? matchWindow() { options.matchWindow = window }
        if let scrollOff, scrollOff >= 0 { options.scrollOff = scrollOff }
        if let glyph = try? scrollbarGlyph() { options.scrollbar = glyph }
        if let separator = try? separatorText() { options.separator = separator }
        sections.configure(&options, separatorGiven: separator != nil, scrollbarGiven: scrollbar != nil, gutterGiven: gutter != nil)
        if !unicode {
            if pointer == nil { options.pointer = ">" }
            if marker == nil { options.marker = ">" }
            if gutter == nil { options.gutter = " " }
            if separator == nil { options.separator = "-" }
            if scrollbar == nil { options.scrollbar = "|" }
            if ellipsis == nil { options.matchWindow.ellipsis = ".." }
        }
    }

    /// `--scrollbar` read: "" for none (`--no-scrollbar`); of fzf's two characters (the list's,
    /// the preview's), the first: the preview has no scrollbar here.
    func scrollbarGlyph() throws(ValidationError) -> String? {
        guard let scrollbar, !scrollbar.isEmpty else { return scrollbar }
        guard scrollbar.count <= 2 else { throw ValidationError("--scrollbar takes one or two characters one column wide; not '\(scrollbar)'.") }
        do { return try glyph(String(scrollbar.prefix(1)), "--scrollbar", emptyAllowed: false) } catch {
            throw ValidationError("--scrollbar takes one or two characters one column wide; not '\(scrollbar)'.")
        }
    }

    /// `--separator` read: "" for none (`--no-separator`).
    func separatorText() throws(ValidationError) -> String? {
        guard let separator else { return nil }
        // Any length, as fzf takes it: the rule shows as much of it as the row holds.
        guard !OptionText.holdsControlCharacters(separator), separator.isEmpty || separator.displayWidth > 0 else {
            throw ValidationError("--separator takes text without control characters; not '\(separator)'.")
        }
        return separator
    }

    /// `--no-hscroll`, `--hscroll-off`, `--keep-right`, `--ellipsis` and `--tabstop` read.
    func matchWindow() throws(ValidationError) -> MatchWindow.Settings {
        var window = MatchWindow.Settings()
        window.scrollsToMatch = hscroll
        window.keepsRight = keepRight
        if let hscrollOff {
            guard hscrollOff >= 0 else { throw ValidationError("--hscroll-off takes a number of columns from 0; not \(hscrollOff).") }
            window.context = hscrollOff
        }
        if let tabstop {
            guard (1...64).contains(tabstop) else { throw ValidationError("--tabstop takes a number of columns from 1 to 64; not \(tabstop).") }
            window.tabStop = tabstop
        }
        if let ellipsis {
            guard ellipsis.displayWidth <= 8, !OptionText.holdsControlCharacters(ellipsis) else {
                throw ValidationError("--ellipsis takes at most 8 columns of text without control characters; not '\(ellipsis)'.")
            }
            window.ellipsis = ellipsis
        }
        return window
    }
}
