import Foundation

/// A range slider's logic: bounds from facet stats, the range from the query, and thumb moves.
public struct NumberRangeInteractor: Hashable, Sendable {
    public enum Thumb: Hashable, Sendable {
        case lower, upper
        public var other: Thumb { self == .lower ? .upper : .lower }
    }

    public var attribute: String
    /// The extent of the slider: the attribute's min and max over the results, its own
    /// range ignored.
    public var bounds: ClosedRange<Double>?
    /// The refinement, if any.
    public var range: NumericRange?
    /// How many positions the slider has between its bounds.
    public var steps: Int

    public init(attribute: String, bounds: ClosedRange<Double>? = nil, range: NumericRange? = nil, steps: Int = 40) {
        self.attribute = attribute
        self.bounds = bounds
        self.range = range
        self.steps = max(1, steps)
    }

    public mutating func update(results: SearchResults?, query: Query) {
        range = query.numericRanges[attribute]
        if let stats = results?.facetStats[attribute] {
            bounds = stats.min...stats.max
        } else if results != nil {
            bounds = nil
        }
    }

    /// The value under each thumb: the refinement clamped to the bounds.
    public var lowerValue: Double? { bounds.map { clamp(range?.lower ?? $0.lowerBound, to: $0) } }
    public var upperValue: Double? { bounds.map { clamp(range?.upper ?? $0.upperBound, to: $0) } }

    /// One step of the slider, rounded to a readable increment (1, 2, 5 × 10ⁿ).
    public var stepSize: Double? {
        guard let bounds, bounds.upperBound > bounds.lowerBound else { return nil }
        let raw = (bounds.upperBound - bounds.lowerBound) / Double(steps)
        let magnitude = pow(10, floor(log10(raw)))
        let nice = [1.0, 2, 5, 10].first { $0 * magnitude >= raw } ?? 10
        return nice * magnitude
    }

    /// The range after moving `thumb` by `count` steps (negative: left). A thumb stops at
    /// the bounds and at the other thumb; a thumb resting on its bound leaves that side open.
    public func moving(_ thumb: Thumb, by count: Int) -> NumericRange? {
        guard let bounds, let step = stepSize, let low = lowerValue, let high = upperValue else { return range }
        var lower = low
        var upper = high
        switch thumb {
        case .lower:
            lower = clamp(snap(low + Double(count) * step, step: step, from: bounds.lowerBound), to: bounds.lowerBound...high)
        case .upper:
            upper = clamp(snap(high + Double(count) * step, step: step, from: bounds.lowerBound), to: low...bounds.upperBound)
        }
        let result = NumericRange(
            lower: lower <= bounds.lowerBound ? nil : lower,
            upper: upper >= bounds.upperBound ? nil : upper)
        return result.lower == nil && result.upper == nil ? nil : result
    }

    private func snap(_ value: Double, step: Double, from origin: Double) -> Double {
        origin + ((value - origin) / step).rounded() * step
    }

    private func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
