import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

@Suite struct SettingsTests {
    @Test func parsesEveryKey() throws {
        let settings = try IndexSettings.parse(
            text: """
                {"searchableAttributes": ["title", "cast"], "attributesForFaceting": ["genres"],
                 "disjunctiveFacets": ["genres"], "numericAttributesForFiltering": ["year"],
                 "customRanking": ["desc(popularity)", "asc(year)"], "displayAttributes": ["title", "year"],
                 "objectIDAttribute": "sku"}
                """)
        #expect(settings.searchableAttributes == ["title", "cast"])
        #expect(settings.attributesForFaceting == ["genres"])
        #expect(settings.disjunctiveFacets == ["genres"])
        #expect(settings.numericAttributesForFiltering == ["year"])
        #expect(
            settings.customRanking == [
                CustomRankingCriterion(attribute: "popularity", ascending: false),
                CustomRankingCriterion(attribute: "year", ascending: true),
            ])
        #expect(settings.displayAttributes == ["title", "year"])
        #expect(settings.objectIDAttribute == "sku")
    }

    @Test func errorsNameTheKey() {
        func message(_ text: String) -> String? {
            do { _ = try IndexSettings.parse(text: text, file: "m.settings.json"); return nil } catch { return "\(error)" }
        }
        #expect(message(#"{"searchable": []}"#)?.hasPrefix(#"m.settings.json: unknown settings key "searchable""#) == true)
        #expect(message(#"{"customRanking": ["popularity"]}"#)?.contains(#""customRanking" entry "popularity""#) == true)
        #expect(message(#"{"attributesForFaceting": "genres"}"#) == #"m.settings.json: "attributesForFaceting" must be an array of strings"#)
        #expect(message("{\"a\": }")?.hasPrefix("m.settings.json:1:7:") == true)
    }

    @Test func infersFromData() {
        var records: [JSONValue] = []
        let genres = ["Drama", "Comedy", "Horror"]
        for i in 0..<40 {
            records.append([
                "id": .number(Double(i)),
                "year": .number(Double(1990 + i % 7)),
                "genres": .array([.string(genres[i % 3])]),
                "sex": .string(i % 2 == 0 ? "M" : "F"),
                "country": .string(i % 4 == 0 ? "France" : "Spain"),
                "overview": .string("A story number \(i) about things"),
                "poster": .string("/img/\(i).jpg"),
                "movie_title": .string("Movie \(i)"),
            ])
        }
        let resolved = IndexSettings().resolved(for: records)
        #expect(resolved.objectIDAttribute == "id")
        // Titles first; short facet codes ("M"/"F") and paths are not searched.
        #expect(resolved.searchableAttributes == ["movie_title", "genres", "country", "overview"])
        #expect(resolved.attributesForFaceting == ["genres", "sex", "country"])
        #expect(resolved.disjunctiveFacets == ["sex", "country"])
        #expect(resolved.numericAttributesForFiltering == ["year"])
        #expect(resolved.displayAttributes.first == "movie_title")
        #expect(resolved.displayAttributes.count <= 5)
    }

    @Test func givenKeysWinAndDisjunctiveFacetsAreFacets() {
        let records: [JSONValue] = [["objectID": "a", "t": "x", "c": "red"], ["objectID": "b", "t": "y", "c": "red"]]
        let settings = IndexSettings(searchableAttributes: ["c"], attributesForFaceting: [], disjunctiveFacets: ["c"])
        let resolved = settings.resolved(for: records)
        #expect(resolved.searchableAttributes == ["c"])
        #expect(resolved.attributesForFaceting == ["c"])
        #expect(resolved.objectIDAttribute == "objectID")
    }

    @Test func settingsFileBesideDataIsPickedUp() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("products.json").path
        try #"[{"sku": "k1", "name": "Lamp", "brand": "Ikea"}, {"sku": "k2", "name": "Desk", "brand": "Ikea"}]"#
            .write(toFile: data, atomically: true, encoding: .utf8)
        try #"{"objectIDAttribute": "sku", "searchableAttributes": ["brand", "name"]}"#
            .write(toFile: directory.appendingPathComponent("products.settings.json").path, atomically: true, encoding: .utf8)
        let index = try SearchIndex(path: data)
        #expect(index.name == "products")
        #expect(index.objectIDs == ["k1", "k2"])
        #expect(index.indexDescription.searchableAttributes == ["brand", "name"])
        #expect(index.indexDescription.recordCount == 2)
    }
}
