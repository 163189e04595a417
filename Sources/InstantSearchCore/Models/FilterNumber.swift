/// A number as a filter writes it: decimal digits, an optional sign, fraction and exponent.
/// `Double(_:)` alone would also take `nan`, `inf`, `0x1p3` and turn `1e400` into infinity,
/// which then compares in surprising ways; those are refused here, overflow with its own message.
/// One reader for every place a filter holds a number: the engine's `filters` syntax and the
/// server's `numericFilters`, so the same text is refused (or read) the same way in both.
public enum FilterNumber {
    public enum Reading: Equatable, Sendable {
        case number(Double)
        case notANumber
        /// Written as a number, but beyond what a Double holds.
        case outOfRange
    }

    public static func parse(_ text: String) -> Reading {
        let shape = Array(text.utf8).withUnsafeBufferPointer { isDecimal($0) }
        guard shape, let value = Double(text) else { return .notANumber }
        return value.isFinite ? .number(value) : .outOfRange
    }

    public static func outOfRangeMessage(_ text: String) -> String {
        "\(text.prefix(40)) is out of range for a number (at most about 1.8e308)"
    }

    /// Digits with an optional sign, decimal point and exponent; leading zeros allowed (`007`).
    private static func isDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = text.count
        func digits() -> Int {
            let start = i
            while i < n, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa = digits()
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }
}
