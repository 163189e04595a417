extension SearchApp {
    /// fzf's `--height ~N`: the rows the interface needs to show every hit it has listed, with
    /// its search box, rules, stats line, hints (from 12 rows, as `ScreenLayout` has them) and
    /// frame. It only grows, as fzf's grows with what it reads: a narrower query does not
    /// shrink the region under the cursor. nil (as many rows as allowed) when the data has
    /// refinement or range panes, whose lists want the rows too.
    public var neededRows: Int? {
        guard SidebarPanes(for: descriptions[hub.searcher.indexName]).isEmpty, !hub.showsSections else { return nil }
        if drawsPicker { return pickerNeededRows }
        let frameRows = screen.height - options.frame.inner(of: screen).height
        func total(hints: Bool) -> Int {
            let info = ScreenLayout.info(options.info, compact: options.compact)
            let rows = ScreenLayout.rowOrder(
                hasHeader: !headerRows.isEmpty, showsHints: hints, promptAtBottom: options.layout.promptAtBottom,
                compact: options.compact ? .init(showsTabs: descriptions.count > 1) : nil
            )
            .filter { $0 != .body && $0 != .header && ($0 != .stats || info == .default || info == .right) }
            return rows.count + headerRows.count + hitRowsSeen + frameRows
        }
        let withHints = total(hints: true)
        return max(ScreenLayout.minimumHeight, withHints >= ScreenLayout.hintsMinimumHeight ? withHints : total(hints: false))
    }
}
