/// Pointing at a value on the slider (a click on its track) rather than stepping a thumb.
extension NumberRangeInteractor {
    /// The thumb nearer to `value`; when both are as near (both on one spot), the one on the
    /// side of `value`, so it can move that way.
    public func nearerThumb(to value: Double) -> Thumb {
        guard let low = lowerValue, let high = upperValue else { return .lower }
        let toLow = abs(value - low)
        let toHigh = abs(value - high)
        if toLow != toHigh { return toLow < toHigh ? .lower : .upper }
        return value < low ? .lower : .upper
    }

    /// The range with `thumb` moved to the step nearest `value`, by the same rules as
    /// `moving(_:by:)` (it stops at the other thumb; on its bound it leaves that side open).
    public func placing(_ thumb: Thumb, at value: Double) -> NumericRange? {
        guard let step = stepSize, let current = thumb == .lower ? lowerValue : upperValue, value.isFinite else { return range }
        let steps = ((value - current) / step).rounded()
        guard abs(steps) < Double(Int32.max) else { return range }
        return moving(thumb, by: Int(steps))
    }
}
