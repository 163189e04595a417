#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Results ordered by one numeric attribute instead of relevance (Algolia's sort-by replicas,
/// InstantSearch's SortBy): `count:desc`. Relevance still breaks ties between equal values,
/// and records without a value come last whichever the direction.
public struct SortCriterion: Hashable, Sendable, CustomStringConvertible {
    public var attribute: String
    public var ascending: Bool

    public init(attribute: String, ascending: Bool) {
        self.attribute = attribute
        self.ascending = ascending
    }

    /// Reads `attribute:desc` or `attribute:asc` (the settings file's and `--sort`'s form).
    /// The attribute may hold colons itself; the direction is what follows the last one.
    public static func parse(_ text: String) throws(SortCriterionError) -> SortCriterion {
        let trimmed = text.trimmingBlanks()
        guard let colon = trimmed.lastIndex(of: ":") else {
            throw SortCriterionError("\"\(text)\" must look like \"attribute:desc\" or \"attribute:asc\"")
        }
        let attribute = String(trimmed[..<colon])
        let direction = trimmed[trimmed.index(after: colon)...].lowercased()
        guard !attribute.isEmpty else { throw SortCriterionError("\"\(text)\" names no attribute before \":\(direction)\"") }
        switch direction {
        case "asc": return SortCriterion(attribute: attribute, ascending: true)
        case "desc": return SortCriterion(attribute: attribute, ascending: false)
        default: throw SortCriterionError("\"\(text)\": the direction after \":\" must be \"asc\" or \"desc\" (was \"\(direction)\")")
        }
    }

    /// `count:desc`, the form it is read in.
    public var description: String { "\(attribute):\(ascending ? "asc" : "desc")" }
}

public struct SortCriterionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One entry of an index's `sorts` setting: what the sort-by widget shows, and the order.
public struct SortOption: Hashable, Sendable {
    public var name: String
    public var criterion: SortCriterion

    public init(name: String, criterion: SortCriterion) {
        self.name = name
        self.criterion = criterion
    }
}

/// The sort-by widget's logic (InstantSearch's SortByInteractor): the options an index offers,
/// relevance first, and which comes next.
public struct SortByInteractor: Hashable, Sendable {
    public static let relevanceName = "Relevance"
    public var options: [SortOption]

    public init(options: [SortOption]) {
        self.options = options
    }

    /// The sort after `current`: relevance → each option in turn → relevance. A sort that is
    /// not among the options (typed on the command line with another name) counts as one.
    public func next(after current: SortCriterion?) -> SortCriterion? {
        guard let current else { return options.first?.criterion }
        guard let position = options.firstIndex(where: { $0.criterion == current }) else { return options.first?.criterion }
        return position + 1 < options.count ? options[position + 1].criterion : nil
    }

    /// "Most popular", or `count:desc` for a sort without a declared name; "Relevance" for none.
    public func name(of criterion: SortCriterion?) -> String {
        guard let criterion else { return Self.relevanceName }
        return options.first { $0.criterion == criterion }?.name ?? criterion.description
    }
}
