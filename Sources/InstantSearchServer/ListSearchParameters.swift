import InstantSearchCore

/// The body of Algolia's searches of the lists an index holds beside its records (its rules,
/// its synonyms): the `query` text, the page asked and the route's own filters. Every name is
/// checked and every number bounded, so no body a client sends can make the server fail.
struct ListSearchParameters {
    /// Lowercased; empty finds every entry.
    var text: String
    var page: Int
    var hitsPerPage: Int
    /// The route's own fields (`type`, `anchoring`, …), as sent.
    var fields: [String: JSONValue]

    /// `what` names the search in messages ("a rules search"); `filters` are the route's own
    /// field names beside `query`, `page` and `hitsPerPage`.
    init(_ body: [UInt8], what: String, filters: [String], defaultHitsPerPage: Int) throws {
        let object = try RequestBody.object(body).objectValue ?? [:]
        let names = ["query", "page", "hitsPerPage"] + filters
        for name in object.keys where !names.contains(name) {
            throw ServerError.badRequest("\(name.prefix(80)): not a parameter of \(what) (\(names.joined(separator: ", ")) are)")
        }
        let values = Dictionary(uniqueKeysWithValues: object.map { ($0.key, $0.value) })
        let reader = AlgoliaParameters(values: values)
        do {
            let query = try reader.string("query") ?? ""
            try AlgoliaLimits.checkQuery(query, parameter: "query")
            text = query.lowercased()
            page = try reader.integer("page", at: QueryLimits.page) ?? 0
            hitsPerPage = try reader.integer("hitsPerPage", at: 1...QueryLimits.hitsPerPage.upperBound) ?? defaultHitsPerPage
        } catch let error as AlgoliaParameterError {
            throw ServerError.badRequest(error.message)
        }
        fields = values.filter { filters.contains($0.key) && $0.value != .null }
    }

    /// The entries of the page asked.
    func page<Entry>(of found: [Entry]) -> ArraySlice<Entry> {
        found.dropFirst(page * hitsPerPage).prefix(hitsPerPage)
    }

    func nbPages(of found: Int) -> Int { (found + hitsPerPage - 1) / hitsPerPage }

    /// A filter given as a string, or nil when not given.
    func string(_ name: String) throws -> String? {
        guard let value = fields[name] else { return nil }
        guard let text = value.stringValue else { throw ServerError.badRequest("\(name): expected a string") }
        return text
    }
}
