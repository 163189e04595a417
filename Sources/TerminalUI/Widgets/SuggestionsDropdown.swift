import InstantSearchCore

/// The query suggestions under the search box (InstantSearch's QuerySuggestions as an
/// autocomplete dropdown): up to five queries that finish the one typed, hanging from the
/// query's first column, the part matching what was typed highlighted. The query row is never
/// covered, and the hits move past it while it shows (never under it). Accepting one puts it
/// in the box (`accept-suggestion`); Esc hides the dropdown until the query changes.
///
/// Pure view state: which suggestion is selected and whether it is hidden, for the text the
/// suggestions were found for. The suggestions themselves come from the hub's state.
public struct SuggestionsDropdown: Equatable, Sendable {
    /// The suggestion `accept-suggestion` takes: the first until moved.
    public private(set) var selected = 0
    /// Esc hid it; the next change of the query shows it again.
    public private(set) var isHidden = false
    /// The text of the suggestions last seen: new ones (another text) start at the top.
    private var text: String?

    public init() {}

    /// New suggestions arrived (or none): a new text selects the first again and shows them.
    public mutating func update(_ state: SuggestionsState?) {
        guard let state else { return }
        if state.text != text {
            text = state.text
            selected = 0
            isHidden = false
        }
        selected = min(selected, state.suggestions.count - 1)
    }

    /// The suggestions on screen: none when hidden, or when there are none for the query typed.
    public func shown(_ state: SuggestionsState?) -> [SuggestionsState.Suggestion] {
        guard !isHidden, let state else { return [] }
        return state.suggestions
    }

    public mutating func hide() { isHidden = true }

    /// Moves the selection down (`by` > 0) or up, wrapping round the suggestions shown.
    public mutating func move(by step: Int, among count: Int) {
        guard count > 0 else { return }
        selected = ((selected + step) % count + count) % count
    }

    /// The query the selected suggestion would put in the box.
    public func chosen(_ state: SuggestionsState?) -> String? {
        let shown = shown(state)
        return shown.indices.contains(selected) ? shown[selected].query : nil
    }

    /// Where the dropdown goes: from the query's first column (`queryX`) under the search box,
    /// or above it when the box is at the bottom (fzf's default layout), as wide as its longest
    /// suggestion (padded, in a frame) within `screen`.
    static func area(rows: Int, widest: Int, searchBox: Rect, queryX: Int, screen: Rect, upward: Bool) -> Rect? {
        guard rows > 0 else { return nil }
        let height = rows + 1  // the suggestions and the frame's closing row
        let x = max(screen.x, min(queryX - 2, screen.maxX - 6))  // its text under the query's
        let width = min(widest + 4, screen.maxX - x)
        let y = upward ? searchBox.y - height : searchBox.y + 1
        let area = Rect(x: x, y: y, width: width, height: height).intersection(screen)
        return area.height >= 2 && area.width >= 5 ? area : nil
    }

    /// The rows of `hits` the dropdown in `area` leaves: those past it, away from the search box.
    static func hits(_ hits: Rect, beside area: Rect, upward: Bool) -> Rect {
        if upward {
            let covered = min(max(0, hits.maxY - area.y), hits.height)
            return hits.inset(bottom: covered)
        }
        let covered = min(max(0, area.maxY - hits.y), hits.height)
        return hits.inset(top: covered)
    }

    /// Draws the suggestions in `area` (from `area(...)`): a frame open towards the search box,
    /// one suggestion a row, the selected one in the selected-row colours.
    func render(_ suggestions: [SuggestionsState.Suggestion], in area: Rect, upward: Bool, _ canvas: inout Canvas) {
        let rows = min(suggestions.count, area.height - 1)
        let textWidth = area.width - 4
        let firstRow = upward ? area.y + 1 : area.y
        let edge = String(repeating: "─", count: area.width - 2)
        canvas.write(upward ? "╭" + edge + "╮" : "╰" + edge + "╯", x: area.x, y: upward ? area.y : area.y + rows, style: Theme.border)
        for row in 0..<rows {
            let y = firstRow + row
            let isSelected = row == selected
            let plain = isSelected ? Theme.selectedRow : Theme.text
            let highlighted = isSelected ? Theme.selectedRow.patched(with: Theme.selectedHighlight) : Theme.highlight
            canvas.write("│", x: area.x, y: y, style: Theme.border)
            canvas.write(String(repeating: " ", count: area.width - 2), x: area.x + 1, y: y, style: plain)
            let pieces = suggestions[row].highlighted.segments(plain: plain, highlighted: highlighted)
            canvas.write(pieces, x: area.x + 2, y: y, maxWidth: textWidth, overflow: .ellipsis)
            canvas.write("│", x: area.maxX - 1, y: y, style: Theme.border)
        }
    }
}
