import Foundation
import InstantSearchCore
import SearchEngine

/// Algolia's query rules routes, on the rules the backend holds in memory (they last as long as
/// the server; a rules file beside the data loads them at start):
/// `GET|PUT|DELETE /1/indexes/{index}/rules/{objectID}`, `POST /1/indexes/{index}/rules/batch`
/// (an array; `?clearExistingRules=true` as a body key too), `POST …/rules/search`,
/// `POST …/rules/clear`. Changing rules needs the admin key (see `APIKeys.authorizeWrite`).
extension SearchService {
    func rules(_ request: Request, index: SearchIndex) throws -> JSONValue {
        let s = request.pathSegments
        let name = index.name
        var set = backend.rules(of: name)
        guard s.count == 5 else { throw ServerError.notFound("no such route: \(request.method) /\(s.joined(separator: "/"))") }
        switch (request.method, s[4]) {
        case ("GET", let id):
            guard let rule = set.rules.first(where: { $0.objectID == id }) else { throw ServerError.notFound("rule \"\(id)\" does not exist") }
            return rule.json
        case ("PUT", let id):
            try keys.authorizeWrite(applicationID: request.applicationID, apiKey: request.apiKey)
            var rule = try QueryRule.parse(try RequestBody.object(request.body).addingObjectID(id), where: "rule \"\(id)\"")
            guard rule.objectID == id else { throw ServerError.badRequest("the body's objectID \"\(rule.objectID)\" is not the path's \"\(id)\"") }
            rule.objectID = id
            set.save(rule)
        case ("DELETE", let id):
            try keys.authorizeWrite(applicationID: request.applicationID, apiKey: request.apiKey)
            guard set.rules.contains(where: { $0.objectID == id }) else { throw ServerError.notFound("rule \"\(id)\" does not exist") }
            set.rules.removeAll { $0.objectID == id }
        case ("POST", "batch"):
            try keys.authorizeWrite(applicationID: request.applicationID, apiKey: request.apiKey)
            let body = try JSONParser.parse(request.body, file: "request body")
            let items = body.arrayValue ?? body["rules"]?.arrayValue
            guard let items else { throw ServerError.badRequest("expected an array of rules") }
            let parsed = try items.enumerated().map { try QueryRule.parse($1, where: "rules[\($0)]") }
            if body["clearExistingRules"] == .bool(true) { set.rules = [] }
            for rule in parsed { set.save(rule) }
        case ("POST", "clear"):
            try keys.authorizeWrite(applicationID: request.applicationID, apiKey: request.apiKey)
            set.rules = []
        case ("POST", "search"):
            return try search(set, body: request.body)
        default:
            throw ServerError.notFound("no such route: \(request.method) /\(s.joined(separator: "/"))")
        }
        backend.setRules(set, of: name)
        return ["updatedAt": .string(Self.timestamp()), "taskID": 1]
    }

    /// Rules whose objectID, description or patterns hold the query's text, a page of them.
    private func search(_ set: RuleSet, body: [UInt8]) throws -> JSONValue {
        let parameters = try RequestBody.object(body)
        let text = (parameters["query"]?.stringValue ?? "").lowercased()
        let page = max(0, Int(parameters["page"]?.numberValue ?? 0))
        let hitsPerPage = min(1000, max(1, Int(parameters["hitsPerPage"]?.numberValue ?? 20)))
        let found = set.rules.filter { rule in
            text.isEmpty || ([rule.objectID, rule.description ?? ""] + rule.conditions.compactMap(\.pattern))
                .contains { $0.lowercased().contains(text) }
        }
        let pageOf = found.dropFirst(page * hitsPerPage).prefix(hitsPerPage)
        return [
            "hits": .array(pageOf.map(\.json)), "nbHits": .number(Double(found.count)), "page": .number(Double(page)),
            "nbPages": .number(Double((found.count + hitsPerPage - 1) / hitsPerPage)),
        ]
    }

    static func timestamp() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}

extension JSONValue {
    /// The object with `objectID` set when it has none (a PUT names the rule in its path).
    fileprivate func addingObjectID(_ id: String) -> JSONValue {
        guard case .object(var fields) = self, fields["objectID"] == nil else { return self }
        fields["objectID"] = .string(id)
        return .object(fields)
    }
}
