import InstantSearchCore

/// The refinements in force as a row of chips above the hits (InstantSearch's CurrentFilters):
/// `brand: Sony ×  price: 100 to 500 ×`. Focused (F8), Left/Right move along it and removing
/// the chip under the cursor is an intent; the cursor stays in place, on the next chip.
public struct CurrentRefinementsBar {
    public private(set) var chips: [RefinementChip] = []
    public private(set) var selection = 0
    var numbers = NumberText.standard

    public init() {}

    public var selectedChip: RefinementChip? { chips.indices.contains(selection) ? chips[selection] : nil }

    mutating func update(_ state: IndexState, description: IndexDescription?) {
        chips = CurrentRefinements.chips(of: state.query, description: description)
        numbers = numbers.forIndex(description)
        selection = max(0, min(selection, chips.count - 1))
    }

    /// Left, Right, remove-refinement; false for other actions.
    mutating func perform(_ action: KeyAction) -> (handled: Bool, intents: [SearchIntent]) {
        switch action {
        case .previousRefinement: selection = max(0, selection - 1)
        case .nextRefinement: selection = max(0, min(chips.count - 1, selection + 1))
        case .removeRefinement: return (true, selectedChip.map { [$0.removal] } ?? [])
        default: return (false, [])
        }
        return (true, [])
    }

    /// "brand: Sony", "price: $100.00 to $500.00", "rating ≥ 4".
    func label(_ chip: RefinementChip) -> String {
        switch chip.kind {
        case .facet(let value): return "\(chip.attribute): \(value)"
        case .range(let range):
            let lower = range.lower.map { numbers.number($0, attribute: chip.attribute) }
            let upper = range.upper.map { numbers.number($0, attribute: chip.attribute) }
            switch (lower, upper) {
            case (let lower?, let upper?): return "\(chip.attribute): \(lower) to \(upper)"
            case (let lower?, nil): return "\(chip.attribute) ≥ \(lower)"
            case (nil, let upper?): return "\(chip.attribute) ≤ \(upper)"
            case (nil, nil): return "\(chip.attribute): any"
            }
        }
    }

    // MARK: Drawing

    /// One row: the chips from the one that keeps the selected chip in view; "…" where more
    /// do not fit.
    func render(_ area: Rect, _ canvas: inout Canvas, focused: Bool) {
        guard area.height > 0 else { return }
        let prefix = "Refined "
        let prefixWidth = canvas.write(prefix, x: area.x + 1, y: area.y, style: focused ? Theme.focusedPaneTitle : Theme.paneTitle)
        guard !chips.isEmpty else {
            canvas.write("nothing yet", x: area.x + 1 + prefixWidth, y: area.y, style: Theme.secondary, maxWidth: area.width - 1 - prefixWidth)
            return
        }
        let texts = chips.map { " \(label($0)) × " }
        let left = area.x + 1 + prefixWidth
        let right = area.maxX - 1
        var first = 0
        // Scroll right just enough for the selected chip to fit.
        while first < selection, left + texts[first...selection].reduce(0) { $0 + $1.displayWidth + 1 } > right { first += 1 }
        if first > 0 { canvas.write("…", x: left - 1, y: area.y, style: Theme.secondary) }
        var x = left
        for position in first..<chips.count {
            let isSelected = focused && position == selection
            let style = isSelected ? Theme.refined.reverse() : Theme.refined
            if x + texts[position].displayWidth > right {
                canvas.write("…", x: min(x, right), y: area.y, style: Theme.secondary)
                break
            }
            x += canvas.write(texts[position], x: x, y: area.y, style: style)
            x += 1
        }
    }
}
