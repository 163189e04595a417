#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An index's query rules and what they do to one query: Algolia applies every enabled rule whose
/// condition holds, in the rules' order, the first one winning where two set the same thing.
/// Backend-agnostic: a backend rewrites the query with `apply(to:)` before searching and lays
/// promotions and hidden records on the answer with `RuleOutcome`.
public struct RuleSet: Hashable, Sendable {
    public var rules: [QueryRule]

    public init(_ rules: [QueryRule] = []) {
        self.rules = rules
    }

    /// Reads a rules file: a JSON array of rules (Algolia's export), or one rule.
    public static func load(path: String) throws -> RuleSet {
        let json = try JSONParser.parse(try SettingsFile.read(path), file: path)
        let items: [JSONValue] = if case .array(let all) = json { all } else { [json] }
        var rules: [QueryRule] = []
        for (position, item) in items.enumerated() {
            let rule = try QueryRule.parse(item, where: "\(path): rule \(position + 1)")
            if rules.contains(where: { $0.objectID == rule.objectID }) {
                throw DataError(file: path, message: "rule \(position + 1): objectID \"\(rule.objectID)\" is used twice")
            }
            rules.append(rule)
        }
        return RuleSet(rules)
    }

    /// Adds or replaces (same objectID) a rule, keeping the others' order.
    public mutating func save(_ rule: QueryRule) {
        if let place = rules.firstIndex(where: { $0.objectID == rule.objectID }) { rules[place] = rule } else { rules.append(rule) }
    }

    /// The enabled rules whose conditions hold for `query`: one condition of a rule is enough,
    /// and a rule without conditions always applies.
    public func matching(_ query: Query) -> [QueryRule] {
        guard query.enableRules else { return [] }
        let words = Self.words(query.text)
        return rules.filter { rule in
            rule.enabled && (rule.conditions.isEmpty || rule.conditions.contains { Self.holds($0, words: words, contexts: query.ruleContexts) })
        }
    }

    /// `query` as the matching rules rewrite it, and what they lay on its answer.
    public func apply(to query: Query) -> RuleOutcome {
        let applied = matching(query)
        var outcome = RuleOutcome(query: query)
        guard !applied.isEmpty else { return outcome }
        outcome.appliedRules = applied.map(\.objectID)
        if let replacement = applied.lazy.compactMap(\.replacementQuery).first {
            outcome.query.text = replacement
        } else {
            var words = query.text.split(whereSeparator: \.isWhitespace).map(String.init)
            for edit in applied.flatMap(\.edits) {
                let target = Self.fold(edit.delete)
                words = words.flatMap { word -> [String] in
                    guard Self.fold(word) == target else { return [word] }
                    return edit.insert.map { [$0] } ?? []
                }
            }
            outcome.query.text = words.joined(separator: " ")
        }
        let filters = applied.compactMap(\.filters)
        if !filters.isEmpty {
            outcome.query.filters = ([query.filters].compactMap { $0 } + filters).map { "(\($0))" }.joined(separator: " AND ")
        }
        var placed: Set<String> = []
        for rule in applied {
            for promotion in rule.promote {
                for (offset, id) in promotion.objectIDs.enumerated() where placed.insert(id).inserted {
                    outcome.promoted.append(.init(objectID: id, position: promotion.position + offset, filtered: rule.filterPromotes))
                }
            }
            outcome.hidden.formUnion(rule.hide)
            if let userData = rule.userData { outcome.userData.append(userData) }
        }
        outcome.promoted.removeAll { outcome.hidden.contains($0.objectID) }
        return outcome
    }

    static func holds(_ condition: QueryRule.Condition, words: [String], contexts: [String]) -> Bool {
        if let context = condition.context, !contexts.contains(context) { return false }
        guard let pattern = condition.pattern else { return true }
        let wanted = Self.words(pattern)
        switch condition.anchoring {
        case .is: return words == wanted
        case .startsWith: return words.starts(with: wanted)
        case .endsWith: return words.count >= wanted.count && Array(words.suffix(wanted.count)) == wanted
        case .contains:
            guard !wanted.isEmpty else { return true }
            guard words.count >= wanted.count else { return false }
            return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
        }
    }

    /// The query's words as rules compare them: case and accents folded, punctuation a space.
    static func words(_ text: String) -> [String] {
        fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    static func fold(_ text: String) -> String {
        TextFolding.fold(text, .caseAndDiacritics)
    }
}

/// What the rules did to one query: the query to search, records to put in place or leave out
/// of its answer, and the `userData` to show.
public struct RuleOutcome: Hashable, Sendable {
    public struct Promoted: Hashable, Sendable {
        public var objectID: String
        public var position: Int
        /// Only where the record matches the query and its filters (`filterPromotes`).
        public var filtered: Bool
    }

    public var query: Query
    public var promoted: [Promoted] = []
    public var hidden: Set<String> = []
    public var userData: [JSONValue] = []
    public var appliedRules: [String] = []

    public init(query: Query) {
        self.query = query
    }

    /// Nothing to lay on the answer: the search's own page is the answer.
    public var leavesHitsAlone: Bool { promoted.isEmpty && hidden.isEmpty }
}
