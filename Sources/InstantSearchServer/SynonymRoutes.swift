import InstantSearchCore
import SearchEngine

/// Algolia's reads of an index's synonyms, on those its settings hold (`synonyms`):
/// `GET /1/indexes/{index}/synonyms/{objectID}` and `POST /1/indexes/{index}/synonyms/search`
/// (`query`, `type`, `page`, `hitsPerPage`). An entry the settings gave no `objectID` is named
/// by its place in them, `synonym-1`, `synonym-2`, … Writing synonyms goes through the settings.
extension SearchService {
    func synonyms(_ request: Request, index: SearchIndex) throws -> JSONValue {
        let s = request.pathSegments
        let entries = Self.namedSynonyms(of: index)
        switch (request.method, s[4]) {
        case ("POST", "search"):
            return try searchSynonyms(entries, body: request.body)
        case ("GET", let id):
            guard let entry = entries.first(where: { $0.id == id }) else { throw ServerError.notFound("Synonym set does not exist") }
            return entry.json
        default:
            throw request.noSuchRoute
        }
    }

    private struct NamedSynonym {
        var id: String
        var synonym: Synonym
        var json: JSONValue {
            guard case .object(var fields) = synonym.json else { return synonym.json }
            fields["objectID"] = .string(id)
            return .object(fields)
        }
    }

    private static func namedSynonyms(of index: SearchIndex) -> [NamedSynonym] {
        index.settings.relevance.synonyms.enumerated().map { position, synonym in
            NamedSynonym(id: synonym.objectID ?? "synonym-\(position + 1)", synonym: synonym)
        }
    }

    /// Algolia's synonym types, as its clients send them (in either case); those past the two
    /// held here find nothing.
    private static let algoliaTypes = ["synonym", "onewaysynonym", "altcorrection1", "altcorrection2", "placeholder"]

    /// Entries whose id or phrases hold the query's text, of the type asked, a page of them.
    private func searchSynonyms(_ entries: [NamedSynonym], body: [UInt8]) throws -> JSONValue {
        let parameters = try ListSearchParameters(body, what: "a synonyms search", filters: ["type"], defaultHitsPerPage: 100)
        let type = try parameters.string("type")?.lowercased()
        if let type, !Self.algoliaTypes.contains(type) {
            throw ServerError.badRequest("type: \"\(type.prefix(80))\" is not a synonym type (\(Self.algoliaTypes.joined(separator: ", ")) are)")
        }
        let text = parameters.text
        let found = entries.filter { entry in
            (type == nil || entry.synonym.kind.rawValue.lowercased() == type)
                && (text.isEmpty
                    || ([entry.id, entry.synonym.input ?? ""] + entry.synonym.synonyms).contains { $0.lowercased().contains(text) })
        }
        return ["hits": .array(parameters.page(of: found).map(\.json)), "nbHits": .number(Double(found.count))]
    }
}
