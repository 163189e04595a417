/// An on / off / any attribute (InstantSearch's FilterToggle): a 0/1 number or a true/false
/// value. It refines through the query's usual parts — a range of exactly 1 or 0 for a
/// number, the facet value "true" or "false" for a boolean — so every backend filters it
/// the way it already filters ranges and facet values.
public struct FilterToggle: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// 0 / 1, filtered as a numeric range.
        case number
        /// true / false, filtered as a facet value.
        case boolean
    }

    public enum State: Hashable, Sendable, CaseIterable {
        case any, on, off

        /// any → on → off → any: what Enter does to a toggle.
        public var next: State {
            switch self {
            case .any: return .on
            case .on: return .off
            case .off: return .any
            }
        }
    }

    public var attribute: String
    public var kind: Kind

    public init(attribute: String, kind: Kind) {
        self.attribute = attribute
        self.kind = kind
    }

    public func state(in query: Query) -> State {
        switch kind {
        case .number:
            switch query.numericRanges[attribute] {
            case NumericRange.exactly(1)?: return .on
            case NumericRange.exactly(0)?: return .off
            default: return .any
            }
        case .boolean:
            switch query.facetRefinements[attribute] {
            case ["true"]?: return .on
            case ["false"]?: return .off
            default: return .any
            }
        }
    }

    /// Puts `state` into the query, replacing whatever refined the attribute.
    public func apply(_ state: State, to query: inout Query) {
        switch kind {
        case .number:
            query.numericRanges[attribute] = state == .any ? nil : .exactly(state == .on ? 1 : 0)
        case .boolean:
            query.facetRefinements[attribute] = state == .any ? nil : [state == .on ? "true" : "false"]
        }
    }

    /// Records that are on among the results, the toggle's own refinement set aside (a
    /// number's facet stats ignore its own range; a boolean counts as a disjunctive facet).
    public func onCount(in results: SearchResults?) -> Int? {
        guard let results else { return nil }
        switch kind {
        case .number:
            return results.facetStats[attribute].map { Int($0.sum.rounded()) }
        case .boolean:
            return results.facets[attribute]?.first { $0.value == "true" }?.count ?? 0
        }
    }
}
