import InstantSearchCore

/// The refinement pane's toggles (InstantSearch's FilterToggle: on / off / any) and numeric
/// menus (NumericMenu: one bucket at a time), above the facet lists. Enter cycles a toggle
/// any → on → off; on a bucket it picks that bucket, or clears it when already picked.
extension RefinementList {
    struct ToggleRow: Equatable {
        var toggle: FilterToggle
        var state: FilterToggle.State
        /// Records that are on, the toggle's own refinement aside; nil without results.
        var onCount: Int?
    }

    struct BucketRow: Equatable {
        var attribute: String
        var bucket: NumericMenuBucket
        var isSelected: Bool
    }

    static func toggleLines(_ toggles: [FilterToggle], menus: [NumericMenu], state: IndexState) -> [Line] {
        var lines: [Line] = []
        if !toggles.isEmpty {
            lines.append(.widgetHeader("toggles", note: "Enter: on · off · any"))
            lines += toggles.map { toggle in
                .toggle(ToggleRow(toggle: toggle, state: toggle.state(in: state.query), onCount: toggle.onCount(in: state.results)))
            }
        }
        for menu in menus {
            lines.append(.widgetHeader(menu.attribute, note: "one of"))
            let range = state.query.numericRanges[menu.attribute]
            lines += menu.buckets.map { .bucket(BucketRow(attribute: menu.attribute, bucket: $0, isSelected: range == $0.range)) }
        }
        return lines
    }

    /// The intent Enter sends on a toggle or bucket row; nil for other rows.
    static func intent(for line: Line) -> SearchIntent? {
        switch line {
        case .toggle(let row): return .setToggle(row.toggle, row.state.next)
        case .bucket(let row): return .setRange(attribute: row.attribute, range: row.isSelected ? nil : row.bucket.range)
        default: return nil
        }
    }

    /// "[x] comedy   412", "[-] not comedy", "[ ] comedy": the state as a box, the count of
    /// records that are on at the right.
    func drawToggle(_ row: ToggleRow, y: Int, area: Rect, isSelected: Bool, focused: Bool, into canvas: inout Canvas) {
        let box: String
        let name: String
        switch row.state {
        case .on: (box, name) = ("[x] ", row.toggle.attribute)
        case .off: (box, name) = ("[-] ", "not " + row.toggle.attribute)
        case .any: (box, name) = ("[ ] ", row.toggle.attribute)
        }
        let style = row.state == .any ? Theme.text : Theme.refined
        drawRow(
            box: box, label: name, count: row.onCount.map(numbers.count), style: style,
            y: y, area: area, isSelected: isSelected, focused: focused, into: &canvas)
    }

    func drawBucket(_ row: BucketRow, y: Int, area: Rect, isSelected: Bool, focused: Bool, into canvas: inout Canvas) {
        drawRow(
            box: row.isSelected ? "[•] " : "[ ] ", label: row.bucket.label, count: nil,
            style: row.isSelected ? Theme.refined : Theme.text, y: y, area: area, isSelected: isSelected, focused: focused, into: &canvas)
    }

    private func drawRow(
        box: String, label: String, count: String?, style: Style, y: Int, area: Rect, isSelected: Bool, focused: Bool,
        into canvas: inout Canvas
    ) {
        let countText = count ?? ""
        let countX = area.maxX - countText.displayWidth - 1
        canvas.write(isSelected && focused ? "▌" : " ", x: area.x, y: y, style: Theme.title)
        let boxWidth = canvas.write(box, x: area.x + 1, y: y, style: style == Theme.text ? Theme.secondary : style)
        canvas.write(label, x: area.x + 1 + boxWidth, y: y, style: style, maxWidth: countX - area.x - 2 - boxWidth, overflow: .ellipsis)
        canvas.write(countText, x: countX, y: y, style: Theme.count)
        if isSelected && focused {
            canvas.applyStyle(Theme.selectedRow, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1))
        }
    }
}
