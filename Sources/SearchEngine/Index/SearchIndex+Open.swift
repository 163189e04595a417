#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension SearchIndex {
    /// Opens what the command line names: an index file written by `instantsearch index`
    /// (recognised by its first bytes, whatever its name), or else a data file to index now.
    /// A damaged or outdated index file is an `IndexFileError`; a data file's mistakes are `DataError`s.
    public static func open(
        path: String, settingsPath: String? = nil, format: DataFormat? = nil, options: LoadOptions = .strict
    ) throws -> SearchIndex {
        if IndexFile.isIndexFile(path: path) { return try IndexFile.read(path: path) }
        return try SearchIndex(path: path, settingsPath: settingsPath, format: format, options: options)
    }
}
