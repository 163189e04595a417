/// Why an index file cannot be opened. A type of its own, apart from `DataError`, so that a
/// caller keeping index files as a cache can catch it and rebuild, while a data file's
/// mistakes still reach the user.
public struct IndexFileError: Error, CustomStringConvertible, Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// The file does not start with an index file's signature: a data file or a foreign one.
        case notAnIndexFile
        /// Written in another version of the format (`found`); this build reads `IndexFile.version`.
        case unsupportedVersion(found: Int)
        /// Truncated, corrupted or inconsistent: a checksum, a length or a cross-check failed.
        case damaged
        /// A cache entry whose key (data file, size, time, settings) is not the one it was
        /// opened under: another index file put in its place.
        case otherCacheKey
    }

    public var file: String
    public var reason: Reason
    /// Where the damage was seen ("section postings: checksum mismatch").
    public var detail: String

    public init(file: String, reason: Reason, detail: String = "") {
        self.file = file
        self.reason = reason
        self.detail = detail
    }

    public var description: String {
        switch reason {
        case .notAnIndexFile:
            return "\(file): not an index file (it does not start with an index file's signature)"
        case .unsupportedVersion(let found):
            return "\(file): index format v\(found), this build reads v\(IndexFile.version): rebuild it with 'instantsearch index'"
        case .damaged:
            return "\(file): the index file is damaged (\(detail)); rebuild it with 'instantsearch index'"
        case .otherCacheKey:
            return "\(file): this cache entry was made for another data file or other settings"
        }
    }
}
