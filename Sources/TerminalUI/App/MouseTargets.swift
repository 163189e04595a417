/// What the mouse can point at on the tabbed screen. A point is looked up in the rects the
/// layout computed on the last resize, never in what was drawn. A new pane adds a case here,
/// a row to `ScreenLayout.mouseTargets` and a case to `SearchApp.click(_:at:in:)`.
enum MouseTarget: Equatable {
    case tabs
    case searchBox
    case hits
    /// The current refinements' chips, above the hits.
    case chips
    case refinements
    case slider
}

extension ScreenLayout {
    /// The panes the mouse reaches, with their rects; the first row containing a point wins.
    var mouseTargets: [(target: MouseTarget, area: Rect)] {
        [
            (.tabs, tabs),
            (.searchBox, searchBox),
            (.chips, chips),
            (.hits, hits),
            (.refinements, refinements),
            (.slider, slider),
        ]
    }

    /// The pane under the cell (`x`, `y`), and its rect.
    func mouseTarget(x: Int, y: Int) -> (target: MouseTarget, area: Rect)? {
        mouseTargets.first { $0.area.contains(x: x, y: y) }
    }
}
