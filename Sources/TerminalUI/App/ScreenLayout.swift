/// Where each pane goes on a screen of a given size. Pure arithmetic, tested on its own.
struct ScreenLayout: Equatable {
    static let minimumWidth = 60
    static let minimumHeight = 16

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
    /// The preview pane (F6) and the rule between it and the hits, when it is shown: carved
    /// out of the hits' area, on its right or below it.
    var preview: Rect?
    var previewRule: Rect?

    init?(screen: Rect, preview window: PreviewWindow? = nil) {
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else { return nil }
        let rows = screen.splitRows([.fixed(1), .fixed(1), .fixed(1), .rest, .fixed(1), .fixed(1), .fixed(1)])
        (tabs, searchBox, topRule) = (rows[0], rows[1], rows[2])
        (bottomRule, stats, hints) = (rows[4], rows[5], rows[6])
        let sidebarWidth = min(44, max(28, screen.width * 32 / 100))
        let columns = rows[3].splitColumns([.rest, .fixed(1), .fixed(sidebarWidth)])
        hits = columns[0].inset(top: 0, left: 0, bottom: 0, right: 1)
        sidebarRule = columns[1]
        let sidebar = columns[2].splitRows([.rest, .fixed(1), .fixed(4)])
        (refinements, sliderTitle, slider) = (sidebar[0], sidebar[1], sidebar[2])
        if let window { carvePreview(window) }
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
