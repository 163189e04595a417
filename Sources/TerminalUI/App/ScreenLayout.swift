/// Where each pane goes on a screen of a given size. Pure arithmetic, tested on its own.
struct ScreenLayout: Equatable {
    static let minimumWidth = 60
    static let minimumHeight = 16

    var tabs: Rect
    var searchBox: Rect
    /// The rule under the search box, carrying the panes' titles.
    var topRule: Rect
    /// The current refinements, a row of chips above the hits.
    var chips: Rect
    var hits: Rect
    var sidebarRule: Rect
    var refinements: Rect
    var sliderTitle: Rect
    var slider: Rect
    var bottomRule: Rect
    var stats: Rect
    var hints: Rect

    init?(screen: Rect) {
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else { return nil }
        let rows = screen.splitRows([.fixed(1), .fixed(1), .fixed(1), .rest, .fixed(1), .fixed(1), .fixed(1)])
        (tabs, searchBox, topRule) = (rows[0], rows[1], rows[2])
        (bottomRule, stats, hints) = (rows[4], rows[5], rows[6])
        let sidebarWidth = min(44, max(28, screen.width * 32 / 100))
        let columns = rows[3].splitColumns([.rest, .fixed(1), .fixed(sidebarWidth)])
        let hitsColumn = columns[0].inset(top: 0, left: 0, bottom: 0, right: 1).splitRows([.fixed(1), .rest])
        (chips, hits) = (hitsColumn[0], hitsColumn[1])
        sidebarRule = columns[1]
        let sidebar = columns[2].splitRows([.rest, .fixed(1), .fixed(4)])
        (refinements, sliderTitle, slider) = (sidebar[0], sidebar[1], sidebar[2])
    }
}
