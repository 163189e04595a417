/// Where each pane goes on a screen of a given size. Pure arithmetic, tested on its own.
///
/// On a roomy screen the hits list has a sidebar (refinements over the slider). A narrow or
/// short screen (fzf's `--height 10`) folds the sidebar away: the body shows the focused pane
/// alone, the rule above names all three; a very short one also drops the hint bar.
struct ScreenLayout: Equatable {
    static let minimumWidth = 40
    static let minimumHeight = 8
    /// The sidebar needs this much width, and this many body rows (refinements over a
    /// rule and the slider's four).
    static let sidebarMinimumWidth = 60
    static let sidebarMinimumBodyRows = 8
    /// Below this many rows the hint bar and the rule above it give their rows to the body.
    static let hintsMinimumHeight = 12
    /// The refinement list keeps this many rows when the slider pane grows.
    static let minimumRefinementRows = 3

    var tabs: Rect
    var searchBox: Rect
    /// fzf's `--header`: a line under the search box, when there is one.
    var header: Rect?
    /// The rule under the search box (or the header), carrying the panes' titles.
    var topRule: Rect
    /// The rows between the rules.
    var body: Rect
    /// The current refinements, a row of chips above the hits.
    var chips: Rect
    var hits: Rect
    /// nil when folded: then `refinements` and `slider` are the body, like `hits`.
    var sidebarRule: Rect?
    var refinements: Rect
    var sliderTitle: Rect?
    var slider: Rect
    var bottomRule: Rect?
    var stats: Rect
    var hints: Rect?

    /// The preview pane (F6) and the rule between it and the hits, when it is shown: carved
    /// out of the hits' area, on its right or below it (not on a folded screen).
    var preview: Rect?
    var previewRule: Rect?

    var isFolded: Bool { sidebarRule == nil }

    /// `sliderRows`: what the slider pane would like (its attribute list while focused); it
    /// gets them as long as the refinement list keeps a few rows.
    init?(screen: Rect, hasHeader: Bool = false, preview window: PreviewWindow? = nil, sliderRows: Int = 4) {
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else { return nil }
        let showsHints = screen.height >= Self.hintsMinimumHeight
        var parts: [LayoutConstraint] = [.fixed(1), .fixed(1)]
        if hasHeader { parts.append(.fixed(1)) }
        parts += [.fixed(1), .rest]
        parts += showsHints ? [.fixed(1), .fixed(1), .fixed(1)] : [.fixed(1)]
        var rows = screen.splitRows(parts)
        (tabs, searchBox) = (rows.removeFirst(), rows.removeFirst())
        header = hasHeader ? rows.removeFirst() : nil
        (topRule, body) = (rows.removeFirst(), rows.removeFirst())
        bottomRule = showsHints ? rows.removeFirst() : nil
        stats = rows.removeFirst()
        hints = showsHints ? rows.removeFirst() : nil
        guard screen.width >= Self.sidebarMinimumWidth, body.height >= Self.sidebarMinimumBodyRows else {
            (chips, hits) = Self.chipsRow(body.inset(top: 0, left: 0, bottom: 0, right: 1))
            (refinements, slider) = (body, body)
            return
        }
        let sidebarWidth = min(44, max(28, screen.width * 32 / 100))
        let columns = body.splitColumns([.rest, .fixed(1), .fixed(sidebarWidth)])
        (chips, hits) = Self.chipsRow(columns[0].inset(top: 0, left: 0, bottom: 0, right: 1))
        sidebarRule = columns[1]
        let sliderHeight = max(4, min(sliderRows, columns[2].height - 1 - Self.minimumRefinementRows))
        let sidebar = columns[2].splitRows([.rest, .fixed(1), .fixed(sliderHeight)])
        (refinements, sliderTitle, slider) = (sidebar[0], sidebar[1], sidebar[2])
        if let window { carvePreview(window) }
    }

    /// The hits column's first row for the current-refinement chips, when the column has rows
    /// to spare (eight or more: not in fzf's `--height 10`); else no row (height 0) and the
    /// hits keep them all.
    private static func chipsRow(_ column: Rect) -> (chips: Rect, hits: Rect) {
        guard column.height >= 8 else { return (Rect(x: column.x, y: column.y, width: column.width, height: 0), column) }
        let rows = column.splitRows([.fixed(1), .rest])
        return (rows[0], rows[1])
    }

    private mutating func carvePreview(_ window: PreviewWindow) {
        switch window.position {
        case .right:
            let width = window.cells(of: hits.width, keep: 20)
            guard width >= 10 else { return }
            let parts = hits.splitColumns([.rest, .fixed(1), .fixed(width)])
            (hits, previewRule, preview) = (parts[0], parts[1], parts[2].inset(left: 1))
        case .bottom:
            let height = window.cells(of: hits.height, keep: 2)
            guard height >= 3 else { return }
            let parts = hits.splitRows([.rest, .fixed(1), .fixed(height - 1)])
            (hits, previewRule, preview) = (parts[0], parts[1], parts[2])
        }
    }
}
