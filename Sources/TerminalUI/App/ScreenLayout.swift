/// Where each pane goes on a screen of a given size. Pure arithmetic, tested on its own.
struct ScreenLayout: Equatable {
    static let minimumWidth = 60
    static let minimumHeight = 16
    /// The refinement list keeps this many rows when the slider pane grows.
    static let minimumRefinementRows = 3

    var tabs: Rect
    var searchBox: Rect
    /// The rule under the search box, carrying the panes' titles.
    var topRule: Rect
    var hits: Rect
    var sidebarRule: Rect
    var refinements: Rect
    var sliderTitle: Rect
    var slider: Rect
    var bottomRule: Rect
    var stats: Rect
    var hints: Rect

    /// `sliderRows`: what the slider pane would like (its attribute list while focused); it
    /// gets them as long as the refinement list keeps a few rows.
    init?(screen: Rect, sliderRows: Int = 4) {
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else { return nil }
        let rows = screen.splitRows([.fixed(1), .fixed(1), .fixed(1), .rest, .fixed(1), .fixed(1), .fixed(1)])
        (tabs, searchBox, topRule) = (rows[0], rows[1], rows[2])
        (bottomRule, stats, hints) = (rows[4], rows[5], rows[6])
        let sidebarWidth = min(44, max(28, screen.width * 32 / 100))
        let columns = rows[3].splitColumns([.rest, .fixed(1), .fixed(sidebarWidth)])
        hits = columns[0].inset(top: 0, left: 0, bottom: 0, right: 1)
        sidebarRule = columns[1]
        let sliderHeight = max(4, min(sliderRows, columns[2].height - 1 - Self.minimumRefinementRows))
        let sidebar = columns[2].splitRows([.rest, .fixed(1), .fixed(sliderHeight)])
        (refinements, sliderTitle, slider) = (sidebar[0], sidebar[1], sidebar[2])
    }
}
