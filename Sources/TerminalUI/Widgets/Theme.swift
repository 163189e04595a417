import InstantSearchCore

/// The looks the widgets share, named by what they mean; `--color` changes them by fzf's
/// element names (`ThemeElement`).
///
/// Widgets read them as `Theme.highlight`: the theme in force is a task-local value, bound by
/// `SearchApp.render` to its own, so drawing stays a pure function of the app and tests
/// with different themes run side by side.
public struct Theme: Sendable, Hashable {
    var title = Style.fg(.accent).bold()
    var text = Style.plain
    var secondary = Style.fg(.muted)
    /// Query words inside a hit: bold and coloured, and still visible with NO_COLOR.
    var highlight = Style.fg(.highlight).bold().underline()
    var selectedRow = Style.bg(.selection)
    var paneTitle = Style.fg(.muted).bold()
    var focusedPaneTitle = Style.fg(.accent).bold()
    var error = Style.fg(.error).bold()
    var warning = Style.fg(.warning)
    var count = Style.fg(.muted)
    var refined = Style.fg(.success).bold()
    var key = Style.fg(.accent).bold()
    /// fzf's jump labels: reversed, so they stand out from the selection bar and the marks.
    var jumpLabel = Style.fg(.warning).bold().reverse()

    // fzf's own elements, each where fzf has it; by default the looks above.
    /// hl+: query words inside the selected hit (over its row's `selectedRow`).
    var selectedHighlight = Style.fg(.highlight).bold().underline()
    /// fzf's pointer: the bar beside the selected hit.
    var pointer = Style.fg(.accent).bold()
    /// fzf's marker: the tick beside a hit marked with --multi.
    var marker = Style.fg(.success).bold()
    var prompt = Style.fg(.accent).bold()
    var query = Style.plain
    /// fzf's info: the stats line's counts.
    var info = Style.fg(.accent).bold()
    var header = Style.fg(.muted)
    /// The rules between panes and the --border.
    var border = Style.fg(.muted)
    /// fzf's gutter: the column left of the hits that are not selected.
    var gutter = Style.plain
    /// fzf's spinner: the stats line's "searching…" and loading progress.
    var spinner = Style.fg(.muted)
    /// The selected row of a refinement list (facet+).
    var selectedFacet = Style.bg(.selection)

    // Colours laid over a whole area after it is drawn (`Canvas.tint`): fzf's fg / bg for
    // the screen, preview-fg / preview-bg for the preview, and this interface's own panes.
    var screenTint = Style.plain
    var previewTint = Style.plain
    var facetTint = Style.plain
    var chipTint = Style.plain
    var sliderTint = Style.plain

    /// fzf's section colours on its screen for plain lines, as `--color` gives them:
    /// `list-border`, `input-border`, `header-border`, `footer-border` (else `border`),
    /// `list-label` … (else `label`), `list-bg`, `input-bg`, `header-bg`, `footer-bg`.
    var sectionLooks: [String: Style] = [:]

    /// fzf's section element names.
    static let sectionElements: Set<String> = Set(
        ["list", "input", "header", "footer"].flatMap { ["\($0)-border", "\($0)-label", "\($0)-bg"] })

    /// A section's look: as given, else the one it inherits (its border's, label's, or none).
    static func section(_ name: String) -> Style {
        if let given = current.sectionLooks[name] { return given }
        if name.hasSuffix("-border") { return border }
        if name.hasSuffix("-label") { return paneTitle }
        return .plain
    }

    /// Made `withoutBold()` (fzf's `--no-bold`): a base scheme `--color` names later is too.
    var isBoldless = false

    /// The interface's own look (basic ANSI colours, which read on dark and light terminals).
    public static let standard = Theme()

    public init() {}

    /// The theme widgets draw with now (`SearchApp.render` binds the app's).
    @TaskLocal static var current = Theme.standard

    static var title: Style { current.title }
    static var text: Style { current.text }
    static var secondary: Style { current.secondary }
    static var highlight: Style { current.highlight }
    static var selectedRow: Style { current.selectedRow }
    static var paneTitle: Style { current.paneTitle }
    static var focusedPaneTitle: Style { current.focusedPaneTitle }
    static var error: Style { current.error }
    static var warning: Style { current.warning }
    static var count: Style { current.count }
    static var refined: Style { current.refined }
    static var key: Style { current.key }
    static var jumpLabel: Style { current.jumpLabel }
    static var selectedHighlight: Style { current.selectedHighlight }
    static var pointer: Style { current.pointer }
    static var marker: Style { current.marker }
    static var prompt: Style { current.prompt }
    static var query: Style { current.query }
    static var info: Style { current.info }
    static var header: Style { current.header }
    static var border: Style { current.border }
    static var gutter: Style { current.gutter }
    static var spinner: Style { current.spinner }
    static var selectedFacet: Style { current.selectedFacet }
}

extension HighlightedText {
    /// The text cut into plain and highlighted pieces, ready for `Canvas.write`.
    func segments(plain: Style, highlighted: Style) -> [(String, Style)] {
        guard !matchedRanges.isEmpty else { return [(text, plain)] }
        var pieces: [(String, Style)] = []
        var current = ""
        var currentIsMatch = false
        let matched = matchedRanges
        for (offset, character) in text.enumerated() {
            let isMatch = matched.contains { $0.contains(offset) }
            if isMatch != currentIsMatch, !current.isEmpty {
                pieces.append((current, currentIsMatch ? highlighted : plain))
                current = ""
            }
            currentIsMatch = isMatch
            current.append(character)
        }
        if !current.isEmpty { pieces.append((current, currentIsMatch ? highlighted : plain)) }
        return pieces
    }

    /// The text in the colours it brought (`--ansi` spans), `plain` where it brought none,
    /// matched characters in `highlighted` (exactly, so the match is found for scrolling), cut
    /// into pieces of one style each.
    func segments(colors: [ANSISpan], plain: Style, highlighted: Style) -> [(String, Style)] {
        let characters = Array(text)
        var styles = [Style](repeating: plain, count: characters.count)
        for span in colors {
            let range = span.range.clamped(to: 0..<characters.count)
            let style = Style(ansi: span.style)
            for i in range { styles[i] = style }
        }
        for range in matchedRanges { for i in range.clamped(to: 0..<characters.count) { styles[i] = highlighted } }
        var pieces: [(String, Style)] = []
        for (character, style) in zip(characters, styles) {
            if let last = pieces.indices.last, pieces[last].1 == style { pieces[last].0.append(character) } else { pieces.append((String(character), style)) }
        }
        return pieces
    }
}
