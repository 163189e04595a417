import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads a request's JSON body and Algolia's `params` strings into one flat object of parameters.
///
/// Algolia lets a client put search parameters in the body as fields (`{"query": "sony"}`) or
/// as a URL-encoded string (`{"params": "query=sony&hitsPerPage=5"}`), or both. Everything
/// malformed becomes a 400 with a message: a server must not crash on what a client sends.
enum RequestBody {
    /// The body as one JSON object; an empty body is an empty object.
    static func object(_ bytes: [UInt8]) throws -> JSONValue {
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { return [:] }
        let body: JSONValue
        do {
            body = try JSONParser.parse(bytes, file: "request body")
        } catch {
            throw ServerError.badRequest("malformed JSON: \(error)")
        }
        guard case .object = body else {
            throw ServerError.badRequest("malformed JSON: the body must be one JSON object")
        }
        return body
    }

    /// The search parameters of one request object: its `params` string decoded, then its
    /// fields on top (a field wins over the same name in `params`).
    static func parameters(of object: JSONValue) throws -> [String: JSONValue] {
        var merged: [String: JSONValue] = [:]
        if let params = object["params"] {
            guard let text = params.stringValue else { throw ServerError.badRequest("\"params\" must be a string") }
            for (key, value) in try decodeParams(text) { merged[key] = value }
        }
        for (key, value) in object.objectValue ?? [:] where key != "params" { merged[key] = value }
        return merged
    }

    /// `query=sony&facets=%5B%22brand%22%5D`: each value a string, or JSON when it looks like an
    /// array (Algolia's clients send arrays JSON-encoded inside `params`).
    static func decodeParams(_ text: String) throws -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for pair in text.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = decodeComponent(parts[0]), let value = decodeComponent(parts.count > 1 ? parts[1] : "") else {
                throw ServerError.badRequest("malformed params: bad percent-encoding in \"\(pair)\"")
            }
            result[key] = try parameterValue(value)
        }
        return result
    }

    /// Parameters given as a URL's query items (a `GET` browse), read as `params` are.
    static func parameters(ofQueryItems items: [(name: String, value: String)]) throws -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for item in items { result[item.name] = try parameterValue(item.value) }
        return result
    }

    /// A decoded value: JSON when it looks like an array, else the string.
    private static func parameterValue(_ value: String) throws -> JSONValue {
        guard value.hasPrefix("[") else { return .string(value) }
        return try object(Array("{\"v\":\(value)}".utf8))["v"] ?? .null
    }

    private static func decodeComponent(_ part: Substring) -> String? {
        PercentEncoding.decode(part.replacingEvery("+", with: " "))
    }
}
