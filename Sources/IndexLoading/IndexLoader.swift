import InstantSearchCore
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Turns the command line's files (and standard input), or a setup file's, into the backend
/// the interface opens on, at once, whatever their size: every index opens empty, with its
/// settings, and fills in the background (its loader): an index file or a data file's index
/// from the cache is read, anything else is indexed as it is read.
public struct IndexLoader {
    public let files: [String]
    public let settings: String?
    public let stdinName: String
    public let format: DataFormat?
    public let cache: IndexCache?
    /// `--config`: its indices instead of `files`, and its sections checked against them.
    public var setup: SetupFile?
    public var options = LoadOptions.strict
    /// Settings from the command line, laid over the settings files'.
    public var overrides = SettingsOverrides()
    /// `--watch`: data files are read again when they change (`FileWatcher`).
    public var watch = false

    public struct Loaded {
        public let backend: EmbeddedBackend
        /// Started by the interface once it is up.
        public let loaders: [any BackgroundLoading]
        /// Indices of plain lines: a pick prints the line itself.
        public let lineIndices: Set<String>
        /// Why a loader stopped, to print once the interface has closed.
        public let failures: LoadFailures
        /// `--header-lines`: each line index's header, as its input gave it.
        public let headers: [String: [[UInt8]]]
        /// What each index opened from a file is (`InsightsList`), for re-ranking; standard
        /// input is nothing known.
        public let lists: [String: String]
    }

    public init(
        files: [String], settings: String?, stdinName: String, format: DataFormat?, cache: IndexCache?, setup: SetupFile? = nil,
        options: LoadOptions = .strict, overrides: SettingsOverrides = SettingsOverrides(), watch: Bool = false
    ) {
        (self.files, self.settings, self.stdinName, self.format, self.cache) = (files, settings, stdinName, format, cache)
        (self.setup, self.options, self.overrides, self.watch) = (setup, options, overrides, watch)
    }

    /// What gives the lines when nothing is named and standard input is a terminal, as in fzf:
    /// `FZF_DEFAULT_COMMAND`, else the built-in walker (`walker`; nil: neither, an error).
    public enum DefaultSource: Equatable {
        case command(String)
        case walker(BuiltInWalker)
    }

    /// The built-in walker, when it may give the input.
    public var walker: BuiltInWalker?

    /// fzf's `start:reload`: the lines come from the reload, so standard input and the default
    /// source are not read; their index opens empty.
    public var startsEmpty = false

    public var defaultSource: DefaultSource? {
        guard !startsEmpty, setup == nil, files.isEmpty, isatty(STDIN_FILENO) != 0 else { return nil }
        if let command = DefaultCommand.command(in: ProcessInfo.processInfo.environment) { return .command(command) }
        return walker.map(DefaultSource.walker)
    }

