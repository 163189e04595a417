import InstantSearchCore

/// A range slider over one numeric attribute, with two thumbs; Up/Down switches attribute
/// when the index has several. Bounds come from the facet stats of the results; the number of
/// steps from the track's width, set on resize. Moves are `setRange` intents.
public struct SliderPane {
    private var indexName: String?
    private var attributes: [String] = []
    private var active = 0
    public private(set) var thumb = NumberRangeInteractor.Thumb.lower
    public private(set) var slider: NumberRangeInteractor?
    private var savedAttribute: [String: Int] = [:]
    private var trackWidth = 40
    private var failed = false
    /// The state the slider was last built from, to rebuild it on resize and attribute change.
    private var state: IndexState?

    /// How numbers are written (the locale's separators, the index's formats).
    var numbers = NumberText.standard

    public init() {}

    public var attribute: String? { attributes.indices.contains(active) ? attributes[active] : nil }

    // MARK: Update

    mutating func resize(width: Int) {
        trackWidth = max(3, width - 2)
        rebuild()
    }

    mutating func update(_ state: IndexState, description: IndexDescription?) {
        if state.name != indexName {
            if let indexName { savedAttribute[indexName] = active }
            indexName = state.name
            attributes = description?.numericAttributes ?? []
            numbers = numbers.forIndex(description)
            active = savedAttribute[state.name] ?? 0
            slider = nil
        }
        self.state = state
        rebuild()
    }

    private mutating func rebuild() {
        guard let attribute, let state else {
            slider = nil
            return
        }
        failed = state.error != nil
        var next = slider?.attribute == attribute ? slider! : NumberRangeInteractor(attribute: attribute)
        next.steps = max(1, trackWidth - 1)
        next.update(results: state.results, query: state.query)
        if failed { next.bounds = nil }  // the bounds of an older query's results would mislead
        slider = next
    }

    /// The slider's actions; false for others.
    mutating func perform(_ action: KeyAction) -> (handled: Bool, intents: [SearchIntent]) {
        switch action {
        case .moveThumbLeft: return (true, move(by: -1))
        case .moveThumbRight: return (true, move(by: 1))
        case .switchThumb: thumb = thumb.other
        case .previousAttribute where !attributes.isEmpty:
            active = (active + attributes.count - 1) % attributes.count
            rebuild()
        case .nextAttribute where !attributes.isEmpty:
            active = (active + 1) % attributes.count
            rebuild()
        case .clearRange:
            guard let attribute else { return (true, []) }
            return (true, [.setRange(attribute: attribute, range: nil)])
        case .previousAttribute, .nextAttribute: break
        default: return (false, [])
        }
        return (true, [])
    }

    /// Where the track is drawn in `area` (the pane's rect from the layout): the row under
    /// the attribute's name.
    func track(in area: Rect) -> Rect {
        Rect(x: area.x + 1, y: area.y + 1, width: min(trackWidth, max(3, area.width - 2)), height: 1)
    }

    /// A click on the track, `column` cells from its left end (`width` wide): the nearer thumb
    /// becomes the active one and moves there.
    mutating func click(column: Int, trackWidth width: Int) -> [SearchIntent] {
        guard let slider, let bounds = slider.bounds, width > 1 else { return [] }
        let fraction = Double(max(0, min(column, width - 1))) / Double(width - 1)
        let value = bounds.lowerBound + fraction * (bounds.upperBound - bounds.lowerBound)
        thumb = slider.nearerThumb(to: value)
        return [.setRange(attribute: slider.attribute, range: slider.placing(thumb, at: value))]
    }

    private func move(by steps: Int) -> [SearchIntent] {
        guard let slider else { return [] }
        return [.setRange(attribute: slider.attribute, range: slider.moving(thumb, by: steps))]
    }

    // MARK: Drawing

    func render(_ area: Rect, _ canvas: inout Canvas, focused: Bool) {
        guard let attribute, area.height > 0 else {
            canvas.write("No numeric attributes.", x: area.x + 1, y: area.y, style: Theme.secondary, maxWidth: area.width - 1)
            return
        }
        let nameWidth = canvas.write(attribute.uppercased(), x: area.x + 1, y: area.y, style: Theme.paneTitle, maxWidth: area.width - 1)
        if attributes.count > 1 {
            canvas.write(" \(active + 1)/\(attributes.count) ↕", x: area.x + 1 + nameWidth, y: area.y, style: Theme.secondary)
        }
        guard let slider, let bounds = slider.bounds, let low = slider.lowerValue, let high = slider.upperValue else {
            let message = failed ? "no values: search failed" : "no values in these results"
            canvas.write(message, x: area.x + 1, y: area.y + 1, style: Theme.secondary, maxWidth: area.width - 1)
            return
        }
        let track = track(in: area)
        drawTrack(bounds: bounds, low: low, high: high, x: track.x, y: track.y, width: track.width, focused: focused, into: &canvas)
        let minLabel = numbers.number(bounds.lowerBound, attribute: attribute)
        let maxLabel = numbers.number(bounds.upperBound, attribute: attribute)
        canvas.write(minLabel, x: area.x + 1, y: area.y + 2, style: Theme.secondary)
        canvas.write(maxLabel, x: area.maxX - 1 - maxLabel.displayWidth, y: area.y + 2, style: Theme.secondary)
        let range = slider.range == nil ? "any" : "\(format(low)) to \(format(high))"
        let which = focused ? (thumb == .lower ? "  ◂ moving from" : "  ◂ moving to") : ""
        let used = canvas.write(range, x: area.x + 1, y: area.y + 3, style: slider.range == nil ? Theme.secondary : Theme.refined)
        canvas.write(which, x: area.x + 1 + used, y: area.y + 3, style: Theme.secondary, maxWidth: area.width - 2 - used)
    }

    private func format(_ value: Double) -> String {
        numbers.number(value, attribute: attribute ?? "")
    }

    private func drawTrack(
        bounds: ClosedRange<Double>, low: Double, high: Double, x: Int, y: Int, width: Int, focused: Bool,
        into canvas: inout Canvas
    ) {
        let span = bounds.upperBound - bounds.lowerBound
        func column(_ value: Double) -> Int {
            span <= 0 ? 0 : Int(((value - bounds.lowerBound) / span * Double(width - 1)).rounded())
        }
        let lowColumn = column(low)
        let highColumn = max(lowColumn, column(high))
        for offset in 0..<width {
            let inside = offset >= lowColumn && offset <= highColumn
            canvas.write(inside ? "━" : "─", x: x + offset, y: y, style: inside ? Theme.title : Theme.secondary)
        }
        let activeStyle = focused ? Theme.title.reverse() : Theme.title
        canvas.write("●", x: x + lowColumn, y: y, style: thumb == .lower ? activeStyle : Theme.title)
        canvas.write("●", x: x + highColumn, y: y, style: thumb == .upper ? activeStyle : Theme.title)
    }
}
