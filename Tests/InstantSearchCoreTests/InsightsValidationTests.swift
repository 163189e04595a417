import InstantSearchCore
import Testing

/// Algolia's Insights rules, one test each, with Algolia's own messages (the Insights API's
/// documented 422 answers).
@Suite struct InsightsValidationTests {
    static let now: Int64 = 1_800_000_000_000
    static let queryID = "43b15df305339e827f0ac0bdc5ebcaa7"

    /// A valid click after a search; each test breaks one thing.
    static let click: JSONValue = [
        "eventType": "click", "eventName": "Hit Picked", "index": "products", "userToken": "user-1",
        "timestamp": .number(Double(now)), "queryID": .string(queryID), "objectIDs": ["a", "b"], "positions": [1, 2],
    ]

    static let order = ["eventType", "eventName", "index", "userToken", "timestamp", "queryID", "objectIDs", "positions", "filters"]

    /// The click with some fields changed (nil: removed), its fields kept in their order.
    func with(_ changes: (inout [String: JSONValue]) -> Void) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        for key in Self.order { fields[key] = Self.click[key] }
        changes(&fields)
        let text = Self.order.compactMap { key in fields[key].map { "\"\(key)\":" + $0.serialized() } }.joined(separator: ",")
        return try! JSONParser.parse("{" + text + "}", file: "test")
    }

    func message(_ event: JSONValue) -> String? {
        do {
            _ = try InsightsValidation.events(fromBody: ["events": [event]], now: Self.now)
            return nil
        } catch let error as InsightsError {
            #expect(error.status == 422)
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func aValidClickIsReadWholeAndWrittenBackInTheSameOrder() throws {
        let events = try InsightsValidation.events(fromBody: ["events": [Self.click]], now: Self.now)
        #expect(
            events == [
                InsightsEvent(
                    eventType: .click, eventName: "Hit Picked", index: "products", userToken: "user-1", timestamp: Self.now,
                    queryID: Self.queryID, objectIDs: ["a", "b"], positions: [1, 2])
            ])
        #expect(events[0].json.serialized() == Self.click.serialized())
    }

    @Test func theBodyMustHoldAnEventsArrayOfOneToAThousand() {
        func refusal(_ body: JSONValue) -> String? {
            do { _ = try InsightsValidation.events(fromBody: body, now: Self.now); return nil } catch { return "\(error)" }
        }
        #expect(refusal([Self.click]) == "Invalid type for field : expected insights.PublicEventsBatch, got array")
        #expect(refusal(["events": []]) == "No events to process")
        #expect(refusal(Self.click) == "No events to process")
        #expect(refusal(["events": .array(Array(repeating: Self.click, count: 1001))]) == "Cannot process more than 1000 events in a batch")
        #expect(refusal(["events": .array(Array(repeating: Self.click, count: 1000))]) == nil)
    }

    @Test func eventNameIsRequiredVisibleASCIIAndAtMost64Characters() {
        let rule = "EventName must contain only visible ASCII characters, and be between 1 and 64 characters long"
        #expect(message(with { $0["eventName"] = nil }) == "EventName is required")
        #expect(message(with { $0["eventName"] = "" }) == rule)
        #expect(message(with { $0["eventName"] = .string(String(repeating: "x", count: 65)) }) == rule)
        #expect(message(with { $0["eventName"] = .string(String(repeating: "x", count: 64)) }) == nil)
        #expect(message(with { $0["eventName"] = "Picked\u{7}" }) == rule)
        #expect(message(with { $0["eventName"] = "Café" }) == rule)
    }

    @Test func eventTypeIsOneOfThree() {
        #expect(message(with { $0["eventType"] = nil }) == "EventType is required")
        #expect(message(with { $0["eventType"] = "purchase" }) == "EventType must be one of \"click\", \"conversion\" or \"view\"")
    }

    @Test func indexAndUserTokenAreRequired() {
        #expect(message(with { $0["index"] = nil }) == "The index field is required")
        #expect(message(with { $0["userToken"] = nil }) == "The userToken field is required")
    }

    @Test func userTokenTakesItsCharactersAndAtMost128() {
        let rule = "UserToken must contain only alphanumeric, equal, plus, slash, hyphen, or underscore characters, and be between 1 and 128 characters long"
        #expect(message(with { $0["userToken"] = "user 1" }) == rule)
        #expect(message(with { $0["userToken"] = "user@example" }) == rule)
        #expect(message(with { $0["userToken"] = "" }) == rule)
        #expect(message(with { $0["userToken"] = .string(String(repeating: "u", count: 129)) }) == rule)
        #expect(message(with { $0["userToken"] = .string("aZ09_=/+-" + String(repeating: "u", count: 119)) }) == nil)
    }

    @Test func objectIDsOrFiltersButNotBothAndAtMost20() {
        #expect(message(with { ($0["objectIDs"], $0["positions"]) = (nil, nil) }) == "Event should specify either some ObjectIDs or some Filters")
        #expect(message(with { $0["filters"] = ["brand:Apple"] }) == "Event should specify ObjectIDs or Filters, but not both")
        let many = JSONValue.array((1...21).map { .string("r\($0)") })
        #expect(
            message(with { ($0["objectIDs"], $0["positions"]) = (many, .array((1...21).map { .number(Double($0)) })) })
                == "Event cannot have more than 20 ObjectIDs")
        #expect(
            message(with { ($0["objectIDs"], $0["positions"], $0["queryID"], $0["filters"]) = (nil, nil, nil, many) })
                == "Event cannot have more than 20 Filters")
        #expect(message(with { ($0["objectIDs"], $0["positions"], $0["queryID"], $0["filters"]) = (nil, nil, nil, ["brand:Apple"]) }) == nil)
    }

    @Test func positionsBelongToClicksAfterASearchOnePerObjectIDStrictlyPositive() {
        #expect(message(with { $0["eventType"] = "conversion" }) == "Only event of type click should specify the positions attribute")
        #expect(message(with { $0["queryID"] = nil }) == "Event of type click with positions should specify a queryID")
        #expect(message(with { $0["positions"] = [0, 1] }) == "Event of type click may only have strictly positive positions")
        #expect(message(with { $0["positions"] = [1] }) == "Event of type click should have the same number of ObjectIDs and Positions")
        #expect(message(with { $0["positions"] = nil }) == "Event of type click should have the same number of ObjectIDs and Positions")
        // A click outside a search needs none; a conversion after one needs none.
        #expect(message(with { ($0["queryID"], $0["positions"]) = (nil, nil) }) == nil)
        #expect(message(with { ($0["eventType"], $0["positions"]) = ("conversion", nil) }) == nil)
    }

    @Test func queryIDIs32LowercaseHexDigits() {
        let rule = "Query ID must be a search query ID (32 characters hexadecimal string)"
        #expect(message(with { $0["queryID"] = "43B15DF305339E827F0AC0BDC5EBCAA7" }) == rule)
        #expect(message(with { $0["queryID"] = "43b15df305339e827f0ac0bdc5ebcaa" }) == rule)
        #expect(InsightsValidation.isQueryID(QueryID.make()))
    }

    /// Algolia's window: at most 4 days old; and not ahead of the server's clock by more than
    /// a few minutes (centuries ahead was accepted).
    @Test func timestampsAreAtMost4DaysOldAndNotInTheFuture() {
        let day: Int64 = 24 * 3600 * 1000
        let minute: Int64 = 60 * 1000
        #expect(message(with { $0["timestamp"] = .number(Double(Self.now - 5 * day)) }) == "The timestamp must be at most 4 days in the past")
        #expect(message(with { $0["timestamp"] = .number(Double(Self.now - 4 * day + minute)) }) == nil)
        #expect(message(with { $0["timestamp"] = nil }) == nil)
        let future = "The timestamp must not be in the future (at most 5 minutes ahead of the server's clock)"
        #expect(message(with { $0["timestamp"] = .number(Double(Self.now + 4 * minute)) }) == nil)
        #expect(message(with { $0["timestamp"] = .number(Double(Self.now + 6 * minute)) }) == future)
        #expect(message(with { $0["timestamp"] = .number(Double(Self.now + 300 * 365 * day)) }) == future)
    }

    /// Numbers read for what they are: 1e15 is an integer (milliseconds in the year 33658),
    /// refused as a time in the future, not as "not an integer"; so is 1e300. A fraction is not.
    @Test func integersAreIntegersHoweverTheyAreWritten() throws {
        let future = "The timestamp must not be in the future (at most 5 minutes ahead of the server's clock)"
        for written in ["1e15", "1E15", "1000000000000000", "1e300"] {
            let event = try JSONParser.parse(
                #"{"eventType": "click", "eventName": "Hit Clicked", "index": "products", "userToken": "u", "objectIDs": ["a"], "timestamp": \#(written)}"#,
                file: "event")
            #expect(throws: InsightsError(future)) { try InsightsValidation.event(event, now: Self.now) }
        }
        #expect(message(with { $0["timestamp"] = .number(Double(Self.now) + 0.5) }) == "Invalid type for field timestamp: expected integer, got number")
        #expect(message(with { $0["timestamp"] = .number(Double(Self.now - 1000)) }) == nil, "written as a double, still an integer")
        #expect(message(with { $0["positions"] = [.number(1e10), 2] }) == "Positions must be at most 2147483647")
    }

    @Test func fieldsOfTheWrongTypeAreNamed() {
        #expect(message(with { $0["objectIDs"] = [1, 2] }) == "Invalid type for field objectIDs: expected string, got number")
        #expect(message(with { $0["index"] = 3 }) == "Invalid type for field index: expected string, got number")
        #expect(message(with { $0["timestamp"] = "yesterday" }) == "Invalid type for field timestamp: expected integer, got string")
    }

    @Test func filtersAreWrittenURLEncodedAsAlgoliaAsks() {
        #expect(InsightsEvent.filter(attribute: "discount", value: "10%") == "discount:10%25")
        #expect(InsightsEvent.filter(attribute: "brand", value: "Apple") == "brand:Apple")
    }
}
