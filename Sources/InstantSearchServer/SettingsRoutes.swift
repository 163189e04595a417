import InstantSearchCore
import SearchEngine

/// Algolia's `PUT /1/indexes/{index}/settings` (`setSettings`): the keys the body names change,
/// the others stay, and the index is built again from its records under the new settings before
/// the answer (a task already published). The keys are those of a settings file (README "Index
/// settings"); any other, Algolia's query-time defaults among them, is refused with 400 naming
/// it. Needs the admin key; the change lasts as long as the server.
extension SearchService {
    func setSettings(_ request: Request, index: SearchIndex) throws -> JSONValue {
        try keys.authorizeWrite(applicationID: request.applicationID, apiKey: request.apiKey)
        let changes = try RequestBody.object(request.body)
        return try tasks.perform(on: index.name) {
            // The index as it is now: an earlier write may have replaced the one authorized.
            let current = backend.index(named: index.name) ?? index
            do {
                backend.replace(try current.withSettings(changing: changes, file: "settings"))
            } catch let error as DataError {
                throw ServerError.badRequest(error.message)
            }
        }
    }
}
