import ArgumentParser
import IndexLoading
import InstantSearchCore
import PostgresBackend
import SearchCommandLine
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `instantsearch query FILE_OR_INDEX "text"`: one search, printed as Algolia's JSON response.
/// For scripts and benchmarks: exit 0 with hits, 1 with none, 2 on an error.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Search once and print the results as one JSON object shaped like Algolia's response.",
        discussion: """
            FILE_OR_INDEX is a data file (.json, .ndjson, .csv, .tsv, else sniffed; its \
            NAME.settings.json is used when present), '-' for standard input, or an index written \
            by 'instantsearch index'. A data file's index is read from the index cache when the \
            interface (or --index-cache) left it there, and built otherwise; a one-off query writes \
            nothing to the cache unless --index-cache asks (--verbose says which). Exit status: 0 with hits, 1 with none, 2 on an \
            error (the message on standard error).

            --filters takes Algolia's syntax: genres:Comedy AND year:1990 TO 2000 AND NOT sex:M, \
            with OR, parentheses, quoted values and numeric comparisons (year >= 2000).

            With --postgres URL --table NAME, the table is searched instead (the only argument is \
            the query text; --facets names the facets to count, every one by default).
            """
    )

    @Argument(help: "A data file, an index file, or '-' for standard input (with --postgres: the query text).", completion: .file())
    var source: String?

    @Argument(help: "The query text (the last word is matched as a prefix).")
    var text: String = ""

    @Option(help: ArgumentHelp("A filter in Algolia's syntax.", valueName: "string"))
    var filters: String?

    @Option(help: "The page, from 0.")
    var page = 0

    @Option(name: .customLong("hits-per-page"), help: "Hits per page.")
    var hitsPerPage = 20

    @Option(name: .customLong("settings"), help: ArgumentHelp("Settings file for a data file.", valueName: "file"))
    var settings: String?

    @OptionGroup(title: "Data")
    var data: DataOptions

    @Option(help: ArgumentHelp("Search a PostgreSQL table (with --table) instead of a file: postgres://USER@HOST/DB.", valueName: "url"))
    var postgres: String?

    @Option(help: ArgumentHelp("The PostgreSQL table searched with --postgres.", valueName: "name"))
    var table: String?

    @Flag(help: "Say on standard error where the index came from (the index cache, or built).")
    var verbose = false

    @Flag(
        name: .customLong("index-cache"),
        help:
            "Keep the index built for a data file in the index cache, for the next query or search on the unchanged file (default: a query writes nothing there)."
    )
    var indexCache = false

    @OptionGroup var lenient: LenientOption

    /// --display / --searchable / --facets / --numeric / --sort, as for the interactive search.
    @OptionGroup(title: "Settings (as for the interactive search)")
    var settingsOptions: SettingsArguments

    @OptionGroup(title: "Matching lines (fzf's options)")
    var lines: LineArguments

    @Flag(help: "Add each hit's ranking criteria (_rankingInfo): typos, words, proximity, attribute, exact, custom.")
    var explain = false

    @Option(help: ArgumentHelp("Hits kept per group of attributeForDistinct (0: every hit); default: the settings'.", valueName: "n"))
    var distinct: Int?

    @Flag(
        name: .customLong("advanced-syntax"), inversion: .prefixedNo,
        help: """
            Read "a phrase" (its words side by side, in order) and -word (records without it) in the query \
            (Algolia's advancedSyntax); default: the settings'.
            """)
    var advancedSyntax: Bool?

    @Option(
        name: .customLong("around-lat-lng"),
        help: ArgumentHelp(
            "Rank by distance from this point of the records' _geoloc (Algolia's aroundLatLng).", valueName: "lat,lng"))
    var aroundLatLng: String?

    @Option(
        name: .customLong("around-radius"),
        help: ArgumentHelp(
            "With --around-lat-lng: keep records within this many metres, or 'all' (Algolia's aroundRadius).", valueName: "metres"))
    var aroundRadius: String?

    /// The geo options read as Algolia's parameters, so both say the same of a bad value.
    func geo() throws -> GeoQuery {
        var values: [String: JSONValue] = [:]
        values["aroundLatLng"] = aroundLatLng.map { .string($0) }
        if let aroundRadius {
            // A number of metres as Algolia's clients send it; anything else as typed, for the message.
            values["aroundRadius"] = Double(aroundRadius).map { JSONValue.number($0) } ?? .string(aroundRadius)
        }
        do {
            return try AlgoliaParameters(values: values).geo()
        } catch let error as AlgoliaParameterError {
            let option = error.message.hasPrefix("aroundRadius") ? "--around-radius" : "--around-lat-lng"
            throw ValidationError("\(option): \(error.message)")
        }
    }

    func validate() throws {
        if postgres != nil {
            guard table != nil else { throw ValidationError("--postgres needs --table NAME.") }
            guard text.isEmpty else { throw ValidationError("With --postgres, give only the query text, no FILE.") }
        } else if table != nil {
            throw ValidationError("--table names a PostgreSQL table: give --postgres URL with it.")
        } else if source == nil {
            throw ValidationError("Give a data file, an index file or '-' for standard input.")
        }
        if let problem = QueryLimits.check(page, in: QueryLimits.page, option: "--page")
            ?? QueryLimits.check(hitsPerPage, in: QueryLimits.hitsPerPage, option: "--hits-per-page")
        {
            throw ValidationError(problem)
        }
        if let distinct, !(0...4).contains(distinct) { throw ValidationError("--distinct must be from 0 to 4.") }
        if aroundRadius != nil, aroundLatLng == nil { throw ValidationError("--around-radius needs --around-lat-lng.") }
        // They shape printed lines, and `query` prints one JSON object: said, not ignored.
        if lines.print0 || lines.acceptNth != nil {
            throw ValidationError("--print0 and --accept-nth shape printed lines; query prints JSON. fzf's --filter is 'instantsearch -f TEXT'.")
        }
        _ = try geo()
        if indexCache, data.noIndexCache { throw ValidationError("--index-cache and --no-index-cache contradict each other.") }
    }

    func run() throws {
        if let postgres, let table { return try searchPostgres(postgres, table: table, text: source ?? "") }
        let source = source ?? "-"
        do {
            let overrides = try settingsOptions.overrides()
            var loadOptions = try data.loadOptions(lenient, lines: lines)
            let format = data.format(for: lines)
            let index: SearchIndex
            if source == "-" {
                // Standard input is read whole (within the bounds of `DataLoader.readAll`) and never cached.
                let bytes = try DataLoader.readAll(descriptor: STDIN_FILENO, format: format, options: &loadOptions)
                index = try SearchIndex(
                    name: "stdin", bytes: consume bytes, sourceName: "<stdin>", format: format,
                    settings: overrides.settings(try IndexSettings.load(ifGiven: settings), forIndex: "stdin"),
                    options: loadOptions)
                try SettingsCheck(overrides: overrides).check(index, settingsFile: settings)
            } else {
                index = try CachedOpen(
                    cache: data.cache(for: loadOptions), format: format, options: loadOptions, verbose: verbose, overrides: overrides,
                    stores: indexCache
                ).open(path: source, settingsPath: settings)
            }
            try overrides.checkIndexNames([index.name])
            var query = Query(text: text, page: page, hitsPerPage: hitsPerPage)
            // Every facet of the index (--facets sets which those are).
            query.facets = ["*"]
            query.filters = filters
            query.getRankingInfo = explain
            query.distinct = distinct
            query.geo = try geo()
            query.advancedSyntax = advancedSyntax
            let results = index.holdsPlainLines ? try index.searchLines(query, options: try lines.options()) : try index.search(query)
            var params = "query=\(text)&page=\(page)&hitsPerPage=\(hitsPerPage)"
            if let filters { params += "&filters=\(filters)" }
            if explain { params += "&getRankingInfo=true" }
            if let distinct { params += "&distinct=\(distinct)" }
            if let advancedSyntax { params += "&advancedSyntax=\(advancedSyntax)" }
            if let aroundLatLng { params += "&aroundLatLng=\(aroundLatLng)" }
            if let aroundRadius { params += "&aroundRadius=\(aroundRadius)" }
            print(AlgoliaResponse.json(results, params: params).serialized())
            if results.nbHits == 0 { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            StandardError.write("instantsearch query: \(error)\n")
            throw ExitCode(2)
        }
    }

    /// One search of a table, printed as for a file; what only the embedded engine reads is refused.
    private func searchPostgres(_ text: String, table: String, text query: String) throws {
        do {
            let others = [
                settingsOptions.display, settingsOptions.searchable, settingsOptions.numeric, settingsOptions.sort,
                settingsOptions.hitsLayout, settingsOptions.queryType,
            ]
            guard others.allSatisfy(\.isEmpty) else {
                throw ValidationError("--display, --searchable, --numeric, --sort, --hits-layout and --query-type apply to files, not to --postgres.")
            }
            let facetNames = settingsOptions.facets.flatMap { $0.split(separator: ",").map { $0.filter { $0 != " " } } }
            let url = try PostgresConnectionURL(parsing: text)
            var search = Query(text: query, page: page, hitsPerPage: hitsPerPage)
            search.facets = facetNames.isEmpty ? ["*"] : facetNames
            search.filters = filters
            let indexed = search
            let results = try blocking {
                let backend = try await PostgresBackend.connect(url: url, tables: [table])
                defer { backend.session.close() }
                return try await backend.search(IndexedQuery(indexName: backend.tables[0].indexName, query: indexed))
            }
            print(AlgoliaResponse.json(results, params: "query=\(query)&page=\(page)&hitsPerPage=\(hitsPerPage)").serialized())
            if results.nbHits == 0 { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CommandFailure("instantsearch query", error)
        }
    }
}
