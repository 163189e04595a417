/// How the settings say an attribute's numbers are shown (`"format": {"price": "currency:USD"}`).
/// Attributes without one are shown as the data has them, grouped as the locale wants.
public enum NumberFormat: Hashable, Sendable, CustomStringConvertible {
    /// Money in an ISO 4217 currency: its symbol and its minor unit's decimals ("$1,499.00").
    case currency(code: String)
    /// Digits as the data has them, never grouped (identifiers, codes).
    case plain

    /// Reads `currency:USD` or `plain`; nil for anything else.
    public init?(parsing text: String) {
        if text == "plain" {
            self = .plain
            return
        }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "currency", parts[1].count == 3,
            parts[1].allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        self = .currency(code: parts[1].uppercased())
    }

    public var description: String {
        switch self {
        case .currency(let code): return "currency:\(code)"
        case .plain: return "plain"
        }
    }

    /// What a settings file may write, for error messages.
    public static let expected = "\"currency:XXX\" (an ISO 4217 code such as USD) or \"plain\""
}
