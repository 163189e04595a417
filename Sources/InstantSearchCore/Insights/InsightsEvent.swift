import OrderedCollections

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Algolia Insights event (`POST /1/events` takes a list of them): a user did something
/// (`eventType`, named by `eventName`) on records (`objectIDs`, with `positions` and the
/// `queryID` of the search that showed them) or on facet filters (`filters`), in an index.
///
/// The same value is what the terminal records locally (one line of `events.ndjson`), what
/// `serve` accepts, and what re-ranking reads (`ReRankingTable`).
public struct InsightsEvent: Hashable, Sendable {
    public enum EventType: String, Hashable, Sendable, CaseIterable {
        case click, conversion, view
    }

    public var eventType: EventType
    public var eventName: String
    public var index: String
    public var userToken: String
    public var authenticatedUserToken: String?
    /// Milliseconds since the Unix epoch; nil: when it was received.
    public var timestamp: Int64?
    /// The search the records were found by (`clickAnalytics`' `queryID`).
    public var queryID: String?
    public var objectIDs: [String]?
    /// 1-based, one per objectID (a click after a search).
    public var positions: [Int]?
    /// `attribute:value` facet filters (URL-encoded values, as Algolia asks).
    public var filters: [String]?

    public init(
        eventType: EventType, eventName: String, index: String, userToken: String, timestamp: Int64? = nil,
        queryID: String? = nil, objectIDs: [String]? = nil, positions: [Int]? = nil, filters: [String]? = nil
    ) {
        self.eventType = eventType
        self.eventName = eventName
        self.index = index
        self.userToken = userToken
        self.timestamp = timestamp
        self.queryID = queryID
        self.objectIDs = objectIDs
        self.positions = positions
        self.filters = filters
    }

    /// The event as Algolia's wire format writes it, fields in the documented order; absent
    /// optional fields are left out.
    public var json: JSONValue {
        var fields: OrderedDictionary<String, JSONValue> = [:]
        fields["eventType"] = .string(eventType.rawValue)
        fields["eventName"] = .string(eventName)
        fields["index"] = .string(index)
        fields["userToken"] = .string(userToken)
        if let authenticatedUserToken { fields["authenticatedUserToken"] = .string(authenticatedUserToken) }
        if let timestamp { fields["timestamp"] = .number(Double(timestamp)) }
        if let queryID { fields["queryID"] = .string(queryID) }
        if let objectIDs { fields["objectIDs"] = .array(objectIDs.map { .string($0) }) }
        if let positions { fields["positions"] = .array(positions.map { .number(Double($0)) }) }
        if let filters { fields["filters"] = .array(filters.map { .string($0) }) }
        return .object(fields)
    }

    /// A facet filter as an event carries it: `attribute:value`, the value URL-encoded
    /// (Algolia's `discount:10%25`).
    public static func filter(attribute: String, value: String) -> String {
        attribute + ":" + PercentEncoding.encode(value) { PercentEncoding.isUnreserved($0) || $0 == " " }
    }
}
