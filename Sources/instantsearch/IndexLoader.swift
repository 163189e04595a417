import Foundation
import InstantSearchCore
import SearchEngine

/// Turns the command line's files (and standard input) into built indices.
struct IndexLoader {
    let files: [String]
    let settings: String?
    let stdinName: String

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
            let index = try SearchIndex(path: path, settingsPath: settingsPath)
            guard names.insert(index.name).inserted else {
                throw DataError(file: path, message: "another file already gives an index named \"\(index.name)\"")
            }
            indices.append(index)
        }
        if readsStdin {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            let records = try DataLoader.load(bytes: bytes, name: "<stdin>")
            guard !records.isEmpty else { throw DataError(file: "<stdin>", message: "no records arrived on standard input") }
            let indexSettings = try settings.map(IndexSettings.load(path:)) ?? IndexSettings()
            indices.append(SearchIndex(name: stdinName, records: records, settings: indexSettings))
        }
        return indices
    }
}
