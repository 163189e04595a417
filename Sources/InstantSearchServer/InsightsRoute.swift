import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Algolia's Insights route on `serve`: `POST /1/events` with `{"events": [...]}`, checked as
/// Algolia checks them (`InsightsValidation`: every event valid or none taken, 422 and
/// Algolia's message otherwise; a body past 2 MB is 413), answered `{"status":200,"message":"OK"}`.
/// Clicks and conversions whose `queryID` this server gave (`clickAnalytics`) teach re-ranking
/// for that search's query, in memory, from the next search on.
///
/// Any search key may send events, so what they may cost is bounded: an event must name an
/// index this server holds and objectIDs its records have (else the batch is refused, 422), and
/// what re-ranking keeps of them is bounded per search, per query and per index
/// (`ReRankingTable`).
extension SearchService {
    func events(_ request: Request) throws -> JSONValue {
        try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: [])
        guard request.body.count <= InsightsValidation.maxBodyBytes else {
            throw ServerError.refused(status: 413, "Request Entity Too Large")
        }
        let body: JSONValue
        do {
            body = try JSONParser.parse(request.body, file: "request body")
        } catch {
            throw ServerError.refused(status: 422, "Invalid payload")
        }
        let events: [InsightsEvent]
        do {
            events = try InsightsValidation.events(fromBody: body, now: Int64(Date().timeIntervalSince1970 * 1000))
        } catch let error as InsightsError {
            throw ServerError.refused(status: error.status, error.message)
        }
        // The key must be allowed every index the events name, as for a search of them.
        try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: Array(Set(events.map(\.index))).sorted())
        try checkHeld(events)
        let learnt = events.compactMap { event -> (event: InsightsEvent, query: String)? in
            guard let id = event.queryID, let search = queryIDs.search(id), search.index == event.index else { return nil }
            return (event, search.query)
        }
        if !learnt.isEmpty { backend.learn(learnt) }
        return ["status": 200, "message": "OK"]
    }

    /// Every event's index is one this server holds, and every objectID one of its records'.
    private func checkHeld(_ events: [InsightsEvent]) throws {
        for (position, event) in events.enumerated() {
            guard let index = backend.index(named: event.index) else {
                throw ServerError.refused(status: 422, "events[\(position)]: index \"\(event.index.prefix(100))\" does not exist")
            }
            for id in event.objectIDs ?? [] where !index.holds(objectID: id) {
                throw ServerError.refused(status: 422, "events[\(position)]: objectID \"\(id.prefix(100))\" is not a record of index \"\(event.index)\"")
            }
        }
    }
}
