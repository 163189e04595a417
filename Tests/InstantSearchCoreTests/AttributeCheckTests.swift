import InstantSearchCore
import Testing

/// A named attribute no record has is refused with where it was named and the nearest names.
@Suite struct AttributeCheckTests {
    let existing: Set<String> = ["name", "count", "year", "maker", "maker.name", "maker.country"]

    @Test func aMisspeltAttributeIsRefusedWithItsSuggestion() {
        #expect(throws: DataError(file: "m.settings.json", message: #"displayAttributes: no record of m has an attribute "nmae"; did you mean "name"?"#)) {
            try AttributeCheck.check([NamedAttribute("nmae", source: "m.settings.json", key: "displayAttributes")], existing: existing, indexName: "m")
        }
        #expect(throws: DataError(file: "--facets", message: #"no record of m has an attribute "maker.countyr"; did you mean "maker.country"?"#)) {
            try AttributeCheck.check([NamedAttribute("maker.countyr", source: "--facets")], existing: existing, indexName: "m")
        }
    }

    @Test func withNothingNearTheAttributesAreListed() {
        #expect(
            throws: DataError(
                file: "--display", message: #"no record of m has an attribute "zzzzzz"; its attributes: count, maker, maker.country, maker.name, name, year"#)
        ) {
            try AttributeCheck.check([NamedAttribute("zzzzzz", source: "--display")], existing: existing, indexName: "m")
        }
    }

    @Test func existingNamesPass() throws {
        try AttributeCheck.check(existing.map { NamedAttribute($0, source: "--display") }, existing: existing, indexName: "m")
    }

    @Test func suggestionsAreNearestFirstAndOnlyClose() {
        #expect(AttributeCheck.suggestions(for: "yaer", among: existing) == ["year"], "a transposition is one edit")
        #expect(AttributeCheck.suggestions(for: "NAME", among: existing) == ["name"])
        #expect(AttributeCheck.suggestions(for: "price", among: existing) == [])
        #expect(AttributeCheck.suggestions(for: "x", among: ["y"]) == [])
    }

    @Test func settingsListEveryAttributeTheyName() throws {
        let settings = try IndexSettings.parse(
            text: #"{"searchableAttributes": ["a"], "customRanking": ["desc(b)"], "attributeForDistinct": "c", "displayAttributes": ["d"]}"#)
        #expect(
            settings.namedAttributes(source: "f").map { "\($0.key!)=\($0.name)" }
                == ["searchableAttributes=a", "customRanking=b", "displayAttributes=d", "attributeForDistinct=c"])
    }

    @Test func anUnknownSettingsKeyGetsASuggestion() {
        #expect(throws: DataError(file: "f", message: #"unknown settings key "displayAttribute"; did you mean "displayAttributes"?"#)) {
            try IndexSettings.parse(text: #"{"displayAttribute": ["name"]}"#, file: "f")
        }
    }
}
