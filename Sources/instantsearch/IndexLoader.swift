import Foundation
import InstantSearchCore
import SearchCommandLine
import SearchEngine

/// Turns the command line's files (and standard input) into the backend the interface opens
/// on, at once: an index file as written, a data file's index from the cache when it is
/// there, and anything else as an empty index that fills in the background (its loader).
struct IndexLoader {
    let files: [String]
    let settings: String?
    let stdinName: String
    let format: DataFormat?
    let cache: IndexCache?
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
    }

    func load() throws -> Loaded {
        let progress = ProgressLine()
        defer { progress.clear() }  // before any message, so none is glued to it
        let readsStdin = files.contains("-") || (files.isEmpty && isatty(STDIN_FILENO) == 0)
        var indices: [SearchIndex] = []
        var streaming: [StreamingIndexLoader] = []
        var finished: [FinishedLoading] = []
        var lineIndices = Set<String>()
        var names = Set<String>()
        /// Data files by index name, to watch.
        var watched: [String: String] = [:]
        func add(_ index: SearchIndex, from source: String) throws {
            guard names.insert(index.name).inserted else {
                throw DataError(file: source, message: "another file already gives an index named \"\(index.name)\"")
            }
            indices.append(index)
        }

        let check = SettingsCheck(overrides: overrides)
        let paths = files.filter { $0 != "-" }
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else { throw DataError(file: path, message: "no such file") }
            if SearchIndex.isIndexFile(path: path) {
                let index = try SearchIndex.open(path: path)
                try check.checkIndexFile(index, path: path)
                try add(index, from: path)
                continue
            }
            watched[SearchIndex.indexName(ofDataFile: path)] = path
            let settingsPath = paths.count == 1 && !readsStdin ? settings : nil
            let settingsInForce = settingsPath ?? SearchIndex.settingsBeside(path)
            let name = SearchIndex.indexName(ofDataFile: path)
            let entry = cache?.entry(
                forDataFile: path, format: format, settingsFile: settingsInForce, lenient: options.lenient,
                overrides: overrides.cacheKey(forIndex: name))
            var remark: String?
            if let entry {
                let started = ContinuousClock.now
                switch entry.open() {
                case .hit(let index):
                    try check.check(index, settingsFile: settingsInForce)
                    try add(index, from: path)
                    let elapsed = ContinuousClock.now - started
                    let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
                    finished.append(FinishedLoading(indexName: index.name, records: index.recordCount, note: "index from the cache in \(milliseconds) ms"))
                    continue
                case .miss:
                    break
                case .damaged(let why):
                    // One line, left on the terminal after the session too; the stats line repeats it.
                    note("\(path): the cached index was damaged (\(why)); rebuilding it")
                    remark = "the cached index was damaged: rebuilt"
                }
            }
            progress.show("reading \(path)…")
            let loader = StreamingIndexLoader(source: .file(path), name: name, format: format, options: options, cacheEntry: entry)
            loader.remark = remark
            let first = try loader.prepare(settings: overrides.settings(try IndexSettings.load(ifGiven: settingsInForce), forIndex: name))
            try check.check(first, settingsFile: settingsInForce)
            try add(first, from: path)
            streaming.append(loader)
        }
        if readsStdin {
            progress.show("waiting for standard input…")
            // Never cached: a pipe has no path, size or time to know it again by.
            let loader = StreamingIndexLoader(source: .standardInput, name: stdinName, format: format, options: options)
            let first = try loader.prepare(settings: overrides.settings(try IndexSettings.load(ifGiven: settings), forIndex: stdinName))
            try check.check(first, settingsFile: settings)
            try add(first, from: "<stdin>")
            streaming.append(loader)
        }
        try overrides.checkIndexNames(indices.map(\.name))
        for loader in streaming where loader.format == .lines { lineIndices.insert(loader.name) }
        let backend = EmbeddedBackend(indices: indices)
        for loader in streaming { loader.backend = backend }
        let loaders: [any BackgroundLoading] = streaming + finished
        guard watch else { return Loaded(backend: backend, loaders: loaders, lineIndices: lineIndices) }
        let watching = loaders.map { loader -> any BackgroundLoading in
            let name = (loader as? StreamingIndexLoader)?.name ?? (loader as? FinishedLoading)?.progress.indexName
            guard let name, let path = watched[name] else { return loader }
            return FileWatcher(wrapping: loader, path: path, indexName: name, format: format, options: options, backend: backend)
        }
        return Loaded(backend: backend, loaders: watching, lineIndices: lineIndices)
    }
}

/// An index that was ready before the interface opened (from the cache): its one report
/// puts the note on the stats line.
final class FinishedLoading: BackgroundLoading {
    let progress: LoadingProgress

    init(indexName: String, records: Int, note: String) {
        progress = LoadingProgress(indexName: indexName, records: records, isFinished: true, note: note)
    }

    func start(report: @escaping @Sendable (LoadingProgress) -> Void) { report(progress) }
    func cancel() {}
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
