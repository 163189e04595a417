import InstantSearchCore

/// A range slider over one numeric attribute, with two thumbs, and the list of the index's
/// numeric attributes (Up/Down, PgUp/PgDn, Home/End move along it; the list shows while the
/// pane has focus and room). Bounds and the track's scale come from the facet stats of the
/// results; the number of steps from the track's width, set on resize. Ctrl-F opens a small
/// input for a typed range. Moves and typed ranges are `setRange` intents.
public struct SliderPane {
    private var indexName: String?
    private(set) var attributes: [String] = []
    /// The attribute list's selection (the active attribute) and scroll, kept centred.
    private(set) var attributeList = ListState(centresSelection: true)
    var active: Int { attributeList.selection }
    public private(set) var thumb = NumberRangeInteractor.Thumb.lower
    public private(set) var slider: NumberRangeInteractor?
    private(set) var trackWidth = 40
    private(set) var failed = false
    /// The small input for a typed range, while open.
    private(set) var input: RangeInput?
    /// The state the slider was last built from, to rebuild it on resize and attribute change.
    private(set) var state: IndexState?

    /// How numbers are written (the locale's separators, the index's formats).
    var numbers = NumberText.standard

    public init() {}

    public var attribute: String? { attributes.indices.contains(active) ? attributes[active] : nil }
    public var isEditingRange: Bool { input != nil }

    /// Rows the pane would like: the slider's four, and a row per attribute above them when
    /// there is more than one.
    var wantedRows: Int { 4 + (attributes.count > 1 ? attributes.count : 0) }

    // MARK: Update

    mutating func resize(width: Int, height: Int = 4) {
        trackWidth = max(3, width - 2)
        attributeList.resize(visible: max(1, height - 4))  // the rows above the slider's four
        rebuild()
    }

    /// New hub state. `attribute`: on another index, the one chosen when it was last shown
    /// (nil: the first).
    mutating func update(_ state: IndexState, description: IndexDescription?, attribute: Int? = nil) {
        if state.name != indexName {
            indexName = state.name
            // A geo centre: the radius first (`GeoDistance`), then the numeric attributes.
            attributes = (description?.aroundLatLng == nil ? [] : [GeoDistance.distanceAttribute]) + (description?.numericAttributes ?? [])
            numbers = numbers.forIndex(description)
            attributeList.update(count: attributes.count, select: attribute ?? 0)
            slider = nil
            input = nil
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
        // An eighth of the track: any place is a few presses away, then arrows fine-tune.
        case .moveThumbFarLeft: return (true, move(by: -max(1, trackWidth / 8)))
        case .moveThumbFarRight: return (true, move(by: max(1, trackWidth / 8)))
        case .switchThumb: thumb = thumb.other
        case .previousAttribute: moveInList(by: -1, cycling: true)
        case .nextAttribute: moveInList(by: 1, cycling: true)
        // A page is the list's rows on screen.
        case .pageUp: moveInList(by: -attributeList.visible)
        case .pageDown: moveInList(by: attributeList.visible)
        case .firstAttribute: moveInList(by: -attributes.count)
        case .lastAttribute: moveInList(by: attributes.count)
        case .editRange:
            guard attribute != nil else { return (true, []) }
            input = RangeInput()
        case .clearRange:
            guard let attribute else { return (true, []) }
            return (true, [.setRange(attribute: attribute, range: nil)])
        default: return (false, [])
        }
        return (true, [])
    }

    private mutating func moveInList(by steps: Int, cycling: Bool = false) {
        guard !attributes.isEmpty else { return }
        attributeList.move(by: steps, cycling: cycling)
        input = nil
        rebuild()
    }

    /// Where the track is drawn in `area` (the pane's rect from the layout): the row under
    /// the attribute's name, below the attribute list when the pane has room for it.
    func track(in area: Rect) -> Rect {
        Rect(x: area.x + 1, y: area.y + listHeight(in: area) + 1, width: min(trackWidth, max(3, area.width - 2)), height: 1)
    }

    /// Rows of the attribute list: whatever the pane has beyond the slider's four (the layout
    /// gives it more only while it has focus), when there is more than one attribute.
    func listHeight(in area: Rect) -> Int { attributes.count > 1 ? max(0, area.height - 4) : 0 }

    /// A click on the track, `column` cells from its left end (`width` wide): the nearer thumb
    /// becomes the active one and moves there.
    mutating func click(column: Int, trackWidth width: Int) -> [SearchIntent] {
        guard let slider, let bounds = slider.bounds, width > 1 else { return [] }
        let fraction = Double(max(0, min(column, width - 1))) / Double(width - 1)
        // The track's own scale: on a skewed column the left half holds the low values.
        let value = slider.value(atFraction: fraction) ?? bounds.lowerBound
        thumb = slider.nearerThumb(to: value)
        return [.setRange(attribute: slider.attribute, range: slider.placing(thumb, at: value))]
    }

    private func move(by steps: Int) -> [SearchIntent] {
        guard let slider else { return [] }
        // The radius has one end that matters: its upper thumb moves, whichever is active.
        let thumb = slider.attribute == GeoDistance.distanceAttribute ? .upper : self.thumb
        return [.setRange(attribute: slider.attribute, range: slider.moving(thumb, by: steps))]
    }

    // MARK: The typed range

    mutating func typeInRange(_ character: Character) { input?.insert(character) }

    /// An editing action inside the input (Backspace, Left, Ctrl-U…); false for others.
    mutating func editRange(_ action: KeyAction) -> Bool { input?.perform(action) ?? false }

    /// Enter: the typed range as an intent, and the input closes; a range that does not read
    /// keeps it open with the reason.
    mutating func applyTypedRange() -> [SearchIntent] {
        guard var open = input, let attribute else { return [] }
        let range = open.read()
        input = range == nil ? open : nil
        return range.map { [.setRange(attribute: attribute, range: $0)] } ?? []
    }

    mutating func closeRangeInput() { input = nil }
}
