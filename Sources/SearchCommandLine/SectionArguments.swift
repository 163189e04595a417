import ArgumentParser
import TerminalUI

/// fzf 0.74's section options on its screen for plain lines, same names and meaning: the
/// borders of the list, the input, the header, the header lines and the footer, their labels,
/// the `--footer`, `--style`'s presets and `--gap`.
public struct SectionArguments: ParsableArguments, Sendable {
    static let shapes = "rounded, sharp, bold, double, block, thinblock, dashed, horizontal, vertical, top, bottom, left, right, line, inline, none"

    @Option(
        name: .customLong("list-border"), parsing: .unconditional,
        help: ArgumentHelp("A border around the list, as fzf's --list-border[=STYLE] (alone: rounded; no line).", valueName: "style"))
    public var listBorder: String?

    @Option(
        name: .customLong("input-border"), parsing: .unconditional,
        help: ArgumentHelp(
            "A border around the input (the prompt and the info line), as fzf's --input-border[=STYLE]; line: one rule facing the list.",
            valueName: "style"))
    public var inputBorder: String?

    @Option(
        name: .customLong("header-border"), parsing: .unconditional,
        help: ArgumentHelp("A border around the --header (and the --header-lines with it), as fzf's --header-border[=STYLE].", valueName: "style"))
    public var headerBorder: String?

    @Option(
        name: .customLong("header-lines-border"), parsing: .unconditional,
        help: ArgumentHelp(
            "The --header-lines in a section of their own, apart from the --header, with this border, as fzf's --header-lines-border[=STYLE] (none: no border).",
            valueName: "style"))
    public var headerLinesBorder: String?

    @Option(
        name: .customLong("footer-border"), parsing: .unconditional,
        help: ArgumentHelp("The --footer's border, as fzf's --footer-border[=STYLE] (default: a line on its side away from the list).", valueName: "style"))
    public var footerBorder: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Lines on the list's far side from the prompt, as fzf's --footer.", valueName: "text"))
    public var footer: String?

    @Option(
        name: .customLong("list-label"), parsing: .unconditional, help: ArgumentHelp("A label on the list's border (fzf's --list-label).", valueName: "text"))
    public var listLabel: String?

    @Option(
        name: .customLong("input-label"), parsing: .unconditional, help: ArgumentHelp("A label on the input's border (fzf's --input-label).", valueName: "text")
    )
    public var inputLabel: String?

    @Option(
        name: .customLong("header-label"), parsing: .unconditional,
        help: ArgumentHelp("A label on the header's border (fzf's --header-label).", valueName: "text"))
    public var headerLabel: String?

    @Option(
        name: .customLong("footer-label"), parsing: .unconditional,
        help: ArgumentHelp("A label on the footer's border (fzf's --footer-label).", valueName: "text"))
    public var footerLabel: String?

    @Option(
        name: .customLong("list-label-pos"), parsing: .unconditional,
        help: ArgumentHelp(
            "Where the list's label goes, as fzf's: 0 centred, N from the left, -N from the right; :bottom on the bottom side.", valueName: "n[:bottom]"))
    public var listLabelPosition: String?

    @Option(
        name: .customLong("input-label-pos"), parsing: .unconditional,
        help: ArgumentHelp("Where the input's label goes (as --list-label-pos).", valueName: "n[:bottom]"))
    public var inputLabelPosition: String?

    @Option(
        name: .customLong("header-label-pos"), parsing: .unconditional,
        help: ArgumentHelp("Where the header's label goes (as --list-label-pos).", valueName: "n[:bottom]"))
    public var headerLabelPosition: String?

