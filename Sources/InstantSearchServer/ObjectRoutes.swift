import InstantSearchCore
import SearchEngine

/// Algolia's reads of records by their id: `GET /1/indexes/{index}/{objectID}`
/// (`?attributesToRetrieve=a,b`) and `POST /1/indexes/*/objects` (`{"requests": [{"indexName",
/// "objectID", "attributesToRetrieve"}]}`, the records in the order asked, `null` for an id an
/// index does not hold). Each index named is authorized as a search on it is.
extension SearchService {
    /// Algolia's cap on the records one `objects` request asks for.
    public static let maxObjectsPerRequest = 1000

    func object(_ request: Request, index: SearchIndex, objectID: String) throws -> JSONValue {
        let items = request.queryItems.filter { !$0.name.lowercased().hasPrefix("x-algolia-") }
        let parameters = try RequestBody.parameters(ofQueryItems: items)
        for name in parameters.keys where name != "attributesToRetrieve" {
            throw ServerError.badRequest("\(name): not a parameter of a record's read (attributesToRetrieve is)")
        }
        let shape = try Self.shape(retrieving: parameters["attributesToRetrieve"], where: "attributesToRetrieve")
        guard let record = index.record(objectID: objectID) else { throw ServerError.notFound("ObjectID does not exist") }
        return shape.retrieved(record, objectID: objectID)
    }

    func objects(_ request: Request) throws -> JSONValue {
        let body = try RequestBody.object(request.body)
        guard let requests = body["requests"]?.arrayValue else {
            throw ServerError.badRequest("expected {\"requests\": [{\"indexName\": ..., \"objectID\": ...}, ...]}")
        }
        for key in (body.objectValue ?? [:]).keys where key != "requests" {
            throw ServerError.badRequest("Unknown parameter: \(key.prefix(80)) (a read of records by id holds requests)")
        }
        guard requests.count <= Self.maxObjectsPerRequest else {
            throw ServerError.badRequest("requests: at most \(Self.maxObjectsPerRequest) records in one request, not \(requests.count)")
        }
        let asked = try requests.enumerated().map { position, item in
            let place = "requests[\(position)]"
            guard case .object(let fields) = item else { throw ServerError.badRequest("\(place): expected an object") }
            for name in fields.keys where !["indexName", "objectID", "attributesToRetrieve"].contains(name) {
                throw ServerError.badRequest("\(place).\(name): not a field of a record's read (indexName, objectID, attributesToRetrieve are)")
            }
            guard let indexName = fields["indexName"]?.stringValue else { throw ServerError.badRequest("\(place).indexName: expected a string") }
            guard let objectID = fields["objectID"]?.stringValue else { throw ServerError.badRequest("\(place).objectID: expected a string") }
            let shape = try Self.shape(retrieving: fields["attributesToRetrieve"], where: "\(place).attributesToRetrieve")
            return (indexName: indexName, objectID: objectID, shape: shape)
        }
        // Every index named is authorized before any is looked up or read (an empty list too: the
        // credentials are checked), so a key learns nothing of an index it may not see.
        try keys.authorize(applicationID: request.applicationID, apiKey: request.apiKey, indices: asked.map(\.indexName))
        let indices = try asked.map { try existingIndex($0.indexName) }
        let results: [JSONValue] = zip(asked, indices).map { read, index in
            index.record(objectID: read.objectID).map { read.shape.retrieved($0, objectID: read.objectID) } ?? .null
        }
        return ["results": .array(results)]
    }

    /// `attributesToRetrieve` as a list or a comma-separated string (the clients send a GET's
    /// list that way); nil: every attribute.
    private static func shape(retrieving value: JSONValue?, where place: String) throws -> AlgoliaHitShape {
        var shape = AlgoliaHitShape()
        guard let value else { return shape }
        do {
            shape.attributesToRetrieve = try AlgoliaParameters(values: ["attributesToRetrieve": value]).list("attributesToRetrieve")
        } catch {
            throw ServerError.badRequest("\(place): expected an array of attribute names")
        }
        return shape
    }
}
