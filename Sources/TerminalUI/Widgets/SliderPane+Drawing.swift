import InstantSearchCore

extension SliderPane {
    /// Draws the attribute list (when focused and there is room above the slider's four rows),
    /// then the active attribute's name, track, bounds and range — or the typed-range input.
    func render(_ area: Rect, _ canvas: inout Canvas, focused: Bool) {
        guard let attribute, area.height > 0 else {
            canvas.write("No numeric attributes.", x: area.x + 1, y: area.y, style: Theme.secondary, maxWidth: area.width - 1)
            return
        }
        let listHeight = listHeight(in: area)
        if listHeight > 0 { drawList(Rect(x: area.x, y: area.y, width: area.width, height: listHeight), into: &canvas) }
        let body = Rect(x: area.x, y: area.y + listHeight, width: area.width, height: area.height - listHeight)
        let nameWidth = canvas.write(Self.label(attribute).uppercased(), x: body.x + 1, y: body.y, style: Theme.paneTitle, maxWidth: body.width - 1)
        if attributes.count > 1 {
            let hint = listHeight > 0 ? " \(active + 1)/\(attributes.count)" : " \(active + 1)/\(attributes.count) ↕"
            canvas.write(hint, x: body.x + 1 + nameWidth, y: body.y, style: Theme.secondary, maxWidth: body.maxX - body.x - 1 - nameWidth)
        }
        if let input {
            drawInput(input, body, into: &canvas)
            return
        }
        guard let slider, let bounds = slider.bounds, let low = slider.lowerValue, let high = slider.upperValue else {
            let message = failed ? "no values: search failed" : "no values in these results"
            canvas.write(message, x: body.x + 1, y: body.y + 1, style: Theme.secondary, maxWidth: body.width - 1)
            return
        }
        let track = track(in: area)
        drawTrack(slider, low: low, high: high, x: track.x, y: track.y, width: track.width, focused: focused, into: &canvas)
        let minLabel = format(bounds.lowerBound)
        let maxLabel = format(bounds.upperBound)
        canvas.write(minLabel, x: body.x + 1, y: body.y + 2, style: Theme.secondary)
        canvas.write(maxLabel, x: body.maxX - 1 - maxLabel.displayWidth, y: body.y + 2, style: Theme.secondary)
        // The thumbs' values, unless the range says more than two thumbs can (`< 50`, `= 3`).
        let range =
            slider.range.map { $0.excludesLower || $0.excludesUpper || $0.lower == $0.upper ? describe($0) : "\(format(low)) to \(format(high))" } ?? "any"
        let which = focused ? (thumb == .lower ? "  ◂ moving from" : "  ◂ moving to") : ""
        let used = canvas.write(range, x: body.x + 1, y: body.y + 3, style: slider.range == nil ? Theme.secondary : Theme.refined)
        canvas.write(which, x: body.x + 1 + used, y: body.y + 3, style: Theme.secondary, maxWidth: body.width - 2 - used)
    }

    /// What the pane calls an attribute: the geo distance is the search's radius.
    static func label(_ attribute: String) -> String {
        attribute == GeoDistance.distanceAttribute ? "radius" : attribute
    }

    /// One row per numeric attribute, the active one marked, each with its range in force;
    /// scrolled as `attributeList` was on the last move or resize.
    private func drawList(_ area: Rect, into canvas: inout Canvas) {
        let first = attributeList.offset
        for (row, position) in (first..<min(attributes.count, first + area.height)).enumerated() {
            let y = area.y + row
            let name = attributes[position]
            let isActive = position == active
            canvas.write(isActive ? "▸" : " ", x: area.x, y: y, style: Theme.title)
            let refinement = name == GeoDistance.distanceAttribute ? state.flatMap { GeoDistance.range(of: $0.query.geo) } : state?.query.numericRanges[name]
            let range = refinement.map { describe($0, attribute: name) } ?? ""
            let rangeWidth = range.displayWidth
            canvas.write(
                Self.label(name), x: area.x + 1, y: y, style: isActive ? Theme.title : Theme.text,
                maxWidth: area.width - 3 - rangeWidth, overflow: .ellipsis)
            canvas.write(range, x: area.maxX - rangeWidth - 1, y: y, style: Theme.refined)
        }
        if first > 0 { canvas.write("↑", x: area.maxX - 1, y: area.y, style: Theme.secondary) }
        if first + area.height < attributes.count { canvas.write("↓", x: area.maxX - 1, y: area.maxY - 1, style: Theme.secondary) }
    }

    /// The input on the track's row, what it reads on the next, the error (if any) below.
    private func drawInput(_ input: RangeInput, _ body: Rect, into canvas: inout Canvas) {
        let prompt = canvas.write("range › ", x: body.x + 1, y: body.y + 1, style: Theme.key)
        let text = input.box.text.isEmpty ? input.box.placeholder : input.box.text
        canvas.write(
            text, x: body.x + 1 + prompt, y: body.y + 1, style: input.box.text.isEmpty ? Theme.secondary : Theme.text,
            maxWidth: body.width - 2 - prompt, overflow: .ellipsis)
        if let error = input.error {
            canvas.write("⚠ " + error, x: body.x + 1, y: body.y + 2, style: Theme.error, maxWidth: body.width - 1, overflow: .ellipsis)
        } else {
            canvas.write("Enter applies · Esc closes", x: body.x + 1, y: body.y + 2, style: Theme.secondary, maxWidth: body.width - 1)
        }
        if let range = slider?.range {
            canvas.write("now: " + describe(range), x: body.x + 1, y: body.y + 3, style: Theme.secondary, maxWidth: body.width - 1)
        }
    }

    /// Where the terminal cursor goes while the input is open (inside the pane).
    func inputCursor(in area: Rect) -> (x: Int, y: Int)? {
        guard let input, attribute != nil else { return nil }
        let listHeight = listHeight(in: area)
        let x = area.x + 1 + "range › ".displayWidth + String(input.box.text.prefix(input.box.cursor)).displayWidth
        return (min(x, area.maxX - 1), area.y + listHeight + 1)
    }

    private func describe(_ range: NumericRange) -> String { describe(range, attribute: attribute ?? "") }

    /// "$50 to $200", "< $50", "≥ 4", "= 3", in the attribute's number format.
    private func describe(_ range: NumericRange, attribute: String) -> String {
        func number(_ value: Double) -> String { numbers.number(value, attribute: attribute) }
        switch (range.lower, range.upper) {
        case let (lo?, hi?) where lo == hi && !range.excludesLower && !range.excludesUpper: return "= " + number(lo)
        case let (lo?, nil): return (range.excludesLower ? "> " : "≥ ") + number(lo)
        case let (nil, hi?): return (range.excludesUpper ? "< " : "≤ ") + number(hi)
        case let (lo?, hi?): return "\(number(lo)) to \(number(hi))"
        default: return "any"
        }
    }

    private func format(_ value: Double) -> String {
        numbers.number(value, attribute: attribute ?? "")
    }

    /// Thumbs where the slider's scale puts them: on a skewed column the low values get most
    /// of the track.
    private func drawTrack(
        _ slider: NumberRangeInteractor, low: Double, high: Double, x: Int, y: Int, width: Int, focused: Bool,
        into canvas: inout Canvas
    ) {
        func column(_ value: Double) -> Int { Int((slider.fraction(of: value) * Double(width - 1)).rounded()) }
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
