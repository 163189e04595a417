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
    ///
    /// The file is opened for writing here, as `save` will open it, so whatever would make the
    /// write fail after a pick (no permission, an immutable file, a read-only file system) is
    /// found now. Only a regular file is taken: a symbolic link, even one whose target exists,
    /// is refused (a pick would write through it to wherever it points), and so are devices
    /// such as /dev/full, which accept the open and fail the write.
    public static func load(_ path: String, limit: Int) throws(Error) -> QueryHistory {
        try requireNoLink(path)
        var status = stat()
        if lstat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) != S_IFDIR else { throw Error(message: "'\(path)' is a directory.") }
            guard (status.st_mode & S_IFMT) == S_IFREG else { throw Error(message: "'\(path)' is not a regular file.") }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw openError(path, errno) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw Error(message: "'\(path)' is not a regular file.")
        }
        guard Int(status.st_size) <= maximumBytes else {
            throw Error(message: "'\(path)' is larger than \(maximumBytes / 1024 / 1024) MiB; not a history file?")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Error(message: "cannot read '\(path)': \(reason(errno))") }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        return QueryHistory(entries: lines, limit: limit)
    }

    /// Writes the history back, one query a line, into the file itself: never through a
    /// symbolic link put in its place since `load` (`O_NOFOLLOW`).
    public static func save(_ history: QueryHistory, to path: String) throws(Error) {
        // A query is one line; a newline pasted into one would split it in two.
        let text = history.entries.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
        try requireNoLink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw openError(path, errno) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Error(message: "cannot write '\(path)': \(reason(errno))") }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Refuses a symbolic link, saying where it points (and whether that exists), rather
    /// than the "File exists" or "Too many levels of symbolic links" the open would give.
    private static func requireNoLink(_ path: String) throws(Error) {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        let dangling = access(path, F_OK) != 0
        throw Error(
            message: "'\(path)' is a symbolic link (to '\(target)'\(dangling ? ", which does not exist" : "")); "
                + "give the history file itself, not a link to it.")
    }

    private static func openError(_ path: String, _ code: Int32) -> Error {
        // ELOOP: the path became a link between the check and the open.
        code == ELOOP
            ? Error(message: "'\(path)' is a symbolic link; give the history file itself, not a link to it.")
            : Error(message: "cannot write '\(path)': \(reason(code))")
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
