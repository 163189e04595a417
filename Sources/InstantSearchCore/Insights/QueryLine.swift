import OrderedCollections

/// One line of the local `queries.ndjson`: a query the user settled on (the one the hits were
/// shown for when they picked, opened a preview, refined, or paused), under the `queryID`
/// its events carry, and what the list searched was (`list`, see `InsightsList`).
public struct QueryLine: Hashable, Sendable {
    public var queryID: String
    public var index: String
    public var query: String
    public var nbHits: Int
    /// Milliseconds since the Unix epoch.
    public var timestamp: Int64
    /// What the index was made from (`InsightsList`); nil for a list nothing identifies (a
    /// pipe), whose picks re-rank nothing.
    public var list: String?

    public init(queryID: String, index: String, query: String, nbHits: Int, timestamp: Int64, list: String? = nil) {
        self.queryID = queryID
        self.index = index
        self.query = query
        self.nbHits = nbHits
        self.timestamp = timestamp
        self.list = list
    }

    public var json: JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = [:]
        fields["queryID"] = .string(queryID)
        fields["index"] = .string(index)
        fields["query"] = .string(query)
        fields["nbHits"] = .number(Double(nbHits))
        fields["timestamp"] = .number(Double(timestamp))
        if let list { fields["list"] = .string(list) }
        return .object(fields)
    }

    /// nil when a field is missing or of the wrong type.
    public init?(json: JSONValue) {
        guard let queryID = json["queryID"]?.stringValue, InsightsValidation.isQueryID(queryID),
            let index = json["index"]?.stringValue, let query = json["query"]?.stringValue,
            let nbHits = json["nbHits"]?.numberValue, let timestamp = json["timestamp"]?.numberValue
        else { return nil }
        self.init(
            queryID: queryID, index: index, query: query, nbHits: Int(nbHits), timestamp: Int64(timestamp), list: json["list"]?.stringValue)
    }
}
