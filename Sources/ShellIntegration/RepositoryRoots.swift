#if canImport(Glibc)
import Glibc
#endif

/// The git repository a folder is in: the nearest folder at or above it holding `.git` (a
/// folder, or a worktree's file), found with `lstat` alone, no git process. Each folder is
/// looked up once (a command log names the same few folders many times), and a walk stops at
/// `/` or after `maximumDepth` folders.
public final class RepositoryRoots {
    static let maximumDepth = 128
    private var known: [String: String?] = [:]

    public init() {}

    /// nil: not in a repository, or not an absolute path.
    public func root(of directory: String) -> String? {
        guard directory.hasPrefix("/") else { return nil }
        if let cached = known[directory] { return cached }
        var folder = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var walked: [String] = []
        var found: String?
        for _ in 0..<Self.maximumDepth {
            if let cached = known[folder] {
                found = cached
                break
            }
            walked.append(folder)
            var status = stat()
            if lstat(folder == "/" ? "/.git" : folder + "/.git", &status) == 0, [S_IFDIR, S_IFREG].contains(status.st_mode & S_IFMT) {
                found = folder
                break
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { break }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        for folder in walked { known[folder] = .some(found) }
        return found
    }
}
