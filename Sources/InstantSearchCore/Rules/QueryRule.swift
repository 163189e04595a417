/// One of Algolia's query rules: when the query matches a condition (a pattern anchored in the
/// query, a context the front end names), the consequence applies — words removed or replaced,
/// filters added, records promoted to a place or hidden, and `userData` sent back to be shown.
/// The JSON form is Algolia's, so a rules export loads as it is and `serve` speaks it.
public struct QueryRule: Hashable, Sendable {
    public enum Anchoring: String, Hashable, Sendable, CaseIterable {
        case `is`, startsWith, endsWith, contains
    }

    public struct Condition: Hashable, Sendable {
        /// Words the query must hold as `anchoring` says; nil: any query (a context-only rule).
        public var pattern: String?
        public var anchoring: Anchoring
        /// A rule context the query must name (`ruleContexts`); nil: any.
        public var context: String?

        public init(pattern: String? = nil, anchoring: Anchoring = .contains, context: String? = nil) {
            self.pattern = pattern
            self.anchoring = anchoring
            self.context = context
        }
    }

    /// A query word removed, or replaced by others (Algolia's `consequence.params.query.edits`).
    public struct Edit: Hashable, Sendable {
        public var delete: String
        /// nil: the word is removed.
        public var insert: String?

        public init(delete: String, insert: String? = nil) {
            self.delete = delete
            self.insert = insert
        }
    }

    /// Records put at a place (0-based) of the first page, whatever they rank.
    public struct Promotion: Hashable, Sendable {
        public var objectIDs: [String]
        public var position: Int

        public init(objectIDs: [String], position: Int) {
            self.objectIDs = objectIDs
            self.position = position
        }
    }

    public var objectID: String
    public var conditions: [Condition]
    public var edits: [Edit]
    /// The whole query replaced by this text (Algolia's `params.query` as a string).
    public var replacementQuery: String?
    /// Filters in Algolia's syntax added to the query's own, with AND.
    public var filters: String?
    public var promote: [Promotion]
    /// Promoted records only where they match the query and its filters.
    public var filterPromotes: Bool
    public var hide: [String]
    public var userData: JSONValue?
    public var enabled: Bool
    public var description: String?

    public init(
        objectID: String, conditions: [Condition] = [], edits: [Edit] = [], filters: String? = nil,
        promote: [Promotion] = [], filterPromotes: Bool = false, hide: [String] = [], userData: JSONValue? = nil,
        enabled: Bool = true, description: String? = nil
    ) {
        self.objectID = objectID
        self.conditions = conditions
        self.edits = edits
        self.filters = filters
        self.promote = promote
        self.filterPromotes = filterPromotes
        self.hide = hide
        self.userData = userData
        self.enabled = enabled
        self.description = description
    }

    /// Promotions and hidden records leave the query's matching alone: they are applied to its answer.
    public var changesTheAnswer: Bool { !promote.isEmpty || !hide.isEmpty }

    /// `where` is where this rule sits (a file and its position), for messages.
    public static func parse(_ json: JSONValue, where place: String) throws -> QueryRule {
        let reader = RuleReader(place: place)
        return try reader.rule(json)
    }

    public var json: JSONValue { RuleWriter.json(self) }
}
