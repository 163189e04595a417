import Foundation
import Testing

/// `advancedSyntax` and `advancedSyntaxFeatures` over `serve`: Algolia's parameters, read from
/// the body and from `params`, answered as the engine answers them. Without typos and with
/// whole words (a space after the last), the counts are those of the demo data's words.
@Suite("serve: advancedSyntax")
struct ServeQuerySyntaxTests {
    private static func nbHits(_ server: RunningServer, _ body: String) async throws -> Int? {
        let (status, json) = try await server.send("POST", "/1/indexes/products/query", key: "search-all", body: body)
        #expect(status == 200, "\(body): \(json ?? [:])")
        return json?["nbHits"] as? Int
    }

    @Test func exclusionsAndPhrasesAreReadWhenAsked() async throws {
        try await withServer { server in
            let sony = try await Self.nbHits(server, #"{"query": "sony ", "advancedSyntax": true, "typoTolerance": false}"#)
            let notTV = try await Self.nbHits(server, #"{"query": "sony -tv", "advancedSyntax": true, "typoTolerance": false}"#)
            #expect(sony == 21 && notTV == 17, "four Sony records say tv")
            let words = try await Self.nbHits(server, #"{"query": "comes black ", "typoTolerance": false}"#)
            let reversed = try await Self.nbHits(server, #"{"query": "\"black comes\"", "advancedSyntax": true}"#)
            let phrase = try await Self.nbHits(server, #"{"query": "\"comes in black\"", "advancedSyntax": true}"#)
            #expect(words == 41 && reversed == 0 && phrase == 41, "the words are never in the reversed order")
            let params = #"{"params": "query=sony%20-tv%20&typoTolerance=false&advancedSyntax=true&advancedSyntaxFeatures=%5B%22exactPhrase%22%5D"}"#
            let phrasesOnly = try await Self.nbHits(server, params)
            #expect(phrasesOnly == 4, "without excludeWords, -tv is the word tv: the four Sony TVs")
        }
    }

    @Test func anUnknownFeatureIsRefusedNamingIt() async throws {
        try await withServer { server in
            let (status, json) = try await server.send(
                "POST", "/1/indexes/products/query", body: #"{"query": "sony", "advancedSyntaxFeatures": ["phrases"]}"#)
            #expect(status == 400 && (json?["message"] as? String)?.contains("advancedSyntaxFeatures") == true)
        }
    }
}
