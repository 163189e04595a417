import OrderedCollections

/// Reads a rule in Algolia's JSON form; every wrong shape is an error naming the rule, the key
/// and what is expected. Keys Algolia has but this engine does not apply (`validity`,
/// `consequence.params` other than `query` and `filters`, `{facet:…}` patterns) are refused by
/// name rather than ignored, so a rule never silently does less than it says.
struct RuleReader {
    let place: String

    func fail(_ message: String) -> DataError { DataError(file: place, message: message) }

    func rule(_ json: JSONValue) throws -> QueryRule {
        guard case .object(let fields) = json else { throw fail("a rule must be a JSON object") }
        guard let objectID = fields["objectID"]?.stringValue, !objectID.isEmpty else {
            throw fail("a rule needs an \"objectID\" string")
        }
        var rule = QueryRule(objectID: objectID)
        for (key, value) in fields {
            switch key {
            case "objectID": break
            case "conditions": rule.conditions = try array(value, key).map(condition)
            case "condition": rule.conditions = [try condition(value)]
            case "consequence": try consequence(value, into: &rule)
            case "enabled":
                guard case .bool(let on) = value else { throw fail("rule \"\(objectID)\": \"enabled\" must be true or false") }
                rule.enabled = on
            case "description": rule.description = value.stringValue
            default: throw fail("rule \"\(objectID)\": unsupported key \"\(key)\"; known: objectID, conditions, consequence, enabled, description")
            }
        }
        return rule
    }

    private func array(_ value: JSONValue, _ key: String) throws -> [JSONValue] {
        guard case .array(let items) = value else { throw fail("\"\(key)\" must be an array") }
        return items
    }

    private func strings(_ value: JSONValue, _ key: String) throws -> [String] {
        let items = try array(value, key)
        guard items.allSatisfy({ $0.stringValue != nil }) else { throw fail("\"\(key)\" must be an array of strings") }
        return items.compactMap(\.stringValue)
    }

    private func condition(_ json: JSONValue) throws -> QueryRule.Condition {
        guard case .object(let fields) = json else { throw fail("a condition must be an object") }
        var condition = QueryRule.Condition()
        for (key, value) in fields {
            switch key {
            case "pattern":
                guard let pattern = value.stringValue else { throw fail("\"pattern\" must be a string") }
                if pattern.contains("{facet:") { throw fail("\"pattern\": {facet:…} patterns are not supported") }
                condition.pattern = pattern
            case "anchoring":
                guard let text = value.stringValue, let anchoring = QueryRule.Anchoring(rawValue: text) else {
                    throw fail("\"anchoring\" must be one of: is, startsWith, endsWith, contains")
                }
                condition.anchoring = anchoring
            case "context": condition.context = value.stringValue
            case "alternatives": break  // Matching already folds plurals and typos the index's way.
            default: throw fail("unsupported condition key \"\(key)\"; known: pattern, anchoring, context")
            }
        }
        return condition
    }

    private func consequence(_ json: JSONValue, into rule: inout QueryRule) throws {
        guard case .object(let fields) = json else { throw fail("\"consequence\" must be an object") }
        for (key, value) in fields {
            switch key {
            case "params": try params(value, into: &rule)
            case "promote": rule.promote = try array(value, "promote").map(promotion)
            case "filterPromotes":
                guard case .bool(let on) = value else { throw fail("\"filterPromotes\" must be true or false") }
                rule.filterPromotes = on
            case "hide":
                rule.hide = try array(value, "hide").map { item in
                    guard let id = item["objectID"]?.stringValue else { throw fail("\"hide\" entries must be {\"objectID\": \"…\"}") }
                    return id
                }
            case "userData": rule.userData = value
            default: throw fail("unsupported consequence key \"\(key)\"; known: params, promote, filterPromotes, hide, userData")
            }
        }
    }

