/// Algolia's `numericFilters`: `attribute op number` (`<`, `<=`, `=`, `!=`, `>=`, `>`) or
/// `attribute:lower TO upper`; strings AND-ed, inner arrays OR-ed.
///
/// Numbers are read by `FilterNumber`, the reader of the engine's `filters` syntax, so
/// `year > NaN`, `year < inf`, `year > 0x7D0` and `year > 1 2` are refused here exactly as they
/// are there — never read as "every record" or as 2000.
struct AlgoliaNumericFilter: Equatable {
    var attribute: String
    /// `<`, `<=`, `=`, `!=`, `>=`, `>`, or `TO` (then `value` is the lower bound).
    var op: String
    var value: Double
    var upper: Double = 0

    static let operators = [">=", "<=", "!=", "=", ">", "<"]

    /// One condition, or an error naming the parameter and what is allowed.
    static func parse(_ text: String) throws -> AlgoliaNumericFilter {
        func fail(_ why: String) -> AlgoliaParameterError {
            AlgoliaParameterError("numericFilters: \"\(text.prefix(80))\": \(why)")
        }
        func number(_ part: Substring, after what: String) throws -> Double {
            let written = part.trimmingWhitespace
            switch FilterNumber.parse(String(written)) {
            case .number(let value): return value
            case .outOfRange: throw fail(FilterNumber.outOfRangeMessage(String(written)))
            case .notANumber: throw fail("expected a number after \"\(what)\", not \"\(written.prefix(40))\"")
            }
        }
        if let colon = text.firstIndex(of: ":") {
            let attribute = text[..<colon].trimmingWhitespace
            let rest = text[text.index(after: colon)...]
            guard !attribute.isEmpty, let to = rest.firstRange(of: " TO ") else {
                throw fail("expected attribute:lower TO upper")
            }
            let lower = try number(rest[..<to.lowerBound], after: ":")
            let upper = try number(rest[to.upperBound...], after: "TO")
            return AlgoliaNumericFilter(attribute: String(attribute), op: "TO", value: lower, upper: upper)
        }
        for op in operators {
            guard let range = text.firstRange(of: op) else { continue }
            let attribute = text[..<range.lowerBound].trimmingWhitespace
            guard !attribute.isEmpty else { throw fail("expected an attribute name before \"\(op)\"") }
            return AlgoliaNumericFilter(attribute: String(attribute), op: op, value: try number(text[range.upperBound...], after: op))
        }
        throw fail("expected attribute<op>number (<, <=, =, !=, >=, >) or attribute:lower TO upper")
    }

    /// The same condition in the engine's `filters` syntax, the attribute quoted.
    var filterText: String {
        let name = AlgoliaParameters.quoted(attribute)
        let number = { (n: Double) in JSONValue.number(n).serialized() }
        return op == "TO" ? "\(name):\(number(value)) TO \(number(upper))" : "\(name) \(op) \(number(value))"
    }

    /// As a range, when it is one (`!=` is not).
    var range: NumericRange? {
        switch op {
        case ">": return NumericRange(lower: value, excludesLower: true)
        case ">=": return NumericRange(lower: value)
        case "<": return NumericRange(upper: value, excludesUpper: true)
        case "<=": return NumericRange(upper: value)
        case "=": return .exactly(value)
        case "TO": return NumericRange(lower: value, upper: upper)
        default: return nil
        }
    }
}

extension NumericRange {
    /// Both ranges at once: the tighter bound wins; at the same value a strict one is the tighter.
    func intersected(with other: NumericRange) -> NumericRange {
        var range = self
        if let lower = other.lower {
            if lower > range.lower ?? -.infinity {
                (range.lower, range.excludesLower) = (lower, other.excludesLower)
            } else if lower == range.lower, other.excludesLower {
                range.excludesLower = true
            }
        }
        if let upper = other.upper {
            if upper < range.upper ?? .infinity {
                (range.upper, range.excludesUpper) = (upper, other.excludesUpper)
            } else if upper == range.upper, other.excludesUpper {
                range.excludesUpper = true
            }
        }
        return range
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
