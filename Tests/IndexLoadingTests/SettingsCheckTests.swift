import InstantSearchCore
import SearchEngine
import Testing

@testable import IndexLoading

/// Every attribute a person named is checked against the records at start-up: a slip is one
/// error naming where it was written and the nearest names, never a blank column for a session.
@Suite struct SettingsCheckTests {
    private let movies = SearchIndex(name: "movies", records: [["title": "Alien", "genres": "Horror", "year": 1979]])

    private func overrides(_ option: SettingsOverrides.Option, _ value: String) throws -> SettingsOverrides {
        var overrides = SettingsOverrides()
        try overrides.add(option, value)
        return overrides
    }

    @Test func aSettingsFileNamingNoRecordsAttributeIsNamedWithTheNearest() throws {
        let folder = try TemporaryFolder()
        let settings = try folder.write("movies.settings.json", #"{"attributesForFaceting": ["genre"]}"#)
        let error = #expect(throws: DataError.self) { try SettingsCheck().check(movies, settingsFile: settings) }
        #expect(error?.description == settings + #": attributesForFaceting: no record of movies has an attribute "genre"; did you mean "genres"?"#)
    }

    @Test func anOptionNamingNoRecordsAttributeIsNamedByTheOption() throws {
        let check = SettingsCheck(overrides: try overrides(.display, "title,director"))
        let error = #expect(throws: DataError.self) { try check.check(movies, settingsFile: nil) }
        #expect(error?.description == #"--display: no record of movies has an attribute "director"; its attributes: genres, title, year"#)
        // An option for another index says nothing of this one.
        try SettingsCheck(overrides: try overrides(.display, "actors:director")).check(movies, settingsFile: nil)
    }

    @Test func whatASetupFileNamesIsCheckedToo() throws {
        let extra = [NamedAttribute("studio", source: "setup.json", key: "sections[1].facet")]
        let error = #expect(throws: DataError.self) { try SettingsCheck().check(movies, settingsFile: nil, extra: extra) }
        #expect(error?.description.hasPrefix(#"setup.json: sections[1].facet: no record of movies has an attribute "studio""#) == true)
    }

    @Test func nothingIsCheckedBeforeAnyRecordHasCome() throws {
        let empty = SearchIndex(name: "stdin", records: [])
        try SettingsCheck(overrides: try overrides(.facets, "anything")).check(empty, settingsFile: nil)
    }

    @Test func anIndexFileRefusesOptionsThatWouldRebuildIt() throws {
        for (option, value) in [(SettingsOverrides.Option.searchable, "title"), (.facets, "genres"), (.numeric, "year"), (.sort, "year:desc")] {
            let check = SettingsCheck(overrides: try overrides(option, value))
            let error = #expect(throws: DataError.self) { try check.checkIndexFile(movies, path: "movies.idx") }
            #expect(
                error?.description
                    == "movies.idx: an index file keeps the settings it was built with; \(option.flag) applies to data files (build it again: instantsearch index DATA -o INDEX \(option.flag) …)"
            )
        }
        // What is shown may change, and is checked like any other.
        try SettingsCheck(overrides: try overrides(.display, "title")).checkIndexFile(movies, path: "movies.idx")
        #expect(throws: DataError.self) { try SettingsCheck(overrides: try overrides(.display, "titel")).checkIndexFile(movies, path: "movies.idx") }
    }
}