    @Option(
        name: .customLong("footer-label-pos"), parsing: .unconditional,
        help: ArgumentHelp("Where the footer's label goes (as --list-label-pos).", valueName: "n[:bottom]"))
    public var footerLabelPosition: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "fzf's presets: default, minimal (no separator, scrollbar or gutter; lines for the footer and the preview), full[:BORDER] (every section in a border, the info at the prompt's right).",
            valueName: "preset"))
    public var style: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Blank rows after each line of the list, as fzf's --gap[=N] (alone: 1).", valueName: "n"))
    public var gap: Int?

    @Option(
        name: .customLong("gap-line"), parsing: .unconditional,
        help: ArgumentHelp("The last row of each --gap drawn with this text repeated, as fzf's --gap-line[=STR] (alone: ┈; '' for none).", valueName: "text"))
    public var gapLine: String?

    public init() {}

    /// fzf's bare forms: `--list-border` alone (a next word that starts with `-` or `+` is
    /// not its value), `--gap` without a number, `--gap-line` alone.
    static func translatingBareOptions(_ arguments: [String]) -> [String] {
        FzfWords.rewriting(arguments) { word, next in
            let hasValue = next.map { !$0.hasPrefix("-") && !$0.hasPrefix("+") } ?? false
            switch word {
            case "--list-border", "--input-border", "--header-border", "--header-lines-border", "--footer-border":
                return hasValue ? nil : (["\(word)=default"], false)
            case "--gap": return next.flatMap { $0.first?.isNumber } == true ? nil : (["--gap=1"], false)
            case "--gap-line": return hasValue ? ([word, next ?? ""], true) : (["--gap-line=┈"], false)
            default: return nil
            }
        }
    }

    public func validate() throws {
        _ = try styles()
        _ = try preset()
    }

    enum Preset: Equatable { case `default`, minimal, full(String) }

    /// `--style` read.
    func preset() throws(ValidationError) -> Preset? {
        guard let style else { return nil }
        switch style.lowercased() {
        case "default": return .default
        case "minimal": return .minimal
        case "full": return .full("rounded")
        case let value where value.hasPrefix("full:"):
            let shape = String(value.dropFirst(5))
            guard shape.isEmpty || PickerSectionStyles.Shape(name: shape) != nil else {
                throw ValidationError("--style full:STYLE takes a border style (\(Self.shapes)); not '\(shape)'.")
            }
            return .full(shape.isEmpty ? "rounded" : shape)
        default: throw ValidationError("--style takes default, minimal or full[:BORDER_STYLE]; not '\(style)'.")
        }
    }

    /// The borders, labels and gap as given, over what `--style` sets.
    public func styles() throws(ValidationError) -> PickerSectionStyles {
        var styles = PickerSectionStyles()
        var fallback = "rounded"
        switch try preset() {
        case .full(let shape)?:
            fallback = shape
            let section = PickerSectionStyles.Shape(name: shape) ?? .border(.rounded)
            if section != .line, case .border(let border) = section { styles.list = border }
            (styles.input, styles.header, styles.footer) = (section, section, section)
        case .minimal?: styles.footer = .line
        default: break
        }
        func shape(_ given: String?, _ option: String) throws(ValidationError) -> PickerSectionStyles.Shape? {
            guard let given else { return nil }
            let name = given == "default" ? fallback : given
            guard let shape = PickerSectionStyles.Shape(name: name) else {
                throw ValidationError("\(option) takes a border style (\(Self.shapes)); not '\(given)'.")
            }
            return shape
        }
        if listBorder == "inline" || inputBorder == "inline" {
            throw ValidationError("inline border is only supported for --header-border, --header-lines-border, and --footer-border")
        }
        if let list = try shape(listBorder, "--list-border") {
            switch list {
            case .border(let border): styles.list = border
            case .line where listBorder == "default": styles.list = .rounded
            default: throw ValidationError("--list-border cannot be 'line'.")
            }
        }
        if let input = try shape(inputBorder, "--input-border") { styles.input = input }
        if let header = try shape(headerBorder, "--header-border") { styles.header = header }
        if let lines = try shape(headerLinesBorder, "--header-lines-border") { styles.headerLines = lines }
        if let footer = try shape(footerBorder, "--footer-border") { styles.footer = footer }
        if styles.header == .inline, let lines = styles.headerLines, lines != .inline, lines != .none {
            throw ValidationError("--header-border=inline requires --header-lines-border to be inline or unset")
        }
        let labels: [(String?, String?, String, WritableKeyPath<PickerSectionStyles, PickerSectionStyles.Label>)] = [
            (listLabel, listLabelPosition, "--list-label", \.listLabel), (inputLabel, inputLabelPosition, "--input-label", \.inputLabel),
            (headerLabel, headerLabelPosition, "--header-label", \.headerLabel), (footerLabel, footerLabelPosition, "--footer-label", \.footerLabel),
        ]
        for (text, position, option, keyPath) in labels {
            if let text {
                try OptionText.checkLabel(text, option: option)
                styles[keyPath: keyPath].text = text
            }
            if let position {
                guard let (column, bottom) = PickerSectionStyles.Label.position(position) else {
                    throw ValidationError("\(option)-pos takes N, N:top or N:bottom (0 centred, N from the left, -N from the right); not '\(position)'.")
                }
                (styles[keyPath: keyPath].column, styles[keyPath: keyPath].bottom) = (column, bottom)
            }
        }
        if let gap {
            guard (0...1000).contains(gap) else { throw ValidationError("--gap takes a number of rows from 0; not \(gap).") }
            styles.gap = gap
        }
        if let gapLine {
            guard !OptionText.holdsControlCharacters(gapLine) else { throw ValidationError("--gap-line takes text without control characters.") }
            styles.gapLine = gapLine
        }
        return styles
    }

    /// `--style`'s settings for what was not given: `given` says which of the layout's were.
    func configure(_ options: inout SearchApp.Options, separatorGiven: Bool, scrollbarGiven: Bool, gutterGiven: Bool) {
        if let styles = try? styles() { options.sections = styles }
        if let footer, !OptionText.holdsControlCharacters(footer.replacingNewlines) { options.footer = footer }
        if (try? preset()) == .minimal {
            if !separatorGiven { options.separator = "" }
            if !scrollbarGiven { options.scrollbar = "" }
            if !gutterGiven { options.gutter = " " }
        }
    }

    /// What a bare `--border` draws: `--style full:STYLE`'s shape, else fzf's rounded one
    /// (`line` is fzf's top side, inline, where the screen has rows above).
    var presetBorder: ScreenFrame.Border {
        guard case .full(let name)? = try? preset() else { return .rounded }
        switch PickerSectionStyles.Shape(name: name) {
        case .border(let border)?: return border
        case .line?: return .top
        default: return .rounded
        }
    }

    /// The preview's box under `--style`: minimal's line, full:STYLE's shape; nil: fzf's own.
    var presetPreviewBorder: PreviewWindow.Border? {
        switch try? preset() {
        case .minimal?: return .line
        case .full(let name)?:
            switch PickerSectionStyles.Shape(name: name) {
            case .border(let border)?: return .shape(border)
            case .line?: return .line
            default: return nil
            }
        default: return nil
        }
    }

    /// `--style full`'s info line: at the prompt's right end, unless `--info` says otherwise.
    var presetInfo: InfoStyle? {
        if case .full? = try? preset() { return .inlineRight }
        return nil
    }
}

