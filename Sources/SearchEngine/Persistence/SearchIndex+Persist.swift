extension SearchIndex {
    /// Writes the built index to `path` (aside, then renamed into place), for `open(path:)`.
    public func write(to path: String) throws {
        try IndexFile.write(self, to: path)
    }

    /// Whether `path` holds an index written by `write(to:)` (by its first bytes).
    public static func isIndexFile(path: String) -> Bool {
        IndexFile.isIndexFile(path: path)
    }
}
