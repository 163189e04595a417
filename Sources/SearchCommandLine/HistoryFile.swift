import Foundation
import TerminalUI

/// fzf's `--history FILE`: one query a line, read before the session, written after a pick.
/// A file that cannot be written is found before the interface opens (as fzf does), so the
/// error is one line and the terminal is never touched.
public enum HistoryFile {
    /// A history file is a few thousand short lines; a larger file is refused before reading.
    public static let maximumBytes = 16 * 1024 * 1024

    public struct Error: Swift.Error, CustomStringConvertible {
        public let message: String
        public var description: String { "--history: \(message)" }
    }

    /// The history in `path`, created empty if missing; the newest `limit` queries kept.
    public static func load(_ path: String, limit: Int) throws(Error) -> QueryHistory {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else { throw Error(message: "'\(path)' is a directory.") }
            guard access(path, R_OK | W_OK) == 0 else { throw Error(message: "cannot write '\(path)': \(reason(errno))") }
            let size = (try? manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= maximumBytes else { throw Error(message: "'\(path)' is larger than \(maximumBytes / 1024 / 1024) MiB; not a history file?") }
            guard let data = manager.contents(atPath: path) else { throw Error(message: "cannot read '\(path)'.") }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            return QueryHistory(entries: lines, limit: limit)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Error(message: "cannot write '\(path)': \(reason(errno))") }
        close(descriptor)
        return QueryHistory(entries: [], limit: limit)
    }

    /// Writes the history back, one query a line.
    public static func save(_ history: QueryHistory, to path: String) throws(Error) {
        // A query is one line; a newline pasted into one would split it in two.
        let text = history.entries.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Error(message: "cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