    private func params(_ json: JSONValue, into rule: inout QueryRule) throws {
        guard case .object(let fields) = json else { throw fail("\"params\" must be an object") }
        for (key, value) in fields {
            switch key {
            case "filters":
                guard let filters = value.stringValue else { throw fail("\"params.filters\" must be a string") }
                rule.filters = filters
            case "query":
                if let replacement = value.stringValue {
                    rule.replacementQuery = replacement
                    continue
                }
                guard case .object(let queryFields) = value else { throw fail("\"params.query\" must be a string or an object") }
                for (queryKey, item) in queryFields {
                    switch queryKey {
                    case "remove": rule.edits += try strings(item, "params.query.remove").map { QueryRule.Edit(delete: $0) }
                    case "edits": rule.edits += try array(item, "params.query.edits").map(edit)
                    default: throw fail("unsupported \"params.query\" key \"\(queryKey)\"; known: remove, edits")
                    }
                }
            default: throw fail("unsupported consequence param \"\(key)\"; supported: query, filters")
            }
        }
    }

    private func edit(_ json: JSONValue) throws -> QueryRule.Edit {
        guard let type = json["type"]?.stringValue, let delete = json["delete"]?.stringValue else {
            throw fail("an edit needs \"type\" and \"delete\"")
        }
        switch type {
        case "remove": return QueryRule.Edit(delete: delete)
        case "replace":
            guard let insert = json["insert"]?.stringValue else { throw fail("a \"replace\" edit needs \"insert\"") }
            return QueryRule.Edit(delete: delete, insert: insert)
        default: throw fail("an edit's \"type\" must be \"remove\" or \"replace\"")
        }
    }

    private func promotion(_ json: JSONValue) throws -> QueryRule.Promotion {
        guard let position = json["position"]?.numberValue, position >= 0, position == position.rounded(), position < 1000 else {
            throw fail("a promotion needs a whole \"position\" from 0 to 999")
        }
        if let id = json["objectID"]?.stringValue { return QueryRule.Promotion(objectIDs: [id], position: Int(position)) }
        if let ids = json["objectIDs"] { return QueryRule.Promotion(objectIDs: try strings(ids, "objectIDs"), position: Int(position)) }
        throw fail("a promotion needs \"objectID\" or \"objectIDs\"")
    }
}

/// A rule written back in Algolia's form (what `serve` answers and an export holds).
enum RuleWriter {
    static func json(_ rule: QueryRule) -> JSONValue {
        var object: OrderedDictionary<String, JSONValue> = ["objectID": .string(rule.objectID)]
        object["conditions"] = .array(
            rule.conditions.map { condition in
                var fields: OrderedDictionary<String, JSONValue> = [:]
                if let pattern = condition.pattern { fields["pattern"] = .string(pattern) }
                fields["anchoring"] = .string(condition.anchoring.rawValue)
                if let context = condition.context { fields["context"] = .string(context) }
                return .object(fields)
            })
        var consequence: OrderedDictionary<String, JSONValue> = [:]
        var params: OrderedDictionary<String, JSONValue> = [:]
        if let filters = rule.filters { params["filters"] = .string(filters) }
        if let replacement = rule.replacementQuery {
            params["query"] = .string(replacement)
        } else if !rule.edits.isEmpty {
            params["query"] = [
                "edits": .array(
                    rule.edits.map { edit in
                        var fields: OrderedDictionary<String, JSONValue> = [
                            "type": .string(edit.insert == nil ? "remove" : "replace"), "delete": .string(edit.delete),
                        ]
                        if let insert = edit.insert { fields["insert"] = .string(insert) }
                        return .object(fields)
                    })
            ]
        }
        if !params.isEmpty { consequence["params"] = .object(params) }
        if !rule.promote.isEmpty {
            consequence["promote"] = .array(
                rule.promote.map {
                    ["objectIDs": .array($0.objectIDs.map { .string($0) }), "position": .number(Double($0.position))]
                })
            consequence["filterPromotes"] = .bool(rule.filterPromotes)
        }
        if !rule.hide.isEmpty { consequence["hide"] = .array(rule.hide.map { ["objectID": .string($0)] }) }
        if let userData = rule.userData { consequence["userData"] = userData }
        object["consequence"] = .object(consequence)
        object["enabled"] = .bool(rule.enabled)
        if let description = rule.description { object["description"] = .string(description) }
        return .object(object)
    }
}
