/// Who may ask what: Algolia's model, reduced to what a search server needs.
///
/// The admin key opens every index; a search key opens every index or only those listed
/// (`--search-key KEY:products,categories`). With no key configured at all the server is open,
/// which `instantsearch serve` says loudly at start.
public struct APIKeys: Sendable, Equatable {
    public var adminKey: String?
    /// key → the indices it opens; nil opens all of them.
    public var searchKeys: [String: Set<String>?]
    /// When set, requests must name this application (X-Algolia-Application-Id).
    public var applicationID: String?

    public init(adminKey: String? = nil, searchKeys: [String: Set<String>?] = [:], applicationID: String? = nil) {
        self.adminKey = adminKey
        self.searchKeys = searchKeys
        self.applicationID = applicationID
    }

    public var isOpen: Bool { adminKey == nil && searchKeys.isEmpty }

    /// Parses `KEY` or `KEY:index,index` as given on the command line.
    public static func parseSearchKey(_ text: String) throws -> (key: String, indices: Set<String>?) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let key = String(parts[0])
        guard !key.isEmpty else { throw ServerError.badRequest("a search key cannot be empty") }
        guard parts.count == 2 else { return (key, nil) }
        let indices = parts[1].split(separator: ",").map { $0.trimmingBlanks() }
        guard !indices.isEmpty, !indices.contains(where: \.isEmpty) else {
            throw ServerError.badRequest("search key \"\(key)\": give indices as KEY:index,index")
        }
        return (key, Set(indices))
    }

    /// Checks a request's credentials for the indices it touches (empty: a request about the
    /// server itself, such as the list of indices). Throws a 403 naming what is wrong.
    public func authorize(applicationID requestApp: String?, apiKey: String?, indices: [String]) throws {
        if isOpen { return }
        if let applicationID, requestApp != applicationID {
            throw ServerError.forbidden(
                requestApp == nil
                    ? "missing X-Algolia-Application-Id header" : "invalid application ID")
        }
        guard let apiKey, !apiKey.isEmpty else { throw ServerError.forbidden("missing X-Algolia-API-Key header") }
        if isAdmin(apiKey) { return }
        guard let allowed = ConstantTime.lookup(apiKey, in: searchKeys) else { throw ServerError.forbidden("invalid API key") }
        guard let allowed else { return }
        for index in indices where index != "*" && !allowed.contains(index) {
            throw ServerError.forbidden("this API key is not allowed to search index \"\(index)\"")
        }
    }

    /// Checks that a request may change what the server holds (query rules): the admin key, or
    /// any request on a server without keys (it answers loopback only unless told otherwise).
    public func authorizeWrite(applicationID requestApp: String?, apiKey: String?) throws {
        if isOpen { return }
        try authorize(applicationID: requestApp, apiKey: apiKey, indices: [])
        guard let apiKey, isAdmin(apiKey) else { throw ServerError.forbidden("changing rules or settings needs the admin API key") }
    }

    private func isAdmin(_ key: String) -> Bool {
        guard let adminKey else { return false }
        return ConstantTime.equals(key, adminKey)
    }

    /// The indices a key may see, for the list of indices.
    public func visibleIndices(apiKey: String?, among names: [String]) -> [String] {
        guard !isOpen, let apiKey, !isAdmin(apiKey), let allowed = ConstantTime.lookup(apiKey, in: searchKeys) ?? nil else {
            return names
        }
        return names.filter(allowed.contains)
    }
}

/// An answer other than 200, with Algolia's error body: `{"message": "...", "status": N}`.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    case badRequest(String)
    case forbidden(String)
    case notFound(String)
    /// Another status Algolia answers with (the Insights API's 413 and 422).
    case refused(status: Int, String)

    public var status: Int {
        switch self {
        case .badRequest: return 400
        case .forbidden: return 403
        case .notFound: return 404
        case .refused(let status, _): return status
        }
    }

    public var message: String {
        switch self {
        case .badRequest(let m), .forbidden(let m), .notFound(let m), .refused(_, let m): return m
        }
    }

    public var description: String { "HTTP \(status): \(message)" }
}
