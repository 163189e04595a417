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
            throw ServerError.notFound("no such route: \(request.method) /\(s.joined(separator: "/"))")
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

    /// Entries whose id or phrases hold the query's text, of the type asked, a page of them.
    private func searchSynonyms(_ entries: [NamedSynonym], body: [UInt8]) throws -> JSONValue {
        let parameters = try RequestBody.object(body)
        for name in (parameters.objectValue ?? [:]).keys where !["query", "type", "page", "hitsPerPage"].contains(name) {
            throw ServerError.badRequest("\(name): not a parameter of a synonyms search (query, type, page, hitsPerPage are)")
        }
        let text = (parameters["query"]?.stringValue ?? "").lowercased()
        let type = parameters["type"]?.stringValue
        if let type, Synonym.Kind(rawValue: type) == nil {
            throw ServerError.badRequest("type: \"\(type.prefix(80))\" is not a synonym type held here (synonym, oneWaySynonym)")
        }
        let page = max(0, Int(parameters["page"]?.numberValue ?? 0))
        let hitsPerPage = min(1000, max(1, Int(parameters["hitsPerPage"]?.numberValue ?? 100)))
        let found = entries.filter { entry in
            (type == nil || entry.synonym.kind.rawValue == type)
                && (text.isEmpty
                    || ([entry.id, entry.synonym.input ?? ""] + entry.synonym.synonyms).contains { $0.lowercased().contains(text) })
        }
        let pageOf = found.dropFirst(page * hitsPerPage).prefix(hitsPerPage)
        return ["hits": .array(pageOf.map(\.json)), "nbHits": .number(Double(found.count))]
    }
}
