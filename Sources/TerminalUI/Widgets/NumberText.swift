import InstantSearchCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one number format of every widget: counts, stats, facet counts, slider values, hit fields.
///
/// - Thousands are grouped with the locale's separator (`LC_ALL`, `LC_NUMERIC`, `LANG`); a
///   locale that defines none (C, POSIX) gets ",". As CLDR's `minimumGroupingDigits = 2`, a
///   number of four digits is not grouped, so a year reads 1999 wherever it is shown, and
///   12,500 is grouped wherever it is shown.
/// - Decimals are the data's own ("4.7", "899.99"), with the locale's decimal separator.
/// - Currency only where the settings say an attribute is money (`"format": {"price":
///   "currency:USD"}`): the currency's symbol and its minor unit's decimals ("$899.99", "$25.00").
public struct NumberText: Equatable, Sendable {
    var groupingSeparator: String
    var decimalSeparator: String
    /// The settings' formats by attribute, for the index shown.
    var formats: [String: NumberFormat] = [:]

    /// "," and ".": what the tests draw with, and what a locale without grouping gets.
    public static let standard = NumberText(groupingSeparator: ",", decimalSeparator: ".")

    /// The environment's locale, read once.
    public static let current = NumberText.locale(named: "")

    /// The separators of the locale `name` ("" the environment's, "de_DE.UTF-8"); the standard
    /// ones when the locale is not installed or defines no grouping.
    static func locale(named name: String) -> NumberText {
        #if canImport(Glibc) || canImport(Darwin)
        guard let locale = newlocale(LC_NUMERIC_MASK, name, nil) else { return standard }
        defer { freelocale(locale) }
        let decimal = nl_langinfo_l(nl_item(RADIXCHAR), locale).map { String(cString: $0) } ?? ""
        let grouping = nl_langinfo_l(nl_item(THOUSEP), locale).map { String(cString: $0) } ?? ""
        return separators(grouping: grouping, decimal: decimal)
        #else
        return standard
        #endif
    }

    /// The locale's separators, filled in where it leaves them out.
    static func separators(grouping: String, decimal: String) -> NumberText {
        let decimal = decimal.isEmpty ? "." : decimal
        let grouping = grouping.isEmpty ? (decimal == "," ? "." : ",") : grouping
        return NumberText(groupingSeparator: grouping, decimalSeparator: decimal)
    }

    /// The same separators with these formats.
    func with(_ formats: [String: NumberFormat]) -> NumberText {
        var copy = self
        copy.formats = formats
        return copy
    }

    /// The same separators with the formats `description`'s settings give.
    func forIndex(_ description: IndexDescription?) -> NumberText {
        var copy = self
        copy.formats = description?.numberFormats ?? [:]
        return copy
    }

    // MARK: Formatting

    /// A count: 14062 → "14,062", 3000 → "3000".
    func count(_ value: Int) -> String {
        (value < 0 ? "-" : "") + grouped(String(value.magnitude))
    }

    /// "1 result", "14,062 results": a count and its noun, singular for one.
    func counted(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(count(value)) \(value == 1 ? singular : plural)"
    }

    /// A number as the data has it: 1690784 → "1,690,784", 4.7 → "4.7", 12500.5 → "12,500.5".
    func number(_ value: Double) -> String {
        // Whole numbers (counts, years, most fields) skip the text round trip: a hit's fields are
        // formatted for every answer.
        if value == value.rounded(), value.magnitude < 1e15 { return count(Int(value)) }
        let text = JSONValue.format(number: value)
        guard value.isFinite, !text.utf8.contains(UInt8(ascii: "e")) else { return text }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", maxSplits: 1)
        var out = grouped(String(parts[0]))
        if parts.count == 2 { out += decimalSeparator + parts[1] }
        return (negative ? "-" : "") + out
    }

    /// `value` with exactly `decimals` digits after the separator (rounded), grouped.
    func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        guard value.isFinite, (value.magnitude * scale) < 9e15 else { return number(value) }
        let scaled = Int((value.magnitude * scale).rounded())
        let whole = grouped(String(scaled / Int(scale)))
        let fraction = String(scaled % Int(scale))
        let padded = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        return (value < 0 && scaled != 0 ? "-" : "") + whole + (decimals > 0 ? decimalSeparator + padded : "")
    }

    /// An attribute's value for display, as its format says. `cell`: the text a table's file
    /// had for it (`Hit.sourceCells`), whose decimals a number without a format keeps: "6.0"
    /// reads 6.0, not 6.
    func value(_ value: JSONValue, attribute: String, cell: String? = nil) -> String {
        guard let number = value.numberValue else { return value.displayText }
        if formats[attribute] == nil, let cell, let decimals = Self.decimals(ofCell: cell), decimals > 0 {
            return fixed(number, decimals: decimals)
        }
        return self.number(number, attribute: attribute)
    }

    /// Digits after the point of a plain decimal cell ("6.0": 1, "12": 0); nil for any other text ("1e6").
    static func decimals(ofCell cell: String) -> Int? {
        var bytes = Substring(cell).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty else { return nil }
        var decimals: Int?
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard decimals == nil else { return nil }
                decimals = 0
            } else if byte &- UInt8(ascii: "0") < 10 {
                decimals = decimals.map { $0 + 1 }
            } else {
                return nil
            }
        }
        return decimals ?? 0
    }

    /// A number of `attribute` (a hit field, a slider bound), as its format says.
    func number(_ number: Double, attribute: String) -> String {
        if attribute == GeoDistance.distanceAttribute, number.isFinite, abs(number) < 1e9 {
            return GeoDistance.text(meters: Int(number.rounded()))
        }
        switch formats[attribute] {
        case .currency(let code)?:
            let (symbol, decimals) = Self.currencies[code] ?? ("\(code) ", 2)
            let amount = fixed(number.magnitude, decimals: decimals)
            return (number < 0 ? "-" : "") + symbol + amount
        case .plain?: return JSONValue.format(number: number)
        case nil: return self.number(number)
        }
    }

    /// Symbol and decimals of the common ISO 4217 currencies; others show their code and 2.
    private static let currencies: [String: (String, Int)] = [
        "USD": ("$", 2), "EUR": ("€", 2), "GBP": ("£", 2), "JPY": ("¥", 0), "CNY": ("¥", 2), "INR": ("₹", 2),
        "KRW": ("₩", 0), "CAD": ("CA$", 2), "AUD": ("A$", 2), "CHF": ("CHF ", 2), "SEK": ("SEK ", 2),
    ]

    /// Digits in groups of three from the right, from five digits on.
    private func grouped(_ digits: String) -> String {
        let count = digits.utf8.count
        guard count >= 5 else { return digits }
        var out = ""
        for (i, digit) in digits.utf8.enumerated() {
            if i > 0, (count - i) % 3 == 0 { out += groupingSeparator }
            out.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return out
    }
}
