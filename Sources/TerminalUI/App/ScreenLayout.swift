import InstantSearchCore

/// The sidebar's panes that have something to show for the index on screen: the refinement
/// list (facets, toggles, numeric menus, trees) and the slider pane (numeric attributes).
struct SidebarPanes: OptionSet, Equatable {
    let rawValue: Int
    static let refinements = SidebarPanes(rawValue: 1)
    static let slider = SidebarPanes(rawValue: 2)
    static let both: SidebarPanes = [.refinements, .slider]

    /// What `description` gives the sidebar something for; nil (no description): both.
    init(for description: IndexDescription?) {
        guard let description else {
            self = .both
            return
        }
        var panes: SidebarPanes = []
        if !description.facetAttributes.isEmpty || !description.toggles.isEmpty || !description.numericMenus.isEmpty
            || !description.hierarchicalFacets.isEmpty
        {
            panes.insert(.refinements)
        }
        if !description.numericAttributes.isEmpty || description.aroundLatLng != nil { panes.insert(.slider) }
        self = panes
    }

    init(rawValue: Int) { self.rawValue = rawValue }
}

/// Where each pane goes on a screen of a given size. Pure arithmetic, tested on its own.
///
/// On a roomy screen the hits list has a sidebar (refinements over the slider). A narrow or
/// short screen (fzf's `--height 10`) folds the sidebar away: the body shows the focused pane
/// alone, the rule above names them all; a very short one also drops the hint bar. A pane with
/// nothing to show for the data (no facets, no numbers: plain lines) is left out, and the hits
/// take the room: without either, the whole width.
///
/// The compact screen (`--compact`, the shell keys' own) spends two rows around the panes, as
/// fzf spends its prompt and info line: the search box with the count at its right end, and the
/// rule with the panes' titles, which carries the current refinements after the hits' title.
/// No hint bar (the stats name the help key), no rule under the panes, and no tabs row unless
/// there are tabs to choose between.
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
    /// fzf's `--header` and `--header-lines`: rows under the search box, when there are any.
    var header: Rect?
    /// The rule under the search box (or the header), carrying the panes' titles.
    var topRule: Rect
    /// The rows between the rules.
    var body: Rect
    /// The current refinements, a row of chips above the hits; on the compact screen, the top
    /// rule's cells after the hits' title.
    var chips: Rect
    var hits: Rect
    /// The rule left of the sidebar; nil when folded or when there is no sidebar.
    var sidebarRule: Rect?
    /// Folded: `refinements` and `slider` are the body, like `hits`.
    var isFolded: Bool
    /// The panes laid out; one left out has an empty rect.
    var panes: SidebarPanes
    var refinements: Rect
    /// The rule between the refinements and the slider, when both are in the sidebar.
    var sliderTitle: Rect?
    var slider: Rect
    var bottomRule: Rect?
    var stats: Rect
    var hints: Rect?

    /// The preview pane (F6) and the rule between it and the hits, when it is shown: carved
    /// out of the hits' area, on the side `PreviewWindow.position` says (not on a folded screen).
    var preview: Rect?
    var previewRule: Rect?

    /// The rule the hits' title is on: the top rule, or the preview's when the pane is above them.
    var hitsTitleRow: Int {
        guard let preview, let previewRule, previewRule.width > 1, preview.y < previewRule.y else { return topRule.y }
        return previewRule.y
    }

    /// `sliderRows`: what the slider pane would like (its attribute list while focused); it
    /// gets them as long as the refinement list keeps a few rows.
    /// `headerRows`: what the header would like; it gets at most a third of the screen (one row
    /// at least), the rest of it cut.
    /// `compact`: the compact screen, with the hits' title this wide on the top rule (the chips
    /// go after it); nil: the standard one. `showsTabs`: whether the compact screen keeps the
    /// tabs row (there is more than one index). `showsSearchBox`: false with fzf's `--no-input`
    /// (or `hide-input`), the box's row given to the body.
    init?(
        screen: Rect, headerRows: Int = 0, preview window: PreviewWindow? = nil, sliderRows: Int = 4, panes: SidebarPanes = .both,
        listLayout: ListLayout = .standard, info: InfoStyle = .default, compact hitsTitleWidth: Int? = nil, showsTabs: Bool = false,
        showsSearchBox: Bool = true
    ) {
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else { return nil }
        let compact = hitsTitleWidth != nil
        let info = Self.info(info, compact: compact)
        let order = Self.rowOrder(
            hasHeader: headerRows > 0, showsHints: screen.height >= Self.hintsMinimumHeight, promptAtBottom: listLayout.promptAtBottom,
            compact: compact ? .init(showsTabs: showsTabs) : nil
        )
        .filter { ($0 != .stats || info == .default || info == .right) && ($0 != .searchBox || showsSearchBox) }
        let headerHeight = min(headerRows, max(1, screen.height / 3))
        let heights: [LayoutConstraint] = order.map { $0 == .body ? .rest : $0 == .header ? .fixed(headerHeight) : .fixed(1) }
        let rows = Dictionary(uniqueKeysWithValues: zip(order, screen.splitRows(heights)))
        tabs = rows[.tabs] ?? Rect(x: screen.x, y: screen.y, width: screen.width, height: 0)
        searchBox = rows[.searchBox] ?? Rect(x: screen.x, y: screen.y, width: 0, height: 0)
        header = rows[.header]
        (topRule, body, bottomRule) = (rows[.topRule]!, rows[.body]!, rows[.bottomRule])
        hints = rows[.hints]
        switch info {
        case .default, .right: stats = rows[.stats]!
        case .hidden: stats = Rect(x: searchBox.x, y: searchBox.y, width: 0, height: 0)
        // After the query: the app starts it where the query ends.
        case .inline: stats = searchBox
        case .inlineRight:
            let width = min(searchBox.width / 2, 60)
            stats = Rect(x: searchBox.maxX - width, y: searchBox.y, width: width, height: 1)
            searchBox.width -= width
        }
        self.panes = panes
        let none = Rect(x: body.maxX, y: body.y, width: 0, height: 0)
        isFolded = !panes.isEmpty && (screen.width < Self.sidebarMinimumWidth || body.height < Self.sidebarMinimumBodyRows)
        if isFolded || panes.isEmpty {
            // Folded, each pane has the body when it has the focus; no sidebar, the hits have it
            // (and the chips' row too: with nothing to refine by, there are never chips). Every
            // pane's title is on the rule then: the chips keep their row, compact or not.
            let column = body.inset(top: 0, left: 0, bottom: 0, right: 1)
            (chips, hits) = panes.isEmpty ? (Rect(x: column.x, y: column.y, width: column.width, height: 0), column) : Self.chipsRow(column)
            refinements = panes.contains(.refinements) && isFolded ? body : none
            slider = panes.contains(.slider) && isFolded ? body : none
            // Folded, the sidebar's panes are collapsed already: the preview still has its share
            // of the hits' room (fzf's --height 12 shows it), shown while the hits are.
            if let window { carvePreview(window) }
            return
        }
        let sidebarWidth = min(44, max(28, screen.width * 32 / 100))
        let columns = body.splitColumns([.rest, .fixed(1), .fixed(sidebarWidth)])
        let column = columns[0].inset(top: 0, left: 0, bottom: 0, right: 1)
        if let hitsTitleWidth {
            (chips, hits) = Self.ruleChips(column, on: topRule, after: hitsTitleWidth)
        } else {
            (chips, hits) = Self.chipsRow(column)
        }
        sidebarRule = columns[1]
        switch panes {
        case .refinements: (refinements, slider) = (columns[2], none)
        case .slider: (refinements, slider) = (none, columns[2])
        default:
            let sliderHeight = max(4, min(sliderRows, columns[2].height - 1 - Self.minimumRefinementRows))
            let sidebar = columns[2].splitRows([.rest, .fixed(1), .fixed(sliderHeight)])
            (refinements, sliderTitle, slider) = (sidebar[0], sidebar[1], sidebar[2])
        }
        if let window { carvePreview(window) }
    }

    /// The screen's rows, one each but the body. With the prompt on top (our look, fzf's
    /// `reverse`): tabs, search box, header, rule, body, rule, stats, hints. With it at the
    /// bottom (fzf's `default` and `reverse-list`), the header, stats (fzf's info line) and
    /// search box go under the body, as fzf puts the header and info line next to its prompt;
    /// the key hints stay on the last row.
    enum Row: Hashable { case tabs, searchBox, header, topRule, body, bottomRule, stats, hints }

    /// The compact screen's choice: whether it keeps the tabs row.
    struct Compact: Equatable { var showsTabs: Bool }

    /// The compact screen (`compact`): the tabs row only with tabs to choose between, then the
    /// search box, header, rule and body; the stats after the body only in their own row.
    static func rowOrder(hasHeader: Bool, showsHints: Bool, promptAtBottom: Bool, compact: Compact? = nil) -> [Row] {
        let header: [Row] = hasHeader ? [.header] : []
        if let compact {
            let tabs: [Row] = compact.showsTabs ? [.tabs] : []
            return promptAtBottom ? tabs + [.topRule, .body] + header + [.stats, .searchBox] : tabs + [.searchBox] + header + [.topRule, .body, .stats]
        }
        if promptAtBottom {
            return [.tabs, .topRule, .body] + (showsHints ? [.bottomRule] : []) + header + [.stats, .searchBox] + (showsHints ? [.hints] : [])
        }
        return [.tabs, .searchBox] + header + [.topRule, .body] + (showsHints ? [.bottomRule, .stats, .hints] : [.stats])
    }

    /// Where the stats go: on the compact screen, fzf's `inline-right` unless another place was asked for.
    static func info(_ info: InfoStyle, compact: Bool) -> InfoStyle {
        compact && info == .default ? .inlineRight : info
    }

    /// The chips on the top rule's cells over `column`, after the hits' title (`titleWidth`)
    /// and a column of the rule; the hits keep every row of the column.
    private static func ruleChips(_ column: Rect, on rule: Rect, after titleWidth: Int) -> (chips: Rect, hits: Rect) {
        let x = min(column.maxX, column.x + 1 + titleWidth + 1)
        return (Rect(x: x, y: rule.y, width: column.maxX - x, height: 1), column)
    }

    /// Whether the chips are on the top rule (the compact screen), not in a row of their own.
    var chipsOnRule: Bool { chips.height > 0 && chips.y == topRule.y }

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
        case .right, .left:
            let width = window.cells(of: hits.width, keep: 20)
            guard width >= 10 else { return }
            // The preview and its rule take the chips' row too: the chips stay over the hits.
            let top = chipsOnRule ? hits.y : chips.y
            let area = Rect(x: hits.x, y: top, width: hits.width, height: hits.maxY - top)
            let left = window.position == .left
            let parts = area.splitColumns(left ? [.fixed(width), .fixed(1), .rest] : [.rest, .fixed(1), .fixed(width)])
            let (pane, rest) = left ? (parts[0].inset(right: 1), parts[2]) : (parts[2].inset(left: 1), parts[0])
            (previewRule, preview) = (parts[1], pane)
            hits = Rect(x: rest.x, y: hits.y, width: rest.width, height: hits.height)
            chips = Rect(x: rest.x, y: chips.y, width: rest.width, height: chips.height)
        case .top, .bottom, .next:
            let height = window.cells(of: hits.height, keep: 2)
            guard height >= 3 else { return }
            if window.position != .bottom {
                // Above the chips' row too: the chips stay over the hits (on the compact screen,
                // on the rule between, which then has the hits' title).
                let onRule = chipsOnRule
                let top = onRule ? hits.y : chips.y
                let parts = Rect(x: hits.x, y: top, width: hits.width, height: hits.maxY - top)
                    .splitRows([.fixed(height - 1), .fixed(1), .rest])
                (preview, previewRule) = (parts[0], parts[1])
                chips = Rect(x: chips.x, y: onRule ? parts[1].y : parts[2].y, width: chips.width, height: chips.height)
                hits = onRule ? parts[2] : parts[2].inset(top: chips.height)
            } else {
                let parts = hits.splitRows([.rest, .fixed(1), .fixed(height - 1)])
                (hits, previewRule, preview) = (parts[0], parts[1], parts[2])
            }
        }
    }
}
