/// Why a `POST /1/events` body was refused: Algolia's status (422, 413) and its message,
/// word for word where Algolia documents one (the Insights API's `pushEvents` examples).
public struct InsightsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var status: Int
    public var message: String

    public init(status: Int = 422, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }
}

/// Algolia's rules for Insights events, as its Insights API documents and enforces them:
/// every event must be valid or the whole batch is refused.
public enum InsightsValidation {
    /// Events in one request (Algolia: "up to 1,000 events in a single request").
    public static let maxEventsPerRequest = 1000
    /// objectIDs, filters or positions in one event.
    public static let maxItemsPerEvent = 20
    public static let maxEventNameLength = 64
    public static let maxUserTokenLength = 128
    /// Request bodies must be smaller than 2 MB.
    public static let maxBodyBytes = 2_000_000
    /// How old an event's timestamp may be: "The Insights API currently accepts events up to
    /// 4 days in the past" (Algolia's Insights REST API reference, "Limitations").
    public static let maxAgeMilliseconds: Int64 = 4 * 24 * 3600 * 1000
    /// How far ahead of the server's clock a timestamp may be: a client's clock may run a
    /// little fast; an event cannot have happened later than that.
    public static let maxSkewMilliseconds: Int64 = 5 * 60 * 1000
    /// Positions are 32-bit integers in Algolia's schema.
    public static let maxPosition = Int(Int32.max)

    /// The events of a `{"events": […]}` body, each checked; `now` (ms since the epoch) bounds
    /// the timestamps. Throws the first problem, as Algolia answers it.
    public static func events(fromBody body: JSONValue, now: Int64) throws -> [InsightsEvent] {
        if body.arrayValue != nil {
            throw InsightsError("Invalid type for field : expected insights.PublicEventsBatch, got array")
        }
        guard case .object(let fields) = body else { throw InsightsError("Invalid payload") }
        guard let list = fields["events"] else { throw InsightsError("No events to process") }
        guard let items = list.arrayValue else {
            throw InsightsError("Invalid type for field events: expected array, got \(typeName(list))")
        }
        guard !items.isEmpty else { throw InsightsError("No events to process") }
        guard items.count <= maxEventsPerRequest else {
            throw InsightsError("Cannot process more than \(maxEventsPerRequest) events in a batch")
        }
        return try items.map { try event($0, now: now) }
    }

