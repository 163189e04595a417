import Foundation
import InstantSearchCore
import SearchEngine
import Testing

@testable import IndexLoading

/// `--config`: a setup file read whole, each mistake one `DataError` naming the file (and the
/// line and column where the JSON itself is wrong).
@Suite struct SetupFileTests {
    private func error(loading text: String) throws -> DataError? {
        let folder = try TemporaryFolder()
        let path = try folder.write("setup.json", text)
        let error = #expect(throws: DataError.self) { try SetupFile.load(path: path) }
        #expect(error?.file == path, "the error names the setup file")
        return error
    }

    @Test func invalidJSONIsLocatedByLineAndColumn() throws {
        let error = try error(loading: "{\"indices\": [\n  {\"data\": \"a.json\",}\n]}")
        #expect(error?.line == 2)
        #expect(error?.column == 21, "at the '}' where a member's name should be")
    }

    @Test func pathsAreReadRelativeToTheSetupFileAndFormatsByName() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "conf/setup.json",
            """
            {"indices": [
              {"data": "movies.json", "settings": "movies.settings.json"},
              {"data": "/data/actors.txt", "format": "lines"}
            ]}
            """)
        let setup = try SetupFile.load(path: path)
        #expect(setup.path == path)
        #expect(
            setup.indices == [
                SetupFile.IndexEntry(data: folder.path + "/conf/movies.json", settings: folder.path + "/conf/movies.settings.json"),
                SetupFile.IndexEntry(data: "/data/actors.txt", format: .lines),
            ])
        #expect(setup.sections.isEmpty)
        #expect(!setup.startsWithSections)
    }

    @Test func sectionsAndTheStartingView() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "setup.json",
            """
            {"indices": [{"data": "movies.json"}], "view": "sections",
             "sections": [{"title": "Genres", "index": "movies", "facet": "genres", "values": 4}, {"index": "movies", "hits": 0}]}
            """)
        let setup = try SetupFile.load(path: path)
        #expect(setup.startsWithSections)
        #expect(
            setup.sections == [
                SectionDefinition(title: "Genres", indexName: "movies", content: .facetValues(attribute: "genres", limit: 4)),
                // No title: the index's name; a limit under 1 is 1.
                SectionDefinition(title: "movies", indexName: "movies", content: .hits(limit: 1)),
            ])
        #expect(setup.namedAttributes(forIndex: "movies") == [NamedAttribute("genres", source: path, key: "sections[0].facet")])
        #expect(setup.namedAttributes(forIndex: "actors").isEmpty)
    }

    @Test(arguments: [
        (#"[1, 2]"#, "expected a JSON object"),
        (#"{"indices": [{"data": "a.json"}], "veiw": "tabs"}"#, #"unknown key "veiw" in the setup; did you mean "view"?"#),
        (#"{"indices": [{"data": "a.json", "colour": 1}]}"#, #"unknown key "colour" in indices[0]; known: data, format, settings"#),
        (#"{"indices": [{"settings": "a.json"}]}"#, #"indices[0] needs "data": a data or index file"#),
        (#"{"indices": []}"#, #""indices" must list at least one data file"#),
        (#"{"indices": [{"data": "a.json", "format": "xml"}]}"#, "indices[0].format must be one of " + DataFormat.optionNames.joined(separator: ", ")),
        (#"{"indices": [{"data": "a.json"}], "view": "sections"}"#, #""view": "sections" needs "sections""#),
        (#"{"indices": [{"data": "a.json"}], "view": "grid"}"#, #""view" is "tabs" or "sections", not "grid""#),
        (#"{"indices": [{"data": "a.json"}], "sections": [{"title": "A"}]}"#, #"sections[0] needs "index""#),
        (#"{"indices": [{"data": "a.json"}], "sections": [{"index": "a", "facets": "x"}]}"#, #"unknown key "facets" in sections[0]; did you mean "facet"?"#),
    ])
    func eachMistakeIsOneMessage(text: String, message: String) throws {
        #expect(try error(loading: text)?.message == message)
    }

    @Test func sectionsAreCheckedAgainstTheIndicesOpened() throws {
        var setup = SetupFile()
        setup.path = "setup.json"
        let movies = SearchIndex(
            name: "movies", records: [["title": "Alien", "genres": "Horror"]],
            settings: IndexSettings(attributesForFaceting: ["genres"]))
        setup.sections = [SectionDefinition(title: "Actors", indexName: "actors", content: .hits(limit: 5))]
        let stray = #expect(throws: DataError.self) { try setup.checkSections(against: [movies]) }
        #expect(stray?.description == #"setup.json: section "Actors" names index "actors"; the indices are movies"#)

        setup.sections = [SectionDefinition(title: "Years", indexName: "movies", content: .facetValues(attribute: "year", limit: 5))]
        let notAFacet = #expect(throws: DataError.self) { try setup.checkSections(against: [movies]) }
        #expect(notAFacet?.description == #"setup.json: sections[0].facet: "year" is not a facet of movies; its facets: genres"#)

        setup.sections = [SectionDefinition(title: "Genres", indexName: "movies", content: .facetValues(attribute: "genres", limit: 5))]
        try setup.checkSections(against: [movies])
    }
}
