import InstantSearchCore
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// fzf's `--history FILE`: one query a line, read before the session, a pick's query added
/// after it. A file that cannot be written is found before the interface opens (as fzf does),
/// so the error is one line and the terminal is never touched.
///
/// The file is a `StateFile` the user named: only a regular file of the user's is taken — a
/// symbolic link is refused, even one whose target exists (a pick would write through it to
/// wherever it points), and so are devices such as /dev/full (which accept the open and fail
/// the write) and FIFOs (whose open would wait for a writer). A query is added under the
/// file's lock, to the file as it is then: two sessions ending at once both keep theirs.
public enum HistoryFile {
    /// A history file is a few thousand short lines; a larger file is refused before reading.
    public static let maximumBytes = 16 * 1024 * 1024

    public struct Error: Swift.Error, CustomStringConvertible {
        public let message: String
        public var description: String { "--history: \(message)" }
    }

    /// The history in `path`, created empty if missing; the newest `limit` queries kept.
    ///
    /// The file is opened for writing here, as `record` will open it, and its folder must take
    /// the new file `record` renames over it: whatever would make the write fail after a pick
    /// (no permission, an immutable file, a read-only file system) is found now.
    public static func load(_ path: String, limit: Int) throws(Error) -> QueryHistory {
        let found = try saying { () throws(StateFileError) -> [String] in
            guard let file = try StateFile.open(path, for: .write, rules: .named) else { return [] }
            return try entries(of: file)
        }
        let folder = PathText.deletingLastComponent(path)
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else { throw Error(message: "cannot write '\(path)': \(reason(errno))") }
        return QueryHistory(entries: found, limit: limit)
    }

    /// The queries in `path` (none when it is missing), for query suggestions: nothing is made.
    public static func entries(_ path: String) throws(Error) -> [String] {
        try saying { () throws(StateFileError) -> [String] in
            guard let file = try StateFile.open(path, for: .read, rules: .named) else { return [] }
            return try entries(of: file)
        }
    }

    /// Adds `query` (as `QueryHistory.append` does: not twice in a row, the newest `limit` kept)
    /// to the file as it is now, under its lock; never through a symbolic link put in its place
    /// since `load`.
    public static func record(_ query: String, to path: String, limit: Int) throws(Error) {
        try saying { () throws(StateFileError) in
            let file = try StateFile.locked(path, rules: .named)
            let current = try entries(of: file)
            var history = QueryHistory(entries: current, limit: limit)
            history.append(query)
            guard history.entries != current else { return }
            // A query is one line; a newline pasted into one would split it in two.
            let text = history.entries.map { $0.replacingEvery("\n", with: " ") + "\n" }.joined()
            try file.replace(with: Array(text.utf8))
        }
    }

    private static func entries(of file: StateFile) throws(StateFileError) -> [String] {
        String(decoding: try file.readWhole(limit: maximumBytes), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func saying<T>(_ body: () throws(StateFileError) -> T) throws(Error) -> T {
        do throws(StateFileError) {
            return try body()
        } catch {
            throw failure(error)
        }
    }

    /// The file's problem said as fzf users expect it: what the file is, and what to give instead.
    private static func failure(_ error: StateFileError) -> Error {
        let path = error.path
        switch error.problem {
        case .symbolicLink(let target):
            let dangling = access(path, F_OK) != 0
            return Error(
                message: "'\(path)' is a symbolic link\(target.map { " (to '\($0)'\(dangling ? ", which does not exist" : ""))" } ?? ""); "
                    + "give the history file itself, not a link to it.")
        case .notRegular("a directory"): return Error(message: "'\(path)' is a directory.")
        case .notRegular: return Error(message: "'\(path)' is not a regular file.")
        case .notOwned: return Error(message: "'\(path)' belongs to another user; give a file of yours.")
        case .tooLarge(let limit): return Error(message: "'\(path)' is larger than \(limit >> 20) MiB; not a history file?")
        case .locked: return Error(message: "'\(path)' was held locked by another instance for too long; the query was not added.")
        case .folderNotOurs(let folder): return Error(message: "cannot write '\(path)': '\(folder)' is not a folder.")
        case .system(_, let code): return Error(message: "cannot write '\(path)': \(reason(code))")
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
