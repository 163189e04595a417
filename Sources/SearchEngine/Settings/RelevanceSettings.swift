import InstantSearchCore

/// The tie-breaking criteria, Algolia's names. Results are sorted by the first, ties broken
/// by the next, and so on; `custom` is the index's `customRanking`.
public enum RankingCriterion: String, Hashable, Sendable, CaseIterable {
    case typo, words, proximity, attribute, exact, custom
}

/// How a query's text is matched and ranked. Every field has Algolia's default (or the
/// issue's): typos from 4 letters (1) and 8 letters (2), the standard tie-break order, and
/// trailing words dropped when all of them together find nothing.
public struct RelevanceSettings: Hashable, Sendable {
    public var typoTolerance = true
    public var minWordSizefor1Typo = 4
    public var minWordSizefor2Typos = 8
    /// Attributes matched without typos (codes, ids, names that must be exact).
    public var disableTypoToleranceOnAttributes: [String] = []
    public var ranking: [RankingCriterion] = RankingCriterion.allCases
    /// When every word together finds nothing, drop words from the end until something is found.
    public var removeWordsIfNoResults = true

    public init() {}

    static let knownKeys = [
        "typoTolerance", "minWordSizefor1Typo", "minWordSizefor2Typos", "disableTypoToleranceOnAttributes",
        "ranking", "removeWordsIfNoResults",
    ]

    /// Typos allowed for a query word of `letters` letters (Unicode scalars of its folded form).
    func allowedTypos(letters: Int) -> Int {
        guard typoTolerance else { return 0 }
        if letters >= minWordSizefor2Typos { return 2 }
        return letters >= minWordSizefor1Typo ? 1 : 0
    }

    mutating func parse(key: String, value: JSONValue, fail: (String) -> DataError) throws {
        func integer() throws -> Int {
            guard let n = value.numberValue, n >= 0, n == n.rounded(), n < 1000 else {
                throw fail("\"\(key)\" must be a whole number")
            }
            return Int(n)
        }
        func strings() throws -> [String] {
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("\"\(key)\" must be an array of strings")
            }
            return items.compactMap(\.stringValue)
        }
        switch key {
        case "typoTolerance":
            guard case .bool(let on) = value else { throw fail("\"typoTolerance\" must be true or false") }
            typoTolerance = on
        case "minWordSizefor1Typo": minWordSizefor1Typo = try integer()
        case "minWordSizefor2Typos": minWordSizefor2Typos = try integer()
        case "disableTypoToleranceOnAttributes": disableTypoToleranceOnAttributes = try strings()
        case "ranking":
            ranking = try strings().map { name in
                guard let criterion = RankingCriterion(rawValue: name) else {
                    let known = RankingCriterion.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail("\"ranking\" entry \"\(name)\" is not one of: \(known)")
                }
                return criterion
            }
        case "removeWordsIfNoResults":
            // Algolia's values; "none" keeps strict AND, anything else drops from the end.
            guard let mode = value.stringValue, ["none", "lastWords"].contains(mode) else {
                throw fail("\"removeWordsIfNoResults\" must be \"none\" or \"lastWords\"")
            }
            removeWordsIfNoResults = mode == "lastWords"
        default: break
        }
    }
}
