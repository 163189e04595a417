import InstantSearchCore
import Testing

@testable import RemoteBackend

/// Toggles and numeric menus travel in serve's settings answer and become the remote
/// description's, as a local index's are.
@Suite struct RemoteTogglesTests {
    @Test func settingsWithTogglesAndMenusDescribeThem() throws {
        let settings = try JSONParser.parse(
            Array(
                """
                {"attributesForFaceting": ["genre", "free"], "numericAttributesForFiltering": ["price", "comedy"],
                 "toggles": ["comedy", "free", "missing"], "numericMenus": {"price": ["<50", ">=50"], "genre": ["<1"]}}
                """.utf8), file: "settings")
        let description = RemoteIndexDescriber.description(name: "movies", settings: settings)
        #expect(description.toggles == [FilterToggle(attribute: "comedy", kind: .number), FilterToggle(attribute: "free", kind: .boolean)])
        #expect(description.facetAttributes == ["genre"] && description.numericAttributes == ["price"])
        #expect(description.numericMenus.map(\.attribute) == ["price"], "a menu needs a numeric attribute")
        #expect(description.sorts.isEmpty, "no sorts over the Algolia protocol")
    }

    @Test func entriesThatDoNotReadAreLeftOut() throws {
        let settings = try JSONParser.parse(
            Array(#"{"numericAttributesForFiltering": ["price"], "toggles": 3, "numericMenus": {"price": ["50-x"]}}"#.utf8), file: "s")
        let description = RemoteIndexDescriber.description(name: "x", settings: settings)
        #expect(description.toggles.isEmpty && description.numericMenus.isEmpty && description.numericAttributes == ["price"])
    }
}
