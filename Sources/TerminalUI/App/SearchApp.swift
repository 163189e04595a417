import InstantSearchCore

/// The whole screen: the widgets, which pane has focus, and what the user chose.
///
/// One loop drives it (Bubble Tea's event → update → view): `handle(_:)` updates state
/// from a key, `render(into:)` draws everything into a canvas. Neither touches curses, so
/// tests drive it with keys and read the canvas.
public final class SearchApp: WidgetContainer {
    public enum Focus: Sendable { case hits, refinements, slider }

    public enum Outcome: Equatable {
        /// Enter on a hit: the program prints it and exits 0.
        case selected(Hit)
        /// Esc from the hits list, or Ctrl-C: exit 130, print nothing.
        case cancelled
    }

    public let hub: InstantSearch
    public let searchBox: SearchBox
    public let hitsList: HitsList
    public let refinementList: RefinementList
    public let sliderPane: SliderPane
    public let statsLine: StatsLine
    let tabs: IndexTabs
    /// The sections view (F5), when the setup has one.
    public let federatedView: FederatedView?
    public private(set) var focus = Focus.hits
    public private(set) var showsHelp = false
    private var help = HelpOverlay()
    public private(set) var outcome: Outcome?

    public init(hub: InstantSearch) {
        self.hub = hub
        searchBox = SearchBox(onChange: { [unowned hub] in hub.setQueryText($0) })
        hitsList = HitsList(indices: hub.indices)
        refinementList = RefinementList(indices: hub.indices)
        sliderPane = SliderPane(indices: hub.indices)
        tabs = IndexTabs(hub: hub)
        statsLine = StatsLine(hub: hub)
        federatedView = hub.federated.map { FederatedView(federated: $0, indices: hub.indices) }
        hub.addAllWidgets(in: self)
        updatePlaceholder()
    }

    public var instantSearchWidgets: [any InstantSearchWidget] {
        [searchBox, hitsList, refinementList, sliderPane, statsLine, tabs]
    }

    public var isFinished: Bool { outcome != nil }

    // MARK: Update

