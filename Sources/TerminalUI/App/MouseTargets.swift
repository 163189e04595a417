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

extension MouseTarget {
    /// Whether the pane is drawn in a folded layout while `focus` has the focus (as
    /// `SearchApp.render` decides).
    func isDrawnFolded(focus: SearchApp.Focus) -> Bool {
        switch self {
        case .tabs, .searchBox: return true
        case .hits, .chips: return focus == .hits || focus == .currentRefinements
        case .refinements: return focus == .refinements
        case .slider: return focus == .slider
        }
    }
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

    /// The pane under the cell (`x`, `y`), and its rect. Folded (few rows), the panes share
    /// the body and only the focused one is drawn there, so only it is under the pointer.
    func mouseTarget(x: Int, y: Int, focus: SearchApp.Focus) -> (target: MouseTarget, area: Rect)? {
        mouseTargets.first { $0.area.contains(x: x, y: y) && (!isFolded || $0.target.isDrawnFolded(focus: focus)) }
    }
}
