import Foundation
import InstantSearchCore

/// Algolia's Insights route on `serve`: `POST /1/events` with `{"events": [...]}`, checked as
/// Algolia checks them (`InsightsValidation`: every event valid or none taken, 422 and
/// Algolia's message otherwise; a body past 2 MB is 413), answered `{"status":200,"message":"OK"}`.
/// Clicks and conversions whose `queryID` this server gave (`clickAnalytics`) teach re-ranking
/// for that search's query, in memory, from the next search on.
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
        var learnt = ReRankingTable()
        for event in events {
            guard let id = event.queryID, let search = queryIDs.search(id), search.index == event.index else { continue }
            learnt.add(event, query: search.query)
        }
        if !learnt.isEmpty { backend.learn(learnt) }
        return ["status": 200, "message": "OK"]
    }
}