    /// One event, checked field by field in the order Algolia's messages suggest; `now` nil: of
    /// any age (a local file read back).
    public static func event(_ value: JSONValue, now: Int64?) throws -> InsightsEvent {
        guard case .object(let fields) = value else { throw InsightsError("Invalid type for field events: expected object, got \(typeName(value))") }
        func string(_ key: String) throws -> String? {
            guard let field = fields[key], field != .null else { return nil }
            guard let text = field.stringValue else { throw InsightsError("Invalid type for field \(key): expected string, got \(typeName(field))") }
            return text
        }
        func strings(_ key: String) throws -> [String]? {
            guard let field = fields[key], field != .null else { return nil }
            guard let items = field.arrayValue else { throw InsightsError("Invalid type for field \(key): expected array, got \(typeName(field))") }
            return try items.map {
                guard let text = $0.stringValue else { throw InsightsError("Invalid type for field \(key): expected string, got \(typeName($0))") }
                return text
            }
        }
        guard let name = try string("eventName") else { throw InsightsError("EventName is required") }
        guard (1...maxEventNameLength).contains(name.unicodeScalars.count), name.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
            throw InsightsError("EventName must contain only visible ASCII characters, and be between 1 and 64 characters long")
        }
        guard let typeText = try string("eventType") else { throw InsightsError("EventType is required") }
        guard let type = InsightsEvent.EventType(rawValue: typeText) else {
            throw InsightsError("EventType must be one of \"click\", \"conversion\" or \"view\"")
        }
        guard let index = try string("index"), !index.isEmpty else { throw InsightsError("The index field is required") }
        guard let userToken = try string("userToken") else { throw InsightsError("The userToken field is required") }
        try checkUserToken(userToken, field: "UserToken")
        let authenticated = try string("authenticatedUserToken")
        if let authenticated { try checkUserToken(authenticated, field: "AuthenticatedUserToken") }
        var event = InsightsEvent(eventType: type, eventName: name, index: index, userToken: userToken)
        event.authenticatedUserToken = authenticated
        event.timestamp = try timestamp(fields["timestamp"], now: now)
        event.queryID = try string("queryID")
        if let queryID = event.queryID, !isQueryID(queryID) {
            throw InsightsError("Query ID must be a search query ID (32 characters hexadecimal string)")
        }
        event.objectIDs = try strings("objectIDs")
        event.filters = try strings("filters")
        let (ids, filters) = (event.objectIDs ?? [], event.filters ?? [])
        if ids.isEmpty && filters.isEmpty { throw InsightsError("Event should specify either some ObjectIDs or some Filters") }
        if !ids.isEmpty && !filters.isEmpty { throw InsightsError("Event should specify ObjectIDs or Filters, but not both") }
        if let ids = event.objectIDs, ids.count > maxItemsPerEvent {
            throw InsightsError("Event cannot have more than \(maxItemsPerEvent) ObjectIDs")
        }
        if let filters = event.filters, filters.count > maxItemsPerEvent {
            throw InsightsError("Event cannot have more than \(maxItemsPerEvent) Filters")
        }
        try checkPositions(fields["positions"], into: &event)
        return event
    }

    /// Positions: clicks only, after a search (a queryID), strictly positive, one per objectID.
    private static func checkPositions(_ field: JSONValue?, into event: inout InsightsEvent) throws {
        if let field, field != .null {
            guard let items = field.arrayValue else { throw InsightsError("Invalid type for field positions: expected array, got \(typeName(field))") }
            let positions = try items.map { item -> Int in
                guard let n = integer(item) else {
                    throw InsightsError("Invalid type for field positions: expected integer, got \(typeName(item))")
                }
                guard n <= Double(maxPosition) else { throw InsightsError("Positions must be at most \(maxPosition)") }
                return n < 0 ? -1 : Int(n)
            }
            guard event.eventType == .click else { throw InsightsError("Only event of type click should specify the positions attribute") }
            guard event.queryID != nil else { throw InsightsError("Event of type click with positions should specify a queryID") }
            guard positions.allSatisfy({ $0 > 0 }) else { throw InsightsError("Event of type click may only have strictly positive positions") }
            event.positions = positions
        }
        // A click on records found by a search says where each was.
        if event.eventType == .click, event.queryID != nil, let ids = event.objectIDs, !ids.isEmpty,
            event.positions?.count != ids.count
        {
            throw InsightsError("Event of type click should have the same number of ObjectIDs and Positions")
        }
    }

    /// Milliseconds since the epoch, within the window when `now` is given. An integer written
    /// as `1e15` is an integer (the year 33658): it is refused for being in the future, not for
    /// its spelling; only a fraction (`1.5`) or another type is not an integer.
    private static func timestamp(_ field: JSONValue?, now: Int64?) throws -> Int64? {
        guard let field, field != .null else { return nil }
        guard let n = integer(field) else {
            throw InsightsError("Invalid type for field timestamp: expected integer, got \(typeName(field))")
        }
        let milliseconds = Int64(exactly: n) ?? (n < 0 ? Int64.min : Int64.max)
        if let now {
            if milliseconds < now - maxAgeMilliseconds { throw InsightsError("The timestamp must be at most 4 days in the past") }
            if milliseconds > now + maxSkewMilliseconds {
                throw InsightsError("The timestamp must not be in the future (at most 5 minutes ahead of the server's clock)")
            }
        }
        return milliseconds
    }

    /// A JSON number without a fraction, however it is written (`3`, `3.0`, `1e15`); nil for
    /// another type or a fraction.
    private static func integer(_ value: JSONValue) -> Double? {
        guard let n = value.numberValue, n.isFinite, n == n.rounded(.towardZero) else { return nil }
        return n
    }

    private static func checkUserToken(_ token: String, field: String) throws {
        let allowed = token.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "=", "/", "+", "-": return true
            default: return false
            }
        }
        guard allowed, (1...maxUserTokenLength).contains(token.unicodeScalars.count) else {
            throw InsightsError(
                "\(field) must contain only alphanumeric, equal, plus, slash, hyphen, or underscore characters, and be between 1 and 128 characters long")
        }
    }

    /// 32 lowercase hexadecimal digits.
    public static func isQueryID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
