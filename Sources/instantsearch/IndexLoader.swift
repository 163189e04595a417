import Foundation
import InstantSearchCore
import SearchEngine

/// Turns the command line's files (and standard input) into built indices.
struct IndexLoader {
    let files: [String]
    let settings: String?
    let stdinName: String
    var options = LoadOptions.strict

    func load() throws -> [SearchIndex] {
        let readsStdin = files.contains("-") || (files.isEmpty && isatty(STDIN_FILENO) == 0)
        var indices: [SearchIndex] = []
        var names = Set<String>()
        let paths = files.filter { $0 != "-" }
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else {
                throw DataError(file: path, message: "no such file")
            }
            let settingsPath = paths.count == 1 && !readsStdin ? settings : nil
            progress.show("indexing \(path)…")
            // An index file (from `instantsearch index`) opens as it is; a data file is indexed now.
            let index = try SearchIndex.open(path: path, settingsPath: settingsPath, options: options)
            guard names.insert(index.name).inserted else {
                throw DataError(file: path, message: "another file already gives an index named \"\(index.name)\"")
            }
            indices.append(index)
        }
        if readsStdin {
            progress.show("reading standard input…")
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            let records = try DataLoader.load(bytes: bytes, name: "<stdin>", options: options)
            guard !records.isEmpty else { throw DataError(file: "<stdin>", message: "no records arrived on standard input") }
            let indexSettings = try settings.map(IndexSettings.load(path:)) ?? IndexSettings()
            indices.append(SearchIndex(name: stdinName, records: records, settings: indexSettings))
        }
        progress.clear()
        return indices
    }

    private let progress = ProgressLine()
}

/// One line on standard error while large files load, erased before the interface opens;
/// nothing at all when standard error is not a terminal.
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