    /// Applies one key. Returns false once the app is finished (see `outcome`).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        if key == .control("c") {
            outcome = .cancelled
            return false
        }
        if showsHelp {
            if key == .escape || key == .function(1) { showsHelp = false } else { help.handle(key) }
            return true
        }
        switch key {
        case .function(1): showsHelp = true
        case .function(5): hub.toggleFederatedView()
        case _ where hub.showsFederated:
            handleFederated(key)
        case .function(2): focus = .hits
        case .function(3): focus = .refinements
        case .function(4): focus = .slider
        case .tab:
            hub.selectNextIndex()
            updatePlaceholder()
        case .backTab:
            hub.selectPreviousIndex()
            updatePlaceholder()
        case .control("x"): hub.clearAllRefinements()
        case .escape:
            if focus == .hits { outcome = .cancelled } else { focus = .hits }
        case .enter where focus != .refinements:
            // Results not yet for the query on screen (manual mode, or a held-back search):
            // Enter searches. Otherwise Enter on a hit picks it.
            if hub.searcher.hasUnsentChanges {
                hub.searchNow()
            } else if focus == .hits, let hit = hitsList.selectedHit {
                outcome = .selected(hit)
            }
        default:
            if !focusedWidgetHandles(key) { _ = searchBox.handle(key) }
        }
        return outcome == nil
    }

    /// A paste (bracketed by the terminal) goes into the query as one edit, whichever pane
    /// has focus: one search, not one per character. Ignored under the help overlay.
    /// Returns whether anything changed.
    @discardableResult
    public func paste(_ text: String) -> Bool {
        guard !showsHelp, !text.isEmpty else { return false }
        searchBox.insert(text)
        return true
    }

    /// Keys in the sections view: the view's own, then the search box; F2–F4 and Tab go
    /// back to the tabbed view.
    private func handleFederated(_ key: Key) {
        switch key {
        case .function(2), .function(3), .function(4), .tab, .backTab:
            hub.toggleFederatedView()
            _ = handle(key)
        case .escape:
            outcome = .cancelled
        case .enter:
            if let hit = federatedView?.selectedHit {
                outcome = .selected(hit)
            } else if federatedView?.handle(key) != true {
                hub.searchNow()
            }
        default:
            if federatedView?.handle(key) != true { _ = searchBox.handle(key) }
        }
    }

    private func focusedWidgetHandles(_ key: Key) -> Bool {
        switch focus {
        case .hits: return hitsList.handle(key)
        case .refinements: return refinementList.handle(key)
        case .slider: return sliderPane.handle(key)
        }
    }

    private func updatePlaceholder() {
        searchBox.placeholder = "Search \(hub.activeDescription.name)…"
    }

    // MARK: View

    /// Draws the screen; returns where the terminal cursor belongs (in the search box).
    @discardableResult
    public func render(into canvas: inout Canvas) -> (x: Int, y: Int)? {
        canvas.clear()
        guard let layout = ScreenLayout(screen: canvas.bounds) else {
            let message = "Make the terminal at least \(ScreenLayout.minimumWidth)×\(ScreenLayout.minimumHeight)."
            canvas.write(message, x: 0, y: 0, style: Theme.error, maxWidth: canvas.width)
            return nil
        }
        let cursorX = searchBox.draw(into: &canvas, in: layout.searchBox.inset(top: 0, left: 1, bottom: 0, right: 1))
        if hub.showsFederated, let federatedView {
            drawFederated(federatedView, layout: layout, into: &canvas)
        } else {
            tabs.draw(into: &canvas, in: layout.tabs)
            drawRules(layout, into: &canvas)
            hitsList.draw(into: &canvas, in: layout.hits, focused: focus == .hits)
            refinementList.draw(into: &canvas, in: layout.refinements, focused: focus == .refinements)
            sliderPane.draw(into: &canvas, in: layout.slider, focused: focus == .slider)
            statsLine.draw(into: &canvas, in: layout.stats)
        }
        drawHints(in: layout.hints, into: &canvas)
        if showsHelp {
            help.draw(into: &canvas, in: canvas.bounds)
            return nil
        }
        return (cursorX, layout.searchBox.y)
    }

    private func drawRules(_ layout: ScreenLayout, into canvas: inout Canvas) {
        let rule = String(repeating: "─", count: canvas.width)
        canvas.write(rule, x: 0, y: layout.topRule.y, style: Theme.secondary)
        canvas.write(rule, x: 0, y: layout.bottomRule.y, style: Theme.secondary)
        for y in layout.sidebarRule.y..<layout.sidebarRule.maxY {
            canvas.write("│", x: layout.sidebarRule.x, y: y, style: Theme.secondary)
        }
        canvas.write("┬", x: layout.sidebarRule.x, y: layout.topRule.y, style: Theme.secondary)
        canvas.write("┴", x: layout.sidebarRule.x, y: layout.bottomRule.y, style: Theme.secondary)
        let sidebarRule = String(repeating: "─", count: layout.sliderTitle.width)
        canvas.write("├" + sidebarRule, x: layout.sidebarRule.x, y: layout.sliderTitle.y, style: Theme.secondary)
        title(" Hits F2 ", x: layout.hits.x + 1, y: layout.topRule.y, focused: focus == .hits, into: &canvas)
        title(" Refinements F3 ", x: layout.refinements.x + 1, y: layout.topRule.y, focused: focus == .refinements, into: &canvas)
        title(" Range F4 ", x: layout.sliderTitle.x + 1, y: layout.sliderTitle.y, focused: focus == .slider, into: &canvas)
    }

    private func drawFederated(_ view: FederatedView, layout: ScreenLayout, into canvas: inout Canvas) {
        canvas.write(" all indices ", x: 1, y: layout.tabs.y, style: Theme.title.reverse())
        canvas.write("F5 back to tabs", x: 15, y: layout.tabs.y, style: Theme.secondary)
        let rule = String(repeating: "─", count: canvas.width)
        canvas.write(rule, x: 0, y: layout.topRule.y, style: Theme.secondary)
        canvas.write(rule, x: 0, y: layout.bottomRule.y, style: Theme.secondary)
        title(" Sections F5 ", x: 1, y: layout.topRule.y, focused: true, into: &canvas)
        let body = Rect(x: 0, y: layout.hits.y, width: canvas.width, height: layout.hits.height)
        view.draw(into: &canvas, in: body)
        let activity = StatsLine.activity(
            mode: hub.federated?.multiSearcher.strategy.modeDescription ?? "", keystrokes: hub.keystrokes,
            requests: hub.requestsSent, cached: 0, pending: hub.federated?.multiSearcher.isSearching == true ? 1 : 0)
        canvas.write(activity, x: canvas.width - activity.displayWidth - 1, y: layout.stats.y, style: Theme.secondary)
        canvas.write(view.summary, x: 1, y: layout.stats.y, style: Theme.title, maxWidth: canvas.width - activity.displayWidth - 3, overflow: .ellipsis)
    }

    private func title(_ text: String, x: Int, y: Int, focused: Bool, into canvas: inout Canvas) {
        canvas.write(text, x: x, y: y, style: focused ? Theme.focusedPaneTitle.reverse() : Theme.paneTitle)
    }

    private func drawHints(in area: Rect, into canvas: inout Canvas) {
        var pieces: [(String, Style)] = []
        var hints = KeyMap.hints
        if hub.federated != nil { hints.insert(("F5", hub.showsFederated ? "tabs" : "sections"), at: 2) }
        for (key, action) in hints {
            pieces.append((" \(key)", Theme.key))
            pieces.append((" \(action) ", Theme.secondary))
        }
        canvas.write(pieces, x: area.x, y: area.y, maxWidth: area.width, overflow: .ellipsis)
    }
}