extension String {
    fileprivate var replacingNewlines: String { String(map { $0 == "\n" ? " " : $0 }) }
}

extension SearchApp.Options {
    /// fzf's rows around the list for `--min-height N+`: the borders (the screen's, the list's,
    /// the input's), the prompt and its info line, the headers with their borders, the margin
    /// and padding given in rows.
    var rowsAroundTheList: Int {
        func lines(_ border: ScreenFrame.Border) -> Int { (border.sides.top ? 1 : 0) + (border.sides.bottom ? 1 : 0) }
        func lines(_ shape: PickerSectionStyles.Shape) -> Int {
            switch shape {
            case .border(let border): lines(border)
            case .line: 1
            case .phantom, .inline: 0
            }
        }
        var rows = lines(frame.border) + lines(sections.list)
        if !inputHidden {
            let facesList =
                sections.input == .line
                || { if case .border(let b) = sections.input { return layout == .reverse ? b.sides.bottom : b.sides.top } else { return false } }()
            let separator = separator.map { !$0.isEmpty } ?? !facesList
            let infoRow =
                switch info {
                case .inline: false
                case .hidden, .inlineRight: separator
                case .default, .right: true
                }
            rows += 1 + lines(sections.input) + (infoRow ? 1 : 0)
        }
        let headerRows = header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0
        if headerRows > 0 { rows += lines(sections.header) + headerRows }
        let headerLines = self.headerLines.values.map(\.count).max() ?? 0
        if headerLines > 0 { rows += lines(sections.headerLines ?? sections.header) + headerLines }
        for edge in [frame.margin.top, frame.margin.bottom, frame.padding.top, frame.padding.bottom] {
            if case .cells(let cells) = edge { rows += cells }
        }
        return rows
    }
}
