import OrderedCollections

/// One synonym entry, Algolia's two kinds: every word of a multi-way set finds the others;
/// a one-way entry's `input` finds its `synonyms`, not the reverse. Entries may be phrases
/// ("ny" ↔ "new york").
public struct Synonym: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case multiWay = "synonym"
        case oneWay = "oneWaySynonym"
    }

    public var kind: Kind
    /// For a one-way entry, what the user types; nil for a multi-way set.
    public var input: String?
    public var synonyms: [String]
    /// The entry's id when the settings gave one (`serve`'s synonyms routes name entries by it).
    public var objectID: String?

    public init(multiWay synonyms: [String]) {
        (kind, input, self.synonyms) = (.multiWay, nil, synonyms)
    }

    public init(oneWay input: String, synonyms: [String]) {
        (kind, self.input, self.synonyms) = (.oneWay, input, synonyms)
    }

    /// Entries and phrases past these are refused: a settings file is input like any other.
    static let maxEntries = 10_000
    static let maxPhrases = 100

    /// Algolia's synonym objects (`{"type": "synonym", "synonyms": [...]}`,
    /// `{"type": "oneWaySynonym", "input": "…", "synonyms": [...]}`, each with an optional
    /// `objectID`), or a bare array of strings for a multi-way set.
    static func parseList(_ value: JSONValue, fail: (String) -> DataError) throws -> [Synonym] {
        guard let items = value.arrayValue, items.count <= maxEntries else {
            throw fail("\"synonyms\" must be an array of at most \(maxEntries) synonym objects")
        }
        let entries = try items.enumerated().map { position, item -> Synonym in
            let at = "\"synonyms\"[\(position)]"
            func phrases(_ value: JSONValue?) throws -> [String] {
                guard let list = value?.arrayValue, !list.isEmpty, list.count <= maxPhrases,
                    list.allSatisfy({ $0.stringValue.map { !$0.isEmpty } ?? false })
                else { throw fail("\(at): \"synonyms\" must be a non-empty array of at most \(maxPhrases) strings") }
                return list.compactMap(\.stringValue)
            }
            if item.arrayValue != nil { return Synonym(multiWay: try phrases(item)) }
            guard case .object(let fields) = item else { throw fail("\(at) must be an object or an array of strings") }
            for key in fields.keys where !["objectID", "type", "input", "synonyms"].contains(key) {
                throw fail("\(at): unknown key \"\(key)\"")
            }
            var entry: Synonym
            switch fields["type"]?.stringValue {
            case Kind.multiWay.rawValue?:
                entry = Synonym(multiWay: try phrases(fields["synonyms"]))
            case Kind.oneWay.rawValue?:
                guard let input = fields["input"]?.stringValue, !input.isEmpty else {
                    throw fail("\(at): a oneWaySynonym needs an \"input\" string")
                }
                entry = Synonym(oneWay: input, synonyms: try phrases(fields["synonyms"]))
            default:
                throw fail("\(at): \"type\" must be \"synonym\" or \"oneWaySynonym\"")
            }
            if let id = fields["objectID"] {
                guard let text = id.stringValue, !text.isEmpty, text.utf8.count <= maxObjectIDBytes else {
                    throw fail("\(at): \"objectID\" must be a string of 1 to \(maxObjectIDBytes) bytes")
                }
                entry.objectID = text
            }
            return entry
        }
        // A multi-way set of n phrases makes n × (n - 1) pairs: bounded, so a settings file
        // cannot make an index spend its memory on them.
        let pairs = entries.reduce(0) { $0 + ($1.input == nil ? $1.synonyms.count * $1.synonyms.count : $1.synonyms.count) }
        guard pairs <= maxPairs else {
            throw fail("\"synonyms\" make \(pairs) pairs of phrases; at most \(maxPairs) are allowed")
        }
        return entries
    }

    static let maxPairs = 200_000
    static let maxObjectIDBytes = 512

    /// Algolia's form of the entry, as settings files and `serve`'s settings route give it.
    public var json: JSONValue {
        var fields: [String: JSONValue] = ["type": .string(kind.rawValue), "synonyms": .array(synonyms.map { .string($0) })]
        if let input { fields["input"] = .string(input) }
        if let objectID { fields["objectID"] = .string(objectID) }
        return .object(.init(uniqueKeysWithValues: fields.sorted { $0.key < $1.key }))
    }
}
