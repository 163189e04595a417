/// A range as a person types it (InstantSearch's NumberFilter, the numeric menu's buckets):
/// `50-200` (or `50–200`, `50..200`), `<50`, `<=50`, `>200`, `>=4`, `=3`, or a bare `3`.
/// Bounded: at most `maxLength` characters, numbers that are finite. Errors say where.
public enum NumericRangeText {
    public static let maxLength = 64

    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 1-based column of the character the parser stopped at.
        public var column: Int
        public var message: String

        public var description: String { "column \(column): \(message)" }
    }

    public static let examples = "50-200, <50, >=4, =3"

    public static func parse(_ text: String) throws(ParseError) -> NumericRange {
        let characters = Array(text)
        guard characters.count <= maxLength else {
            throw ParseError(column: maxLength + 1, message: "too long (at most \(maxLength) characters)")
        }
        var position = 0
        func skipSpaces() { while position < characters.count, characters[position] == " " { position += 1 } }
        func fail(_ message: String) -> ParseError { ParseError(column: position + 1, message: message) }

        func number() throws(ParseError) -> Double {
            skipSpaces()
            let start = position
            if position < characters.count, characters[position] == "-" || characters[position] == "+" { position += 1 }
            var sawPoint = false
            while position < characters.count, characters[position].isASCII {
                let character = characters[position]
                if character == "." {
                    // One decimal point; ".." is the range separator.
                    guard !sawPoint, position + 1 >= characters.count || characters[position + 1] != "." else { break }
                    sawPoint = true
                } else if !(character.isNumber || character == "_" || character == ",") {
                    break
                }
                position += 1
            }
            // "1e6": an exponent only right after digits.
            if position < characters.count, characters[position] == "e" || characters[position] == "E", position > start {
                position += 1
                if position < characters.count, characters[position] == "-" || characters[position] == "+" { position += 1 }
                while position < characters.count, characters[position].isASCII, characters[position].isNumber { position += 1 }
            }
            let digits = String(characters[start..<position]).replacingOccurrences(",", "").replacingOccurrences("_", "")
            guard !digits.isEmpty else {
                position = start
                throw fail(position < characters.count ? "expected a number, found \"\(characters[position])\"" : "expected a number")
            }
            guard let value = Double(digits), value.isFinite else {
                let typed = String(characters[start..<position])
                position = start
                throw fail("\"\(typed)\" is not a number")
            }
            return value
        }
        func end() throws(ParseError) {
            skipSpaces()
            guard position == characters.count else {
                throw fail("unexpected \"\(characters[position])\"; expected one of \(examples)")
            }
        }

        skipSpaces()
        guard position < characters.count else { throw fail("empty; type a value or a range: \(examples)") }
        let operators: [(String, (Double) -> NumericRange)] = [
            ("<=", { NumericRange(upper: $0) }), ("≤", { NumericRange(upper: $0) }),
            (">=", { NumericRange(lower: $0) }), ("≥", { NumericRange(lower: $0) }),
            ("<", { NumericRange(upper: $0, excludesUpper: true) }), (">", { NumericRange(lower: $0, excludesLower: true) }),
            ("=", { NumericRange.exactly($0) }),
        ]
        for (symbol, make) in operators where characters[position...].starts(with: Array(symbol)) {
            position += symbol.count
            let value = try number()
            try end()
            return make(value)
        }
        let lower = try number()
        skipSpaces()
        guard position < characters.count else { return .exactly(lower) }
        // The separator: "-", "–" (an en dash, as the issue writes buckets), "..", or "to".
        let separators = ["..", "-", "–", "—", "to"]
        guard let separator = separators.first(where: { characters[position...].starts(with: Array($0)) }) else {
            throw fail("unexpected \"\(characters[position])\"; expected one of \(examples)")
        }
        position += separator.count
        let upper = try number()
        try end()
        guard lower <= upper else {
            throw ParseError(
                column: 1, message: "the lower bound \(JSONValue.format(number: lower)) is above the upper bound \(JSONValue.format(number: upper))")
        }
        return NumericRange(lower: lower, upper: upper)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        String(flatMap { $0 == target ? Array(replacement) : [$0] })
    }
}