    public func load() throws -> Loaded {
        let progress = ProgressLine()
        defer { progress.clear() }  // before any message, so none is glued to it
        let readsStdin = !startsEmpty && setup == nil && (files.contains("-") || (files.isEmpty && isatty(STDIN_FILENO) == 0))
        var opened = Opened()
        let paths = files.filter { $0 != "-" }
        let sources =
            setup?.indices
            ?? paths.map {
                SetupFile.IndexEntry(data: $0, settings: paths.count == 1 && !readsStdin ? settings : nil, format: format)
            }
        for source in sources {
            guard FileManager.default.fileExists(atPath: source.data) else { throw DataError(file: source.data, message: "no such file") }
            if SearchIndex.isIndexFile(path: source.data) {
                try openIndexFile(source.data, into: &opened)
            } else {
                try openDataFile(source, into: &opened, progress: progress)
            }
        }
        if readsStdin {
            progress.show("waiting for standard input…")
            // Never cached: a pipe has no path, size or time to know it again by.
            // Standard input is plain lines, as fzf reads it, unless `--format` names another.
            let loader = StreamingIndexLoader(source: .standardInput, name: stdinName, format: format ?? .lines, options: options)
            loader.saysWhenRecords = format == nil
            let first = try loader.prepare(settings: overrides.settings(try IndexSettings.load(ifGiven: settings), forIndex: stdinName))
            try SettingsCheck(overrides: overrides).check(loader.sample, indexName: stdinName, settingsFile: settings)
            try opened.add(first, from: "<stdin>")
            opened.streaming.append(loader)
        }
        if let source = defaultSource {
            // fzf's FZF_DEFAULT_COMMAND, its output read as piped lines are; or the walk's paths,
            // each ended by a NUL (a name may hold a line end).
            var options = options
            let descriptor: Int32
            switch source {
            case .command(let command): descriptor = try DefaultCommand.start(command, environment: ProcessInfo.processInfo.environment)
            case .walker(let walker):
                descriptor = try walker.start()
                options.lineSeparator = .nul
            }
            let loader = StreamingIndexLoader(source: .descriptor(descriptor), name: stdinName, format: format ?? .lines, options: options)
            let first = try loader.prepare(settings: overrides.settings(try IndexSettings.load(ifGiven: settings), forIndex: stdinName))
            try opened.add(first, from: "<stdin>")
            opened.streaming.append(loader)
        }
        if startsEmpty, setup == nil, files.allSatisfy({ $0 == "-" }) {
            // An empty pipe, read as standard input would be: the reload fills the index.
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw DataError(file: "<stdin>", message: "cannot open an empty list") }
            close(ends[1])
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            let loader = StreamingIndexLoader(source: .descriptor(ends[0]), name: stdinName, format: format ?? .lines, options: options)
            let first = try loader.prepare(settings: overrides.settings(try IndexSettings.load(ifGiven: settings), forIndex: stdinName))
            try opened.add(first, from: "<stdin>")
            opened.streaming.append(loader)
        }
        try overrides.checkIndexNames(opened.indices.map(\.name))
        try setup?.checkSections(against: opened.indices)
        return try loaded(opened)
    }

    /// What the sources gave so far: the indices the interface opens on, and what fills them.
    private struct Opened {
        var indices: [SearchIndex] = []
        var streaming: [StreamingIndexLoader] = []
        var opening: [IndexFileLoader] = []
        /// Data files by index name, to watch.
        var watched: [String: SetupFile.IndexEntry] = [:]
        var lists: [String: String] = [:]

        /// `source`: the file's path, or `<stdin>`.
        mutating func add(_ index: SearchIndex, from source: String) throws {
            guard !indices.contains(where: { $0.name == index.name }) else {
                throw DataError(file: source, message: "another file already gives an index named \"\(index.name)\"")
            }
            indices.append(index)
            if source != "<stdin>" { lists[index.name] = InsightsList.file(source) }
        }
    }

    /// An index file: its settings now and its records behind the interface, unless attributes
    /// named on the command line (or a section) must first be checked against the records.
    private func openIndexFile(_ path: String, into opened: inout Opened) throws {
        let check = SettingsCheck(overrides: overrides)
        let loader = try IndexFileLoader(path: path)
        let extra = setup?.namedAttributes(forIndex: loader.indexName) ?? []
        guard overrides.namedAttributes(forIndex: loader.indexName).isEmpty && extra.isEmpty else {
            let index = try SearchIndex.open(path: path)
            try check.checkIndexFile(index, path: path, extra: extra)
            return try opened.add(index, from: path)
        }
        try check.checkIndexFile(loader.placeholder, path: path)  // what it refuses needs no records
        try opened.add(loader.placeholder, from: path)
        opened.opening.append(loader)
    }

    /// A data file: its index from the cache, read behind the interface, else its sample now
    /// (format, settings, the attributes named checked against it) and the rest as it is read.
    private func openDataFile(_ source: SetupFile.IndexEntry, into opened: inout Opened, progress: ProgressLine) throws {
        let path = source.data
        let name = SearchIndex.indexName(ofDataFile: path)
        opened.watched[name] = source
        let settingsInForce = source.settings ?? SearchIndex.settingsBeside(path)
        let given = overrides.settings(try IndexSettings.load(ifGiven: settingsInForce), forIndex: name)
        let entry = cache?.entry(
            forDataFile: path, format: source.format, settingsFile: settingsInForce, lenient: options.lenient, csvSeparator: options.csvSeparator,
            overrides: overrides.cacheKey(forIndex: name))
        let loader = StreamingIndexLoader(source: .file(path), name: name, format: source.format, options: options, cacheEntry: entry)
        if let entry {
            // The settings were checked against the records when the entry was made (they are
            // part of its key): the interface opens at once, the index is read behind it.
            switch entry.openInBackground(rebuild: IndexFileLoader.Rebuild(loader: loader, settings: given)) {
            case .hit(let cached):
                try opened.add(cached.placeholder, from: path)
                return opened.opening.append(cached)
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
        try SettingsCheck(overrides: overrides).check(
            loader.sample, indexName: name, settingsFile: settingsInForce, extra: setup?.namedAttributes(forIndex: name) ?? [])
        try opened.add(first, from: path)
        opened.streaming.append(loader)
    }

    /// The backend on the indices opened, with each data file's query rules (its sibling
    /// NAME.rules.json), and their loaders (watching their files with `--watch`).
    private func loaded(_ opened: Opened) throws -> Loaded {
        let backend = EmbeddedBackend(indices: opened.indices)
        for (name, source) in opened.watched {
            if let rules = SearchIndex.rulesBeside(source.data) { backend.setRules(try RuleSet.loadChecked(path: rules), of: name) }
        }
        for loader in opened.streaming { loader.backend = backend }
        for loader in opened.opening { loader.backend = backend }
        let loaders: [(name: String, loader: any BackgroundLoading)] =
            opened.streaming.map { ($0.name, $0) } + opened.opening.map { ($0.indexName, $0) }
        let failures = LoadFailures()
        return Loaded(
            backend: backend,
            loaders: loaders.map { name, loader in
                guard watch, let source = opened.watched[name] else { return failures.keeping(loader) }
                return failures.keeping(
                    FileWatcher(
                        wrapping: loader, path: source.data, indexName: name, format: source.format, options: options, backend: backend))
            },
            // An index file or a cache entry does not keep the format it was read from: its
            // settings and records say whether it holds plain lines, as for `query`.
            lineIndices: Set(opened.streaming.filter { $0.format == .lines }.map(\.name))
                .union(opened.opening.filter(\.placeholder.holdsPlainLines).map(\.indexName)),
            failures: failures,
            headers: Dictionary(opened.streaming.filter { !$0.header.isEmpty }.map { ($0.name, $0.header) }) { first, _ in first },
            lists: opened.lists)
    }
}
