import Foundation
import InstantSearchCore
import PostgresBackend
import SearchEngine
import Testing

/// The server the tests talk to: `make test` starts a throwaway one (scripts/with-postgres.sh)
/// and passes its URL in this variable. Without it the tests are skipped, and say why.
let postgresURL = ProcessInfo.processInfo.environment["INSTANTSEARCH_POSTGRES_URL"]

let needsServer = Testing.ConditionTrait.enabled(
    if: postgresURL != nil,
    "INSTANTSEARCH_POSTGRES_URL is not set: run `make test` (it starts a throwaway PostgreSQL) or scripts/with-postgres.sh swift test")

/// Products written for these tests: plain ASCII words, so that the engine's tokenizer and
/// PostgreSQL's `simple` parser cut the same words and the two backends can be compared.
let fixtureRecords: [JSONValue] = {
    let rows: [(String, String, String, String, [String], String, Double, Double, Double)] = [
        ("Sony Headphones Quiet", "Sony", "Audio", "black", ["wireless", "travel"], "Over ear headphones with noise cancelling", 349, 4.6, 1200),
        ("Sony Earbuds Sport", "Sony", "Audio", "white", ["wireless", "sport"], "Small earbuds for running", 129, 4.1, 800),
        ("Sony Bravia Television", "Sony", "Video", "black", ["home"], "Large television with bright colours", 999, 4.5, 300),
        ("Sony Speaker Mini", "Sony", "Audio", "blue", ["wireless", "home"], "Portable speaker for the garden", 79, 4.0, 450),
        ("Bose Headphones Comfort", "Bose", "Audio", "black", ["wireless", "travel"], "Comfortable headphones for long flights", 299, 4.7, 2000),
        ("Bose Speaker Home", "Bose", "Audio", "white", ["home"], "Speaker that fills the living room", 399, 4.4, 650),
        ("Bose Earbuds Quiet", "Bose", "Audio", "black", ["wireless"], "Quiet earbuds with a long battery", 279, 4.3, 900),
        ("JBL Speaker Party", "JBL", "Audio", "red", ["wireless", "party"], "Loud speaker with lights", 199, 4.2, 1500),
        ("JBL Headphones Kids", "JBL", "Audio", "blue", ["kids"], "Headphones with a volume limit for children", 39, 3.9, 400),
        ("Samsung Television Frame", "Samsung", "Video", "black", ["home"], "Television that looks like a picture", 1299, 4.4, 700),
        ("Samsung Galaxy Phone", "Samsung", "Phones", "black", ["mobile"], "Phone with a very good camera", 899, 4.5, 3000),
        ("Samsung Galaxy Buds", "Samsung", "Audio", "white", ["wireless", "mobile"], "Earbuds that pair with the phone", 149, 4.0, 1100),
        ("Apple Phone Pro", "Apple", "Phones", "silver", ["mobile"], "Phone with a titanium frame", 1199, 4.6, 5000),
        ("Apple Earbuds Pro", "Apple", "Audio", "white", ["wireless", "mobile"], "Earbuds with noise cancelling", 249, 4.5, 4200),
        ("Apple Headphones Max", "Apple", "Audio", "silver", ["wireless", "travel"], "Premium headphones in aluminium", 549, 4.4, 1800),
        ("LG Television Oled", "LG", "Video", "black", ["home"], "Oled television with deep blacks", 1499, 4.8, 900),
        ("LG Soundbar Cinema", "LG", "Audio", "black", ["home"], "Soundbar for the television", 499, 4.1, 350),
        ("Garmin Watch Runner", "Garmin", "Wearables", "black", ["sport"], "Watch for runners with maps", 449, 4.6, 1300),
        ("Fitbit Tracker Sport", "Fitbit", "Wearables", "blue", ["sport"], "Tracker that counts steps", 99, 3.8, 2500),
        ("Sonos Speaker Arc", "Sonos", "Audio", "black", ["home"], "Speaker for home cinema", 899, 4.7, 600),
    ]
    return rows.enumerated().map { position, row in
        [
            "objectID": .string("p\(position + 1)"), "name": .string(row.0), "brand": .string(row.1),
            "category": .string(row.2), "colour": .string(row.3), "tags": .array(row.4.map(JSONValue.string)),
            "description": .string(row.5), "price": .number(row.6), "rating": .number(row.7), "reviews": .number(row.8),
        ]
    }
}()

let fixtureSettings = try! IndexSettings.parse(
    text: """
        {
          "searchableAttributes": ["name", "brand", "category", "description", "tags"],
          "attributesForFaceting": ["category", "brand", "colour", "tags"],
          "disjunctiveFacets": ["brand", "colour"],
          "numericAttributesForFiltering": ["price", "rating"],
          "customRanking": ["desc(reviews)"],
          "objectIDAttribute": "objectID"
        }
        """)

/// Both backends over the same records: the embedded engine in memory, PostgreSQL in a table
/// written by the importer. Built once and shared by the tests.
actor Backends {
    static let shared = Backends()
    private var built: (PostgresBackend, EmbeddedBackend)?

    func get() async throws -> (postgres: PostgresBackend, embedded: EmbeddedBackend) {
        if let built { return built }
        let url = try PostgresConnectionURL(parsing: try #require(postgresURL))
        let session = SQLSession(url: url)
        try await PostgresImporter(session: session, table: "products", replace: true)
            .importRecords(fixtureRecords, settings: fixtureSettings)
        let postgres = PostgresBackend(session: session, tables: [try await PostgresTable.open("products", session: session)])
        let embedded = EmbeddedBackend(indices: [SearchIndex(name: "products", records: fixtureRecords, settings: fixtureSettings)])
        built = (postgres, embedded)
        return (postgres, embedded)
    }
}

/// The same query to both; the embedded engine never drops words here, so the sets compare.
func both(_ query: Query) async throws -> (postgres: SearchResults, embedded: SearchResults) {
    let (postgres, embedded) = try await Backends.shared.get()
    var query = query
    if query.facets.isEmpty { query.facets = ["category", "brand", "colour", "tags"] }
    let indexed = IndexedQuery(indexName: "products", query: query)
    return (try await postgres.search(indexed), try await embedded.search(indexed))
}

func ids(_ results: SearchResults) -> Set<String> { Set(results.hits.map(\.objectID)) }

func counts(_ results: SearchResults) -> [String: [String: Int]] {
    results.facets.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.value, $0.count) }) }
}
