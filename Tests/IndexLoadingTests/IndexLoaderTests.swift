import Foundation
import InstantSearchCore
import SearchEngine
import Testing

@testable import IndexLoading

/// The command line's files (or a setup file's) become one embedded backend, every index
/// open at once with its settings; the records come behind, through the loaders.
@Suite struct IndexLoaderTests {
    private func loader(
        _ files: [String], settings: String? = nil, setup: SetupFile? = nil, overrides: SettingsOverrides = SettingsOverrides(),
        options: LoadOptions = .strict, watch: Bool = false
    ) -> IndexLoader {
        IndexLoader(
            files: files, settings: settings, stdinName: "stdin", format: nil, cache: nil, setup: setup, options: options,
            overrides: overrides, watch: watch)
    }

    @Test func severalFilesBecomeOneBackendWithAnIndexEach() throws {
        let folder = try TemporaryFolder()
        let movies = try folder.write("movies.json", #"[{"title": "Alien", "genres": "Horror"}, {"title": "Heat", "genres": "Crime"}]"#)
        let words = try folder.write("words.txt", "alpha\nbeta\ngamma\n")
        let loaded = try loader([movies, words]).load()
        #expect(loaded.backend.descriptions.map(\.name) == ["movies", "words"])
        #expect(loaded.loaders.count == 2, "each index fills behind the interface")
        #expect(loaded.lineIndices == ["words"], "a pick from the lines prints the line")
        #expect(loaded.headers.isEmpty)
        #expect(loaded.failures.takeAll().isEmpty)
    }

    @Test func theFirstHeaderLinesOfLinesAreKeptApart() throws {
        let folder = try TemporaryFolder()
        let processes = try folder.write("ps.txt", "PID CMD\n1 init\n2 sh\n")
        var options = LoadOptions.strict
        options.headerLines = 1
        let loaded = try loader([processes], options: options).load()
        #expect(loaded.headers == ["ps": [Array("PID CMD".utf8)]])
    }

    @Test func aMissingFileIsNamed() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: DataError.self) { try loader([folder.path + "/nothing.json"]).load() }
        #expect(error?.description == folder.path + "/nothing.json: no such file")
    }

    @Test func twoFilesCannotGiveTheSameIndex() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("a/movies.json", #"[{"title": "Alien"}]"#)
        let second = try folder.write("b/movies.json", #"[{"title": "Heat"}]"#)
        let error = #expect(throws: DataError.self) { try loader([first, second]).load() }
        #expect(error?.description == second + #": another file already gives an index named "movies""#)
    }

    @Test func theSettingsOptionAppliesToASingleFileAndIsChecked() throws {
        let folder = try TemporaryFolder()
        let movies = try folder.write("movies.json", #"[{"title": "Alien", "genres": "Horror"}]"#)
        let good = try folder.write("good.json", #"{"attributesForFaceting": ["genres"]}"#)
        let loaded = try loader([movies], settings: good).load()
        #expect(loaded.backend.descriptions.first?.facetAttributes == ["genres"])

        let bad = try folder.write("bad.json", #"{"attributesForFaceting": ["genre"]}"#)
        let error = #expect(throws: DataError.self) { try loader([movies], settings: bad).load() }
        #expect(error?.file == bad)
    }

    @Test func anOptionForAnIndexThatIsNotThereIsRefused() throws {
        let folder = try TemporaryFolder()
        let movies = try folder.write("movies.json", #"[{"title": "Alien"}]"#)
        var overrides = SettingsOverrides()
        try overrides.add(.display, "movie:title")
        let error = #expect(throws: SettingsOptionError.self) { try loader([movies], overrides: overrides).load() }
        #expect(error?.message == #"--display: no index is named "movie" (given before ":"); the indices: movies; did you mean "movies"?"#)
    }

    @Test func aSetupFileGivesTheIndicesAndItsSectionsAreChecked() throws {
        let folder = try TemporaryFolder()
        try folder.write("movies.json", #"[{"title": "Alien", "genres": "Horror"}]"#)
        try folder.write("movies.settings.json", #"{"attributesForFaceting": ["genres"]}"#)
        try folder.write("actors.json", #"[{"name": "Sigourney Weaver"}]"#)
        let good = try SetupFile.load(
            path: try folder.write(
                "setup.json",
                """
                {"indices": [{"data": "movies.json"}, {"data": "actors.json"}],
                 "sections": [{"index": "actors"}, {"index": "movies", "facet": "genres"}]}
                """))
        // The command line's files give way to the setup's.
        let loaded = try loader(["ignored.json"], setup: good).load()
        #expect(loaded.backend.descriptions.map(\.name) == ["movies", "actors"])

        let bad = try SetupFile.load(
            path: try folder.write(
                "bad.json",
                """
                {"indices": [{"data": "movies.json"}], "sections": [{"index": "movies", "facet": "title"}]}
                """))
        let error = #expect(throws: DataError.self) { try loader([], setup: bad).load() }
        #expect(error?.description.hasPrefix(folder.path + "/bad.json: ") == true)
    }

    @Test func watchingWrapsEveryDataFilesLoader() throws {
        let folder = try TemporaryFolder()
        let movies = try folder.write("movies.json", #"[{"title": "Alien"}]"#)
        let loaded = try loader([movies], watch: true).load()
        #expect(loaded.loaders.count == 1)
        #expect(loaded.backend.descriptions.map(\.name) == ["movies"])
    }
}
