/// A rectangle of cells: origin at the top-left, `width` columns by `height` rows.
/// Layout is plain arithmetic on these, so widgets can be laid out and tested without a
/// terminal.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        // Negative sizes only arise from over-eager insets; treat them as empty.
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// One past the last column / row.
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The part both rectangles cover (empty, at `self`'s origin, if they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Shrunk by the given margins on each side (never below zero size).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// Shrunk by `dx` columns on the left and right and `dy` rows at the top and bottom.
    public func inset(dx: Int, dy: Int) -> Rect {
        inset(top: dy, left: dx, bottom: dy, right: dx)
    }

    /// Shrunk by `amount` on all four sides: the inside of a one-cell border is `inset(1)`.
    public func inset(_ amount: Int) -> Rect { inset(dx: amount, dy: amount) }

    /// Row `index` (0-based, relative to this rectangle) as a one-row rectangle.
    public func row(_ index: Int) -> Rect { Rect(x: x, y: y + index, width: width, height: 1) }

    /// The first `count` rows, and the rest.
    public func splitTop(_ count: Int) -> (top: Rect, rest: Rect) {
        let n = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: n), Rect(x: x, y: y + n, width: width, height: height - n))
    }

    /// The last `count` rows, and the rest above them.
    public func splitBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
        let n = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: height - n), Rect(x: x, y: maxY - n, width: width, height: n))
    }

    /// The first `count` columns, and the rest.
    public func splitLeft(_ count: Int) -> (left: Rect, rest: Rect) {
        let n = min(max(0, count), width)
        return (Rect(x: x, y: y, width: n, height: height), Rect(x: x + n, y: y, width: width - n, height: height))
    }

    /// The last `count` columns, and the rest to their left.
    public func splitRight(_ count: Int) -> (rest: Rect, right: Rect) {
        let n = min(max(0, count), width)
        return (Rect(x: x, y: y, width: width - n, height: height), Rect(x: maxX - n, y: y, width: n, height: height))
    }

    /// Stacked rows sized by `constraints`, top to bottom; `spacing` empty rows between.
    public func splitRows(_ constraints: [LayoutConstraint], spacing: Int = 0) -> [Rect] {
        LayoutConstraint.resolve(constraints, total: height, spacing: spacing).map {
            Rect(x: x, y: y + $0.offset, width: width, height: $0.size)
        }
    }

    /// Side-by-side columns sized by `constraints`, left to right; `spacing` empty columns between.
    public func splitColumns(_ constraints: [LayoutConstraint], spacing: Int = 0) -> [Rect] {
        LayoutConstraint.resolve(constraints, total: width, spacing: spacing).map {
            Rect(x: x + $0.offset, y: y, width: $0.size, height: height)
        }
    }

    public var description: String { "Rect(x: \(x), y: \(y), width: \(width), height: \(height))" }
}

/// How much of a split one part wants.
public enum LayoutConstraint: Sendable, Hashable {
    /// Exactly this many cells (less if the space runs out).
    case fixed(Int)
    /// This percentage of the whole (rounded down).
    case percent(Int)
    /// A share of whatever `fixed` and `percent` parts leave, in proportion to the weight.
    case fill(Int)

    /// A `fill` of weight 1.
    public static let rest = LayoutConstraint.fill(1)

    /// Sizes and offsets for `constraints` in `total` cells. Fixed and percentage parts are
    /// served first, in order, and clamped to what is left; fills then share the remainder
    /// by weight, the rounding leftovers going one cell each to the first fills.
    static func resolve(_ constraints: [LayoutConstraint], total: Int, spacing: Int) -> [(offset: Int, size: Int)] {
        guard !constraints.isEmpty else { return [] }
        let gaps = max(0, spacing) * (constraints.count - 1)
        var remaining = max(0, total - gaps)
        var sizes = [Int](repeating: 0, count: constraints.count)
        let whole = remaining
        for (i, c) in constraints.enumerated() {
            switch c {
            case .fixed(let n): sizes[i] = min(max(0, n), remaining)
            case .percent(let p): sizes[i] = min(whole * max(0, p) / 100, remaining)
            case .fill: continue
            }
            remaining -= sizes[i]
        }
        let weights = constraints.map { if case .fill(let w) = $0 { max(0, w) } else { 0 } }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            var handedOut = 0
            for i in sizes.indices where weights[i] > 0 {
                sizes[i] = remaining * weights[i] / totalWeight
                handedOut += sizes[i]
            }
            var leftover = remaining - handedOut
            for i in sizes.indices where weights[i] > 0 && leftover > 0 {
                sizes[i] += 1
                leftover -= 1
            }
        }
        var offset = 0
        return sizes.map { size in
            defer { offset += size + max(0, spacing) }
            return (offset, size)
        }
    }
}
