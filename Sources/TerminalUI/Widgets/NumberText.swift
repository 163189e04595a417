import InstantSearchCore

/// Numbers as the widgets show them, without Foundation's locale-dependent formatters.
enum NumberText {
    /// 1690784 → "1,690,784".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// "1 result", "14,062 results": a count and its noun, singular for one.
    static func counted(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural)"
    }

    /// `value` with exactly `decimals` digits after the point (rounded).
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value.magnitude * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        let padded = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        return (value < 0 ? "-" : "") + String(whole) + (decimals > 0 ? "." + padded : "")
    }

    /// An attribute's value for display: money with a "$" and cents, large numbers grouped
    /// (years and small counts stay as they are: "1999", not "1,999").
    static func format(_ value: JSONValue, attribute: String) -> String {
        guard let number = value.numberValue else { return value.displayText }
        let isMoney = ["price", "cost", "amount", "budget"].contains(attribute.lowercased())
        let isWhole = number == number.rounded() && number.magnitude < 1e15
        if isMoney {
            let whole = grouped(Int(number.rounded(.towardZero)))
            return "$" + (isWhole ? whole : whole + "." + fixed(number, decimals: 2).split(separator: ".")[1])
        }
        if isWhole { return number.magnitude >= 10_000 ? grouped(Int(number)) : String(Int(number)) }
        return value.displayText
    }
}
