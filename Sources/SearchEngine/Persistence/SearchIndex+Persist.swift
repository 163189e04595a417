extension SearchIndex {
    /// Writes the built index to `path` (aside, then renamed into place), for `open(path:)`.
    public func write(to path: String) throws {
        try IndexFile.write(self, to: path)
    }

    /// Reads an index file and nothing else: a data file, a damaged file or one of another
    /// format version is an `IndexFileError` (what a cache of index files catches to rebuild).
    public static func read(indexFile path: String) throws -> SearchIndex {
        try IndexFile.read(path: path)
    }

    /// Whether `path` holds an index written by `write(to:)` (by its first bytes).
    public static func isIndexFile(path: String) -> Bool {
        IndexFile.isIndexFile(path: path)
    }
}
