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

/// Algolia's browse (`POST /1/indexes/{index}/browse`, or `GET` with the parameters in the
/// URL): every record a query and its filters match, a page at a time (1000 hits unless
/// `hitsPerPage` says), answered as a search is. Each answer but the last carries a `cursor`;
/// sent back alone, it asks for the next page of the same browse (it holds the parameters and
/// the page, so the server keeps nothing between requests).
extension SearchService {
    func browse(_ request: Request, index: SearchIndex) async throws -> JSONValue {
        var parameters =
            request.method == "GET"
            // Credentials may ride in the URL too (`x-algolia-api-key`); they are no parameters.
            ? try RequestBody.parameters(ofQueryItems: request.queryItems.filter { !$0.name.lowercased().hasPrefix("x-algolia-") })
            : try RequestBody.parameters(of: RequestBody.object(request.body))
        var page = 0
        if let cursor = parameters["cursor"] {
            guard let text = cursor.stringValue, let read = BrowseCursor(text) else {
                throw ServerError.badRequest("cursor: not a cursor this server gave (send back the last answer's cursor as it came)")
            }
            (parameters, page) = (read.parameters, read.page)
        }
        guard parameters["page"] == nil, parameters["offset"] == nil, parameters["length"] == nil else {
            throw ServerError.badRequest("browse pages with its cursor: page, offset and length are not browse parameters")
        }
        if parameters["hitsPerPage"] == nil { parameters["hitsPerPage"] = 1000 }
        var asked = parameters
        asked["page"] = .number(Double(page))
        let search = try SearchRequest(asked, index: index)
        let results = try await backend.search([search.indexed])[0]
        let first = search.answer(results, queryIDs: queryIDs)
        guard case .object(var answer) = first else { return first }
        if page + 1 < results.nbPages, page + 1 <= QueryLimits.page.upperBound {
            answer["cursor"] = .string(BrowseCursor(parameters: parameters, page: page + 1).text)
        }
        return .object(answer)
    }
}

/// A browse's next page: its parameters and page number, as base64 of a JSON object.
struct BrowseCursor {
    var parameters: [String: JSONValue]
    var page: Int

    init(parameters: [String: JSONValue], page: Int) {
        self.parameters = parameters
        self.page = page
    }

    init?(_ text: String) {
        guard let data = Data(base64Encoded: text),
            let object = try? JSONParser.parse(Array(data), file: "cursor"),
            let page = object["page"]?.numberValue, let fields = object["parameters"]?.objectValue,
            let whole = Int(exactly: page), QueryLimits.page.contains(whole)
        else { return nil }
        self.page = whole
        parameters = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) })
    }

    var text: String {
        let sorted = parameters.sorted { $0.key < $1.key }
        let fields = JSONValue.object(.init(uniqueKeysWithValues: sorted))
        let object: JSONValue = ["page": .number(Double(page)), "parameters": fields]
        return Data(object.serialized().utf8).base64EncodedString()
    }
}
