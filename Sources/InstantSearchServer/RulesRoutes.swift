import InstantSearchCore
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Algolia's query rules routes, on the rules the backend holds in memory (they last as long as
/// the server; a rules file beside the data loads them at start):
/// `GET|PUT|DELETE /1/indexes/{index}/rules/{objectID}`, `POST /1/indexes/{index}/rules/batch`
/// (an array; `?clearExistingRules=true`, or that key in an object body), `POST …/rules/search`,
/// `POST …/rules/clear`. Changing rules needs the admin key (see `APIKeys.authorizeWrite`);
/// each change is a task (`WriteTasks`).
extension SearchService {
    func rules(_ request: Request, index: SearchIndex) throws -> JSONValue {
        let s = request.pathSegments
        let name = index.name
        guard s.count == 5 else { throw request.noSuchRoute }
        switch (request.method, s[4]) {
        case ("GET", let id):
            guard let rule = backend.rules(of: name).rules.first(where: { $0.objectID == id }) else {
                throw ServerError.notFound("rule \"\(id)\" does not exist")
            }
            return rule.json
        case ("POST", "search"):
            return try search(backend.rules(of: name), body: request.body)
        case ("PUT", _), ("DELETE", _), ("POST", "batch"), ("POST", "clear"):
            try keys.authorizeWrite(applicationID: request.applicationID, apiKey: request.apiKey)
            // Read, changed and put back as one task, so two writes at once both count.
            var answer = try tasks.perform(on: name) {
                var set = backend.rules(of: name)
                try change(&set, request)
                backend.setRules(set, of: name)
            }
            if request.method == "PUT", case .object(var fields) = answer {
                fields["objectID"] = .string(s[4])
                answer = .object(fields)
            }
            return answer
        default:
            throw request.noSuchRoute
        }
    }

    /// One write to an index's rules, as its route says.
    private func change(_ set: inout RuleSet, _ request: Request) throws {
        let s = request.pathSegments
        switch (request.method, s[4]) {
        case ("PUT", let id):
            var rule = try QueryRule.parse(try RequestBody.object(request.body).addingObjectID(id), where: "rule \"\(id)\"")
            try Self.checkFilters(of: rule, where: "rule \"\(id)\"")
            guard rule.objectID == id else { throw ServerError.badRequest("the body's objectID \"\(rule.objectID)\" is not the path's \"\(id)\"") }
            rule.objectID = id
            set.save(rule)
        case ("DELETE", let id):
            guard set.rules.contains(where: { $0.objectID == id }) else { throw ServerError.notFound("rule \"\(id)\" does not exist") }
            set.rules.removeAll { $0.objectID == id }
        case ("POST", "batch"):
            let body = try JSONParser.parse(request.body, file: "request body")
            let items = body.arrayValue ?? body["rules"]?.arrayValue
            guard let items else { throw ServerError.badRequest("expected an array of rules") }
            let parsed = try items.enumerated().map { position, item in
                let rule = try QueryRule.parse(item, where: "rules[\(position)]")
                try Self.checkFilters(of: rule, where: "rules[\(position)]")
                return rule
            }
            // Algolia's clients send it in the URL; an object body may carry it too.
            if body["clearExistingRules"] == .bool(true) || request.query("clearExistingRules") == "true" { set.rules = [] }
            for rule in parsed { set.save(rule) }
        default:  // POST clear
            set.rules = []
        }
    }

    /// A rule whose filters no search could read is refused as it is written (400).
    private static func checkFilters(of rule: QueryRule, where place: String) throws {
        do {
            try rule.checkFilters()
        } catch {
            throw ServerError.badRequest("\(place): consequence.params.\(error)")
        }
    }

    /// Rules whose objectID, description or patterns hold the query's text, with a condition
    /// of the `anchoring` and `context` asked and as `enabled` asks, a page of them.
    private func search(_ set: RuleSet, body: [UInt8]) throws -> JSONValue {
        let parameters = try ListSearchParameters(
            body, what: "a rules search", filters: ["anchoring", "context", "enabled"], defaultHitsPerPage: 20)
        let anchoring = try parameters.string("anchoring").map { name in
            guard let anchoring = QueryRule.Anchoring(rawValue: name) else {
                let names = QueryRule.Anchoring.allCases.map(\.rawValue).joined(separator: ", ")
                throw ServerError.badRequest("anchoring: \"\(name.prefix(80))\" is not an anchoring (\(names) are)")
            }
            return anchoring
        }
        let context = try parameters.string("context")
        var enabled: Bool?
        if let value = parameters.fields["enabled"] {
            guard case .bool(let wanted) = value else { throw ServerError.badRequest("enabled: expected true, false or null") }
            enabled = wanted
        }
        let text = parameters.text
        let found = set.rules.filter { rule in
            (text.isEmpty
                || ([rule.objectID, rule.description ?? ""] + rule.conditions.compactMap(\.pattern))
                    .contains { $0.lowercased().contains(text) })
                && (anchoring == nil || rule.conditions.contains { $0.pattern != nil && $0.anchoring == anchoring })
                && (context == nil || rule.conditions.contains { $0.context == context })
                && (enabled == nil || rule.enabled == enabled)
        }
        return [
            "hits": .array(parameters.page(of: found).map(\.json)), "nbHits": .number(Double(found.count)),
            "page": .number(Double(parameters.page)), "nbPages": .number(Double(parameters.nbPages(of: found.count))),
        ]
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
