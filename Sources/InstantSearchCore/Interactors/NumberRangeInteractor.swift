#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A range slider's logic: bounds from facet stats, the range from the query, and thumb moves.
///
/// Steps follow the data: on a column whose mean sits low in its range (sizes, counts, prices
/// with a long tail) the track is logarithmic-like, so the mean lands mid-track and the crowded
/// low values get most of the positions; elsewhere it is linear in readable increments.
public struct NumberRangeInteractor: Hashable, Sendable {
    public enum Thumb: Hashable, Sendable {
        case lower, upper
        public var other: Thumb { self == .lower ? .upper : .lower }
    }

    /// How positions on the track map to values.
    public enum Scale: Hashable, Sendable {
        case linear
        /// value = min + span · ((1 + k)^t − 1) / k for a track position t in 0…1.
        case skewed(k: Double)
    }

    public var attribute: String
    /// The extent of the slider: the attribute's min and max over the results, its own
    /// range ignored.
    public var bounds: ClosedRange<Double>?
    /// The refinement, if any.
    public var range: NumericRange?
    /// How many positions the slider has between its bounds.
    public var steps: Int
    public private(set) var scale = Scale.linear

    /// A mean below this fraction of the range makes the track skewed.
    static let skewThreshold = 0.2

    public init(attribute: String, bounds: ClosedRange<Double>? = nil, range: NumericRange? = nil, steps: Int = 40) {
        self.attribute = attribute
        self.bounds = bounds
        self.range = range
        self.steps = max(1, steps)
    }

    public mutating func update(results: SearchResults?, query: Query) {
        // The radius slider's range is the query's aroundRadius (see `GeoDistance`).
        range = attribute == GeoDistance.distanceAttribute ? GeoDistance.range(of: query.geo) : query.numericRanges[attribute]
        if let stats = results?.facetStats[attribute] {
            bounds = stats.min...stats.max
            scale = Self.scale(for: stats)
        } else if results != nil {
            bounds = nil
        }
    }

    /// Skewed when the mean sits in the lowest fifth of the range: k puts the mean mid-track
    /// (√(1+k) − 1 = k·r, r the mean's place in the range, gives √(1+k) = 1/r − 1).
    static func scale(for stats: FacetStats) -> Scale {
        let span = stats.max - stats.min
        guard span > 0, stats.avg.isFinite else { return .linear }
        let r = (stats.avg - stats.min) / span
        guard r > 0, r < skewThreshold else { return .linear }
        let s = 1 / r - 1
        return .skewed(k: s * s - 1)
    }

    /// The value under each thumb: the refinement clamped to the bounds.
    public var lowerValue: Double? { bounds.map { clamp(range?.lower ?? $0.lowerBound, to: $0) } }
    public var upperValue: Double? { bounds.map { clamp(range?.upper ?? $0.upperBound, to: $0) } }

    /// One step of a linear slider, rounded to a readable increment (1, 2, 5 × 10ⁿ); nil on a
    /// skewed one, whose steps grow along the track.
    public var stepSize: Double? {
        guard case .linear = scale, let bounds, bounds.upperBound > bounds.lowerBound else { return nil }
        let raw = (bounds.upperBound - bounds.lowerBound) / Double(steps)
        let magnitude = pow(10, floor(log10(raw)))
        let nice = [1.0, 2, 5, 10].first { $0 * magnitude >= raw } ?? 10
        return nice * magnitude
    }

    /// Where `value` sits on the track, 0 (lower bound) to 1 (upper bound): what the widget
    /// draws the thumbs at.
    public func fraction(of value: Double) -> Double {
        guard let bounds, bounds.upperBound > bounds.lowerBound else { return 0 }
        let linear = clamp((value - bounds.lowerBound) / (bounds.upperBound - bounds.lowerBound), to: 0...1)
        switch scale {
        case .linear: return linear
        case .skewed(let k): return log1p(linear * k) / log1p(k)
        }
    }

    /// The value at a place on the track (the inverse of `fraction(of:)`).
    public func value(atFraction t: Double) -> Double? {
        guard let bounds else { return nil }
        let span = bounds.upperBound - bounds.lowerBound
        switch scale {
        case .linear: return bounds.lowerBound + span * t
        case .skewed(let k): return bounds.lowerBound + span * expm1(t * log1p(k)) / k
        }
    }

    /// The range after moving `thumb` by `count` steps (negative: left). A thumb stops at
    /// the bounds and at the other thumb; a thumb resting on its bound leaves that side open.
    public func moving(_ thumb: Thumb, by count: Int) -> NumericRange? {
        guard let bounds, bounds.upperBound > bounds.lowerBound, let low = lowerValue, let high = upperValue else { return range }
        var lower = low
        var upper = high
        let moved = step(thumb == .lower ? low : high, by: count, bounds: bounds)
        switch thumb {
        case .lower: lower = clamp(moved, to: bounds.lowerBound...high)
        case .upper: upper = clamp(moved, to: low...bounds.upperBound)
        }
        let result = NumericRange(
            lower: lower <= bounds.lowerBound ? nil : lower,
            upper: upper >= bounds.upperBound ? nil : upper)
        return result.lower == nil && result.upper == nil ? nil : result
    }

    private func step(_ current: Double, by count: Int, bounds: ClosedRange<Double>) -> Double {
        if let step = stepSize {
            return snap(current + Double(count) * step, step: step, from: bounds.lowerBound)
        }
        // Skewed: whole positions along the track, each value rounded to two significant
        // digits; a rounding that would not move the thumb takes the next position.
        let position = (fraction(of: current) * Double(steps)).rounded()
        var target = position + Double(count)
        while true {
            let t = clamp(target / Double(steps), to: 0...1)
            guard t > 0, t < 1 else { return t <= 0 ? bounds.lowerBound : bounds.upperBound }
            let candidate = Self.readable(value(atFraction: t) ?? current)
            if count == 0 || (count > 0 ? candidate > current : candidate < current) { return candidate }
            target += count > 0 ? 1 : -1
        }
    }

    /// Two significant digits: 0.0123 → 0.012, 1234 → 1200, 56789 → 57000.
    static func readable(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return value }
        let magnitude = pow(10, floor(log10(abs(value))) - 1)
        return (value / magnitude).rounded() * magnitude
    }

    private func snap(_ value: Double, step: Double, from origin: Double) -> Double {
        origin + ((value - origin) / step).rounded() * step
    }

    private func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
