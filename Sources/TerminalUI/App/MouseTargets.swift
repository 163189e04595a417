/// What the mouse can point at on the tabbed screen (the sections view has one target, its
/// body: `ScreenLayout.body`). A point is looked up in the rects the
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
    /// Folded (a small screen), the body shows the focused pane alone, so only it is there.
    func mouseTargets(focus: SearchApp.Focus) -> [(target: MouseTarget, area: Rect)] {
        let shown: (MouseTarget) -> Bool = { target in
            guard self.isFolded else { return true }
            switch target {
            case .refinements: return focus == .refinements
            case .slider: return focus == .slider
            case .hits, .chips: return focus == .hits || focus == .currentRefinements
            case .tabs, .searchBox: return true
            }
        }
        let rows: [(target: MouseTarget, area: Rect)] = [
            (.tabs, tabs),
            (.searchBox, searchBox),
            (.chips, chips),
            (.hits, hits),
            (.refinements, refinements),
            (.slider, slider),
        ]
        return rows.filter { shown($0.target) }
    }

    /// The pane under the cell (`x`, `y`) with `focus` as it is, and its rect.
    func mouseTarget(x: Int, y: Int, focus: SearchApp.Focus) -> (target: MouseTarget, area: Rect)? {
        mouseTargets(focus: focus).first { $0.area.contains(x: x, y: y) }
    }
}
