/// The names `--color` gives the looks: fzf's elements, then this interface's own panes.
public enum ThemeElement: String, CaseIterable, Sendable {
    case fg, bg, hl
    case fgPlus = "fg+", bgPlus = "bg+", hlPlus = "hl+"
    case gutter, query, prompt, pointer, marker, info, header, border, label, spinner
    case previewFg = "preview-fg", previewBg = "preview-bg"
    /// The refinement lists (facets, toggles, numeric menus), their selected row, the
    /// current-refinement chips, the slider pane.
    case facet, facetPlus = "facet+", chip, slider

    /// Names for messages and the help.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// A colour given to it is a background (fzf's bg, bg+, preview-bg, gutter).
    var isBackground: Bool { [.bg, .bgPlus, .previewBg, .gutter].contains(self) }

    /// The look it names.
    var keyPath: WritableKeyPath<Theme, Style> {
        switch self {
        case .fg, .bg: \.screenTint
        case .hl: \.highlight
        case .fgPlus, .bgPlus: \.selectedRow
        case .hlPlus: \.selectedHighlight
        case .gutter: \.gutter
        case .query: \.query
        case .prompt: \.prompt
        case .pointer: \.pointer
        case .marker: \.marker
        case .info: \.info
        case .header: \.header
        case .border: \.border
        case .label: \.paneTitle
        case .spinner: \.spinner
        case .previewFg, .previewBg: \.previewTint
        case .facet: \.facetTint
        case .facetPlus: \.selectedFacet
        case .chip: \.chipTint
        case .slider: \.sliderTint
        }
    }
}

extension Theme {
    subscript(element: ThemeElement) -> Style {
        get { self[keyPath: element.keyPath] }
        set { self[keyPath: element.keyPath] = newValue }
    }

    /// fzf's base schemes: `16` is this interface's own look (basic ANSI colours); `dark` and
    /// `light` use the 256-colour palette for a dark or a light background; `bw` has no
    /// colours, only the attributes NO_COLOR gives.
    static func base(_ base: ColorSpec.Base) -> Theme {
        switch base {
        case .sixteen: return .standard
        case .bw: return .standard.withoutColors()
        case .dark:
            return .palette(
                highlight: 150, selection: 237, selectedText: 254, selectedHighlight: 114, accent: 110, pointer: 204, marker: 168, muted: 244, header: 109)
        case .light:
            return .palette(
                highlight: 30, selection: 254, selectedText: 235, selectedHighlight: 24, accent: 25, pointer: 161, marker: 125, muted: 243, header: 31)
        }
    }

    private static func palette(
        highlight: UInt8, selection: UInt8, selectedText: UInt8, selectedHighlight: UInt8, accent: UInt8, pointer: UInt8, marker: UInt8,
        muted: UInt8, header: UInt8
    ) -> Theme {
        var theme = Theme()
        theme.highlight.foreground = .indexed(highlight)
        theme.selectedHighlight.foreground = .indexed(selectedHighlight)
        theme.selectedRow = Style(foreground: .indexed(selectedText), background: .indexed(selection))
        theme.selectedFacet = theme.selectedRow
        for keyPath in [\Theme.title, \.focusedPaneTitle, \.key, \.prompt, \.info] { theme[keyPath: keyPath].foreground = .indexed(accent) }
        for keyPath in [\Theme.secondary, \.paneTitle, \.count, \.border, \.spinner] { theme[keyPath: keyPath].foreground = .indexed(muted) }
        theme.pointer.foreground = .indexed(pointer)
        theme.marker.foreground = .indexed(marker)
        theme.header.foreground = .indexed(header)
        return theme
    }

    /// Every look with its colours turned into the attributes that stand for them without
    /// colours (as NO_COLOR draws them).
    func withoutColors() -> Theme {
        var theme = self
        for element in Self.allLooks {
            let style = theme[keyPath: element]
            theme[keyPath: element] = Style(
                attributes: style.attributes.union(CursesStyles.fallback(foreground: style.foreground, background: style.background)))
        }
        return theme
    }

    /// Every look without bold (fzf's `--no-bold`).
    public func withoutBold() -> Theme {
        var theme = self
        for look in Self.allLooks { theme[keyPath: look].attributes.remove(.bold) }
        theme.isBoldless = true
        return theme
    }

    static var allLooks: [WritableKeyPath<Theme, Style>] {
        [
            \.title, \.text, \.secondary, \.highlight, \.selectedRow, \.paneTitle, \.focusedPaneTitle, \.error, \.warning, \.count,
            \.refined, \.key, \.selectedHighlight, \.pointer, \.marker, \.prompt, \.query, \.info, \.header, \.border,
            \.gutter, \.spinner, \.selectedFacet, \.screenTint, \.previewTint, \.facetTint, \.chipTint, \.sliderTint,
        ]
    }
}
