import InstantSearchCore

/// The few looks the widgets share, named by what they mean.
enum Theme {
    static let title = Style.fg(.accent).bold()
    static let text = Style.plain
    static let secondary = Style.fg(.muted)
    /// Query words inside a hit: bold and coloured, and still visible with NO_COLOR.
    static let highlight = Style.fg(.highlight).bold().underline()
    static let selectedRow = Style.bg(.selection)
    static let paneTitle = Style.fg(.muted).bold()
    static let focusedPaneTitle = Style.fg(.accent).bold()
    static let error = Style.fg(.error).bold()
    static let warning = Style.fg(.warning)
    static let count = Style.fg(.muted)
    static let refined = Style.fg(.success).bold()
    static let key = Style.fg(.accent).bold()
    /// fzf's jump labels: reversed, so they stand out from the selection bar and the marks.
    static let jumpLabel = Style.fg(.warning).bold().reverse()
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
