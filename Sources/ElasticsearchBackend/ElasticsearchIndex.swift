import InstantSearchCore

/// What the backend must know about one Elasticsearch / OpenSearch index to build requests:
/// which fields the text is matched against (in ranking order), which fields facets and numeric
/// ranges read, and under which field name each facet can be aggregated (`brand.keyword`
/// when `brand` is a text field with a keyword sub-field).
public struct ElasticsearchIndex: Hashable, Sendable {
    public var name: String
    public var searchableAttributes: [String]
    public var facetAttributes: [String]
    public var disjunctiveFacets: Set<String>
    public var numericAttributes: [String]
    public var displayAttributes: [String]
    /// attribute → the field terms aggregations and term filters use.
    public var aggregatableField: [String: String]

    public init(
        name: String, searchableAttributes: [String], facetAttributes: [String] = [],
        disjunctiveFacets: Set<String>? = nil, numericAttributes: [String] = [], displayAttributes: [String]? = nil,
        aggregatableField: [String: String] = [:]
    ) {
        self.name = name
        self.searchableAttributes = searchableAttributes
        self.facetAttributes = facetAttributes
        // A refinement list in front of a search engine is usually OR within one facet.
        self.disjunctiveFacets = disjunctiveFacets ?? Set(facetAttributes)
        self.numericAttributes = numericAttributes
        self.displayAttributes =
            displayAttributes
            ?? Array((searchableAttributes.prefix(1) + facetAttributes + numericAttributes).prefix(5))
        self.aggregatableField = aggregatableField
    }

    /// The field a facet attribute is filtered and aggregated on.
    public func field(forFacet attribute: String) -> String {
        aggregatableField[attribute] ?? attribute
    }

    public var description: IndexDescription {
        IndexDescription(
            name: name, searchableAttributes: searchableAttributes, facetAttributes: facetAttributes,
            disjunctiveFacets: disjunctiveFacets, numericAttributes: numericAttributes,
            displayAttributes: displayAttributes)
    }

    /// Reads a `GET /NAME/_mapping` response. Inference, since a mapping says types and not
    /// intent: `text` fields are searchable; `keyword` and `boolean` fields are facets, and
    /// so is a short text field with a `keyword` sub-field (aggregated on the sub-field);
    /// numeric fields are ranges. Object fields are walked with dotted names.
    public static func fromMapping(_ response: JSONValue, name: String) throws -> ElasticsearchIndex {
        // The response is keyed by the concrete index name, which differs when NAME is an alias.
        guard let indices = response.objectValue, let first = indices.values.first,
            let properties = first["mappings"]?["properties"]?.objectValue
        else {
            throw SearchError.malformedResponse("the mapping of \(name) has no mappings.properties")
        }
        var index = ElasticsearchIndex(name: name, searchableAttributes: [])
        var facets: [String] = []
        func walk(_ fields: JSONValue, prefix: String) {
            guard let fields = fields.objectValue else { return }
            for (key, definition) in fields {
                let path = prefix + key
                if let nested = definition["properties"] {
                    walk(nested, prefix: path + ".")
                    continue
                }
                switch definition["type"]?.stringValue ?? "object" {
                case "text", "match_only_text", "search_as_you_type":
                    index.searchableAttributes.append(path)
                    if let subfields = definition["fields"]?.objectValue,
                        let keyword = subfields.first(where: { $0.value["type"]?.stringValue == "keyword" })?.key
                    {
                        index.aggregatableField[path] = path + "." + keyword
                        // A short text with a keyword copy is a category-like value: offer it as a facet
                        // only when its keyword copy is limited (dynamic mapping's ignore_above: 256 is not).
                        if let limit = subfields[keyword]?["ignore_above"]?.numberValue, limit <= 64 {
                            facets.append(path)
                        }
                    }
                case "keyword", "constant_keyword", "boolean":
                    // Identifiers are unique per document: counting them helps nobody.
                    if !isIdentifier(key) { facets.append(path) }
                case "long", "integer", "short", "byte", "double", "float", "half_float", "scaled_float",
                    "unsigned_long":
                    index.numericAttributes.append(path)
                default:
                    break
                }
            }
        }
        walk(.object(properties), prefix: "")
        index.facetAttributes = facets
        index.disjunctiveFacets = Set(facets)
        index.displayAttributes = Array(
            (index.searchableAttributes.prefix(1) + facets + index.numericAttributes).prefix(5))
        return index
    }

    /// `id`, `objectID`, `user_id`, `movieId`: the names identifiers go by.
    static func isIdentifier(_ key: String) -> Bool {
        key.lowercased() == "id" || key == "objectID" || key.hasSuffix("_id") || key.hasSuffix("Id") || key.hasSuffix("ID")
    }
}
