import InstantSearchCore

/// The refinements in force as a row of chips above the hits (InstantSearch's CurrentFilters):
/// `brand: Sony ×  price: 100 to 500 ×`. Focused (F8), Left/Right move along it and removing
/// the chip under the cursor is an intent; the cursor stays in place, on the next chip.
public struct CurrentRefinementsBar {
    public private(set) var chips: [RefinementChip] = []
    public private(set) var selection = 0
    var numbers = NumberText.standard
    /// The index's declared sorts, to name the sort chip.
    private var sorts: [SortOption] = []

    public init() {}

    public var selectedChip: RefinementChip? { chips.indices.contains(selection) ? chips[selection] : nil }

    mutating func update(_ state: IndexState, description: IndexDescription?) {
        chips = CurrentRefinements.chips(of: state.query, description: description)
        numbers = numbers.forIndex(description)
        sorts = description?.sorts ?? []
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

    /// "brand: Sony", "price: $100.00 to $500.00", "rating ≥ 4", "price < $50.00", "comedy: on",
    /// "sort: Most popular".
    func label(_ chip: RefinementChip) -> String {
        switch chip.kind {
        case .facet(let value): return "\(chip.attribute): \(value)"
        case .range(let range):
            let lower = range.lower.map { numbers.number($0, attribute: chip.attribute) }
            let upper = range.upper.map { numbers.number($0, attribute: chip.attribute) }
            switch (lower, upper) {
            case (let lower?, _?) where range.lower == range.upper: return "\(chip.attribute) = \(lower)"
            case (let lower?, let upper?): return "\(chip.attribute): \(lower) to \(upper)"
            case (let lower?, nil): return "\(chip.attribute) \(range.excludesLower ? ">" : "≥") \(lower)"
            case (nil, let upper?): return "\(chip.attribute) \(range.excludesUpper ? "<" : "≤") \(upper)"
            case (nil, nil): return "\(chip.attribute): any"
            }
        case .toggle(_, let state): return "\(chip.attribute): \(state == .on ? "on" : "off")"
        case .sort(let criterion): return "sort: " + SortByInteractor(options: sorts).name(of: criterion)
        }
    }

    // MARK: Drawing

    private static let prefix = "Refined "
    /// The row while nothing is refined: it keeps its place, so the hits do not jump.
    static let none = "No refinements"

    /// Where each chip in view goes in `area` (the ones scrolled past or cut off are not in
    /// view), and whether chips were scrolled past on the left: what drawing and a click share.
    func placed(_ area: Rect) -> (chips: [(position: Int, text: String, area: Rect)], scrolled: Bool, cut: Int?) {
        let texts = chips.map { " \(label($0)) × " }
        let left = area.x + 1 + Self.prefix.displayWidth
        let right = area.maxX - 1
        var first = 0
        // Scroll right just enough for the selected chip to fit.
        while first < selection, left + texts[first...selection].reduce(0, { $0 + $1.displayWidth + 1 }) > right { first += 1 }
        var placed: [(position: Int, text: String, area: Rect)] = []
        var x = left
        for position in first..<chips.count {
            let width = texts[position].displayWidth
            if x + width > right { return (placed, first > 0, min(x, right)) }
            placed.append((position, texts[position], Rect(x: x, y: area.y, width: width, height: 1)))
            x += width + 1
        }
        return (placed, first > 0, nil)
    }

    /// The chip under column `x`, if any.
    func chip(atColumn x: Int, in area: Rect) -> Int? {
        placed(area).chips.first { $0.area.contains(x: x, y: area.y) }?.position
    }

    /// Selects the chip at `position` (a click).
    mutating func select(_ position: Int) {
        if chips.indices.contains(position) { selection = position }
    }

    /// One row: the chips from the one that keeps the selected chip in view; "…" where more
    /// do not fit. `onRule`: on the compact screen's top rule, which shows through while
    /// nothing is refined (unless the bar has the focus), a blank cell either side of the text.
    func render(_ area: Rect, _ canvas: inout Canvas, focused: Bool, onRule: Bool = false) {
        guard area.height > 0 else { return }
        if onRule {
            guard !chips.isEmpty || focused else { return }
            canvas.write(" ", x: area.x, y: area.y, style: Theme.border)
        }
        guard !chips.isEmpty else {
            if onRule { canvas.write(" ", x: area.x + 1 + Self.none.displayWidth, y: area.y, style: Theme.border) }
            canvas.write(Self.none, x: area.x + 1, y: area.y, style: focused ? Theme.focusedPaneTitle : Theme.secondary, maxWidth: area.width - 1)
            return
        }
        let prefixWidth = canvas.write(Self.prefix, x: area.x + 1, y: area.y, style: focused ? Theme.focusedPaneTitle : Theme.paneTitle)
        let layout = placed(area)
        if layout.scrolled { canvas.write("…", x: area.x + prefixWidth, y: area.y, style: Theme.secondary) }
        for chip in layout.chips {
            let style = focused && chip.position == selection ? Theme.refined.reverse() : Theme.refined
            canvas.write(chip.text, x: chip.area.x, y: area.y, style: style)
        }
        if let cut = layout.cut { canvas.write("…", x: cut, y: area.y, style: Theme.secondary) }
    }
}
