import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// `format` and `sortFacetValuesBy`: read from the settings file, checked, carried to the
/// index's description (what the TUI formats and orders by), and kept by an index file.
@Suite struct DisplaySettingsTests {
    @Test func formatsAndOrdersAreReadAndReachTheDescription() throws {
        let settings = try IndexSettings.parse(
            text: """
                {"attributesForFaceting": ["brand", "colour", "size"], "numericAttributesForFiltering": ["price", "sku"],
                 "format": {"price": "currency:usd", "sku": "plain"},
                 "sortFacetValuesBy": {"brand": "alpha", "*": "count", "size": "name"}}
                """)
        #expect(settings.display.format == ["price": .currency(code: "USD"), "sku": .plain])
        let index = SearchIndex(name: "shop", records: [["brand": "Sony", "colour": "Black", "size": "M", "price": 10, "sku": 12345]], settings: settings)
        let description = index.indexDescription
        #expect(description.numberFormats == ["price": .currency(code: "USD"), "sku": .plain])
        #expect(description.facetValueOrder == ["brand": .name, "colour": .count, "size": .name])

        let everyFacet = try IndexSettings.parse(text: #"{"attributesForFaceting": ["brand"], "sortFacetValuesBy": "alpha"}"#)
        #expect(SearchIndex(name: "s", records: [["brand": "A"]], settings: everyFacet).indexDescription.facetValueOrder == ["brand": .name])
    }

    @Test(arguments: [
        (#"{"format": {"price": "dollars"}}"#, #""format" of "price" must be "currency:XXX""#),
        (#"{"format": {"price": "currency:US"}}"#, #""format" of "price" must be"#),
        (#"{"format": ["price"]}"#, #""format" must be an object"#),
        (#"{"sortFacetValuesBy": "size"}"#, #""sortFacetValuesBy" must be "count" or "alpha""#),
        (#"{"sortFacetValuesBy": {"brand": 1}}"#, #""sortFacetValuesBy" of "brand" must be"#),
    ])
    func wrongValuesAreRefusedNamingTheKey(text: String, message: String) {
        #expect {
            _ = try IndexSettings.parse(text: text, file: "shop.settings.json")
        } throws: { error in
            String(describing: error).contains(message) && String(describing: error).contains("shop.settings.json")
        }
    }

    @Test func anIndexFileKeepsThem() throws {
        let settings = try IndexSettings.parse(
            text: #"{"attributesForFaceting": ["brand"], "format": {"price": "currency:EUR"}, "sortFacetValuesBy": "alpha"}"#)
        let index = SearchIndex(name: "shop", records: [["brand": "Sony", "price": 10]], settings: settings)
        let path = NSTemporaryDirectory() + "instantsearch-test-\(UUID().uuidString).isidx"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try index.write(to: path)
        let reopened = try SearchIndex.open(path: path).indexDescription
        #expect(reopened.numberFormats == ["price": .currency(code: "EUR")])
        #expect(reopened.facetValueOrder == ["brand": .name])
    }
}
