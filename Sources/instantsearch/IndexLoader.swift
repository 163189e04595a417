import Foundation
import InstantSearchCore
import SearchCommandLine
import SearchEngine

/// Turns the command line's files (and standard input), or a setup file's, into the backend
/// the interface opens on, at once, whatever their size: every index opens empty, with its
/// settings, and fills in the background (its loader): an index file or a data file's index
/// from the cache is read, anything else is indexed as it is read.
struct IndexLoader {
    let files: [String]
    let settings: String?
    let stdinName: String
    let format: DataFormat?
    let cache: IndexCache?
    /// `--config`: its indices instead of `files`, and its sections checked against them.
    var setup: SetupFile?
    var options = LoadOptions.strict
    /// Settings from the command line, laid over the settings files'.
    var overrides = SettingsOverrides()
    /// `--watch`: data files are read again when they change (`FileWatcher`).
    var watch = false

    struct Loaded {
        let backend: EmbeddedBackend
        /// Started by the interface once it is up.
        let loaders: [any BackgroundLoading]
        /// Indices of plain lines: a pick prints the line itself.
        let lineIndices: Set<String>
        /// Why a loader stopped, to print once the interface has closed.
        let failures: LoadFailures
    }

    func load() throws -> Loaded {
        let progress = ProgressLine()
        defer { progress.clear() }  // before any message, so none is glued to it
        let readsStdin = setup == nil && (files.contains("-") || (files.isEmpty && isatty(STDIN_FILENO) == 0))
        var indices: [SearchIndex] = []
        var streaming: [StreamingIndexLoader] = []
        var opening: [IndexFileLoader] = []
        var lineIndices = Set<String>()
        var names = Set<String>()
        /// Data files by index name, to watch.
        var watched: [String: SetupFile.IndexEntry] = [:]
        func add(_ index: SearchIndex, from source: String) throws {
            guard names.insert(index.name).inserted else {
                throw DataError(file: source, message: "another file already gives an index named \"\(index.name)\"")
            }
            indices.append(index)
        }

        let check = SettingsCheck(overrides: overrides)
        let paths = files.filter { $0 != "-" }
        let sources = setup?.indices ?? paths.map {
            SetupFile.IndexEntry(data: $0, settings: paths.count == 1 && !readsStdin ? settings : nil, format: format)
        }
        for source in sources {
            let path = source.data
            guard FileManager.default.fileExists(atPath: path) else { throw DataError(file: path, message: "no such file") }
            if SearchIndex.isIndexFile(path: path) {
                let loader = try IndexFileLoader(path: path)
                let named = overrides.namedAttributes(forIndex: loader.indexName) + (setup?.namedAttributes(forIndex: loader.indexName) ?? [])
                if named.isEmpty {
                    try check.checkIndexFile(loader.placeholder, path: path)  // what it refuses needs no records
                    try add(loader.placeholder, from: path)
                    opening.append(loader)
                } else {
                    // Attributes named on the command line are checked against the records first.
                    let index = try SearchIndex.open(path: path)
                    try check.checkIndexFile(index, path: path, extra: setup?.namedAttributes(forIndex: index.name) ?? [])
                    try add(index, from: path)
                }
                continue
            }
            let name = SearchIndex.indexName(ofDataFile: path)
            watched[name] = source
            let settingsInForce = source.settings ?? SearchIndex.settingsBeside(path)
            let format = source.format
            let given = overrides.settings(try IndexSettings.load(ifGiven: settingsInForce), forIndex: name)
            let entry = cache?.entry(
                forDataFile: path, format: format, settingsFile: settingsInForce, lenient: options.lenient,
                overrides: overrides.cacheKey(forIndex: name))
            let loader = StreamingIndexLoader(source: .file(path), name: name, format: format, options: options, cacheEntry: entry)
            if let entry {
                // The settings were checked against the records when the entry was made (they are
                // part of its key): the interface opens at once, the index is read behind it.
                switch entry.openInBackground(rebuild: IndexFileLoader.Rebuild(loader: loader, settings: given)) {
                case .hit(let cached):
                    try add(cached.placeholder, from: path)
                    opening.append(cached)
                    continue
                case .miss:
                    break
                case .damaged(let why):
                    // One line, left on the terminal after the session too; the stats line repeats it.
                    note("\(path): the cached index was damaged (\(why)); rebuilding it")
                    loader.remark = "the cached index was damaged: rebuilt"
                }
            }
            progress.show("reading \(path)…")
            let first = try loader.prepare(settings: given)
            try check.check(
                loader.sample, indexName: name, settingsFile: settingsInForce, extra: setup?.namedAttributes(forIndex: name) ?? [])
            try add(first, from: path)
            streaming.append(loader)
        }
        if readsStdin {
            progress.show("waiting for standard input…")
            // Never cached: a pipe has no path, size or time to know it again by.
            let loader = StreamingIndexLoader(source: .standardInput, name: stdinName, format: format, options: options)
            let first = try loader.prepare(settings: overrides.settings(try IndexSettings.load(ifGiven: settings), forIndex: stdinName))
            try check.check(loader.sample, indexName: stdinName, settingsFile: settings)
            try add(first, from: "<stdin>")
            streaming.append(loader)
        }
        try overrides.checkIndexNames(indices.map(\.name))
        try setup?.checkSections(against: indices)
        for loader in streaming where loader.format == .lines { lineIndices.insert(loader.name) }
        let backend = EmbeddedBackend(indices: indices)
        for loader in streaming { loader.backend = backend }
        for loader in opening { loader.backend = backend }
        let loaders: [(name: String, loader: any BackgroundLoading)] =
            streaming.map { ($0.name, $0) } + opening.map { ($0.indexName, $0) }
        let failures = LoadFailures()
        return Loaded(backend: backend, loaders: loaders.map { name, loader in
            guard watch, let source = watched[name] else { return failures.keeping(loader) }
            return failures.keeping(FileWatcher(
                wrapping: loader, path: source.data, indexName: name, format: source.format, options: options, backend: backend))
        }, lineIndices: lineIndices, failures: failures)
    }
}

/// One line on standard error while the sample loads, erased before the interface opens or a
/// message is printed; nothing at all when standard error is not a terminal.
struct ProgressLine {
    private let enabled = isatty(STDERR_FILENO) != 0

    func show(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[Kinstantsearch: \(message)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
