#if canImport(Glibc)
import Glibc
#endif

/// What a list is, for learning from the picks made in it: a query's line (`QueryLine.list`)
/// says which list it was made on, and re-ranking counts a pick only for the same list
/// (`ReRankingTable(queries:events:lists:)`). A file is its real path. A pipe is nothing: what
/// comes down it is known to no one before it is read (`seq 50` and `seq 99` both arrive as
/// `stdin`), so picks made in a pipe re-rank no list.
public enum InsightsList {
    /// `file:` and the file's real path; nil when there is no such file.
    public static func file(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return "file:" + String(cString: resolved)
    }
}
