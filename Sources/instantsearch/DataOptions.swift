import ArgumentParser
import Foundation
import InstantSearchCore
import SearchCommandLine
import SearchEngine

extension DataFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(optionName: argument) }
    public static var allValueStrings: [String] { DataFormat.optionNames }
}

/// How data files are read, for every command that reads them.
struct DataOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The data's format: json, ndjson, csv, tsv or lines. Default: the file's extension; standard input and unknown extensions are sniffed.",
        valueName: "format"))
    var format: DataFormat?

    @Flag(name: .customLong("no-index-cache"), help: "Build every index afresh and keep none in the index cache ($XDG_CACHE_HOME/instantsearch).")
    var noIndexCache = false

    var cache: IndexCache? { noIndexCache ? nil : IndexCache.standard() }

    /// The index cache for data read with `options`: none when `--read0` or `--header-lines`
    /// make other records of the same file (the cache's key knows neither).
    func cache(for options: LoadOptions) -> IndexCache? {
        options.headerLines > 0 || options.lineSeparator != .newline ? nil : cache
    }

    /// The format to read: `--format`, else plain lines when a line option says so (`--read0`,
    /// `--header-lines`, `--ansi`), else nil (the extension's, or sniffed).
    func format(for lines: LineArguments) -> DataFormat? {
        format ?? (lines.readsPlainLines ? .lines : nil)
    }

    /// How records are read: `--lenient`'s choice, plain lines' `--read0` and `--header-lines`
    /// and, with `--format csv`, the CSV separator `--delimiter` names (which cuts plain lines
    /// into fields otherwise).
    func loadOptions(_ lenient: LenientOption, lines: LineArguments) throws -> LoadOptions {
        try lines.checkFormat(format?.rawValue)
        var options = try loadOptions(lenient, delimiter: lines.delimiter)
        options.lineSeparator = lines.read0 ? .nul : .newline
        options.headerLines = lines.headerLines ?? 0
        return options
    }

    private func loadOptions(_ lenient: LenientOption, delimiter: String?) throws -> LoadOptions {
        var options = lenient.loadOptions
        if delimiter != nil, let format, format != .csv, format != .lines {
            throw ValidationError("--delimiter cuts plain lines into fields, or sets CSV's separator with --format csv; it does nothing for --format \(format.rawValue).")
        }
        if format == .csv {
            try DelimiterOption.check(delimiter, format: format)
            options.csvSeparator = DelimiterOption.separator(delimiter)
        }
        return options
    }
}

/// Opens a file whole before anything is shown (`query`, a setup file's indices): an index
/// file as written, else a data file's index from the cache, else built (and cached).
struct CachedOpen {
    let cache: IndexCache?
    let format: DataFormat?
    var options = LoadOptions.strict
    /// Says on standard error where each index came from.
    var verbose = false
    /// Settings from the command line, laid over the settings file's.
    var overrides = SettingsOverrides()
    /// Writes an index built here into the cache (an entry already there is read either way).
    var stores = true

    /// The index, its named attributes checked against its records (`SettingsCheck`).
    func open(path: String, settingsPath: String?) throws -> SearchIndex {
        guard FileManager.default.fileExists(atPath: path) else { throw DataError(file: path, message: "no such file") }
        let check = SettingsCheck(overrides: overrides)
        if SearchIndex.isIndexFile(path: path) {
            let index = try SearchIndex.open(path: path)
            try check.checkIndexFile(index, path: path)
            return index
        }
        let settingsInForce = settingsPath ?? SearchIndex.settingsBeside(path)
        let index = try openDataFile(path: path, settingsInForce: settingsInForce)
        try check.check(index, settingsFile: settingsInForce)
        return index
    }

    private func openDataFile(path: String, settingsInForce: String?) throws -> SearchIndex {
        let name = SearchIndex.indexName(ofDataFile: path)
        let entry = cache?.entry(
            forDataFile: path, format: format, settingsFile: settingsInForce, lenient: options.lenient, csvSeparator: options.csvSeparator,
            overrides: overrides.cacheKey(forIndex: name))
        if let entry {
            switch entry.open() {
            case .hit(let index):
                say("\(path): index from the cache (\(entry.path))")
                return index
            case .miss:
                say("\(path): not in the index cache; building")
            case .damaged(let why):
                note("\(path): the cached index was damaged (\(why)); rebuilding it")
            }
        }
        let settings = overrides.settings(try IndexSettings.load(ifGiven: settingsInForce), forIndex: name)
        let index = try SearchIndex(path: path, settings: settings, format: format, options: options)
        if let entry, stores {
            do {
                let notice = try entry.store(index)
                say("\(path): index cached as \(entry.path)")
                if let notice { note(notice) }
            } catch {
                note("\(path): could not write the index cache: \(error)")
            }
        }
        return index
    }

    private func say(_ message: String) {
        if verbose { note(message) }
    }
}

/// One line on standard error, always ending in a newline.
func note(_ message: String) {
    FileHandle.standardError.write(Data("instantsearch: \(message)\n".utf8))
}
