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

/// Opens a file whole before anything is shown (`query`, a setup file's indices): an index
/// file as written, else a data file's index from the cache, else built (and cached).
public struct CachedOpen {
    public let cache: IndexCache?
    public let format: DataFormat?
    public var options = LoadOptions.strict
    /// Says on standard error where each index came from.
    public var verbose = false
    /// Settings from the command line, laid over the settings file's.
    public var overrides = SettingsOverrides()
    /// Writes an index built here into the cache (an entry already there is read either way).
    public var stores = true

    /// The index, its named attributes checked against its records (`SettingsCheck`).
    public init(
        cache: IndexCache?, format: DataFormat?, options: LoadOptions = .strict, verbose: Bool = false,
        overrides: SettingsOverrides = SettingsOverrides(), stores: Bool = true
    ) {
        (self.cache, self.format, self.options, self.verbose, self.overrides, self.stores) = (cache, format, options, verbose, overrides, stores)
    }

    public func open(path: String, settingsPath: String?) throws -> SearchIndex {
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
