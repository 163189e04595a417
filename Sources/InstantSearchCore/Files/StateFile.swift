#if canImport(Glibc)
import Glibc
#endif

/// A file the program keeps for itself (the insights logs, `--history`, frecency, the
/// integration's command log, the index cache's entries), opened as exactly that file: a
/// regular file of the user's, never through a symbolic link, never a FIFO or a device (so an
/// open never blocks), in a folder that is the user's own and no link either (`Rules.ours`).
/// Anything else is refused (`StateFileError.isRefusal`): the caller says so in one line and
/// neither reads nor writes it. A file of the user's setup that is only read (`Rules.setup`)
/// may be a link, and still only a regular file.
///
/// Reads are bounded (`read(atMost:from:)` keeps whole lines). Writers take the file's lock
/// (`locked`): an append is whole records under it, and a rewrite goes to a file beside it,
/// renamed over it, so a crash leaves the old file or the new one. A writer that waited for
/// the lock while another renamed a new file in finds that out and opens the new one, so two
/// instances writing at once lose nothing.
public final class StateFile {
    /// What the folder must be.
    public struct Rules: Sendable {
        /// The folder is the program's own (under `XDG_STATE_HOME` or `XDG_CACHE_HOME`): a real
        /// folder of the user's. False for a file the user named (`--history`), which may be anywhere.
        public var folderIsOurs: Bool
        /// A file of the user's own setup, only read (the shell's history, often a link into a
        /// folder of dotfiles): links followed, whoever owns it; still a regular file only.
        public var isSetupFile = false

        public static let ours = Rules(folderIsOurs: true)
        public static let named = Rules(folderIsOurs: false)
        public static let setup = Rules(folderIsOurs: false, isSetupFile: true)
    }

    public enum Access: Sendable {
        case read
        /// Read and append, made (mode 0600) when missing.
        case write
    }

    public enum End: Sendable { case start, end }

    public let path: String
    public let descriptor: Int32
    private let folder: Int32
    private let name: String

    private init(path: String, descriptor: Int32, folder: Int32, name: String) {
        self.path = path
        self.descriptor = descriptor
        self.folder = folder
        self.name = name
    }

    deinit {
        close(descriptor)
        close(folder)
    }

    // MARK: Opening

    /// The file, checked; nil when it (or its folder) does not exist and `access` is `.read`.
    public static func open(_ path: String, for access: Access, rules: Rules = .ours) throws(StateFileError) -> StateFile? {
        let (folderPath, name) = split(path)
        let folder = Glibc.open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (rules.folderIsOurs ? O_NOFOLLOW : 0))
        guard folder >= 0 else {
            let code = errno
            if code == ENOENT && access == .read { return nil }
            if code == ELOOP || code == ENOTDIR { throw StateFileError(path: path, problem: .folderNotOurs(folderPath)) }
            throw StateFileError(path: path, problem: .system("cannot open its folder", code))
        }
        var opened = false
        defer { if !opened { close(folder) } }
        var status = stat()
        if rules.folderIsOurs {
            guard fstat(folder, &status) == 0, status.st_uid == geteuid() else {
                throw StateFileError(path: path, problem: .folderNotOurs(folderPath))
            }
        }
        // What is there is looked at before it is opened: a device is not even opened.
        if fstatat(folder, name, &status, rules.isSetupFile ? 0 : AT_SYMLINK_NOFOLLOW) == 0 {
            try check(status, path: path, folder: folder, name: name, rules: rules)
        } else if errno != ENOENT {
            throw StateFileError(path: path, problem: .system("cannot look at it", errno))
        } else if access == .read {
            return nil
        }
        precondition(!rules.isSetupFile || access == .read, "a setup file is only read")
        let flags =
            (access == .read ? O_RDONLY : O_RDWR | O_APPEND | O_CREAT) | (rules.isSetupFile ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_CLOEXEC
        let descriptor = openat(folder, name, flags, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT && access == .read { return nil }
            throw StateFileError(path: path, problem: problem(openFailedWith: code, folder: folder, name: name))
        }
        // Whatever was put there between the look and the open.
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw StateFileError(path: path, problem: .system("cannot look at it", errno))
        }
        do throws(StateFileError) {
            try check(status, path: path, folder: folder, name: name, rules: rules)
        } catch {
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        opened = true
        return StateFile(path: path, descriptor: descriptor, folder: folder, name: name)
    }

    /// The file opened for writing with its lock held (released when the value goes): the
    /// file now at `path`, even if another writer renamed a new one there while this one waited.
    public static func locked(_ path: String, rules: Rules = .ours, timeout: Duration = .seconds(2)) throws(StateFileError) -> StateFile {
        let deadline = ContinuousClock.now + timeout
        while true {
            guard let file = try open(path, for: .write, rules: rules) else {
                throw StateFileError(path: path, problem: .system("cannot open it", ENOENT))
            }
            try file.lock(until: deadline)
            if file.isStillAtItsPath { return file }
            // Replaced while this one waited: the new file, unless the time is up.
            guard ContinuousClock.now < deadline else { throw StateFileError(path: path, problem: .locked) }
        }
    }

    /// Makes `path` and the folders above it that are missing (mode 0700), and checks that it
    /// is a real folder of the user's.
    public static func makeFolder(_ path: String) throws(StateFileError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw StateFileError(path: path, problem: .system("cannot make the folder", errno))
            }
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else {
            throw StateFileError(path: path, problem: .folderNotOurs(path))
        }
    }

    // MARK: Reading and writing

    /// The file's size now.
    public var size: Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    /// At most `limit` bytes from the file's `end` (its newest lines) or `start`, as whole
    /// lines when the file is longer: the line cut by the limit is left out.
    public func read(atMost limit: Int, from end: End) throws(StateFileError) -> [UInt8] {
        let total = size
        let offset = end == .end ? max(0, total - limit) : 0
        var bytes = try read(from: offset, count: min(limit, total))
        if offset > 0 {
            // The first line began before the offset, unless the byte before it ended a line.
            let previous = try read(from: offset - 1, count: 1)
            if previous != [UInt8(ascii: "\n")] {
                bytes.removeFirst(bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count)
            }
        }
        if end == .start && total > limit {
            bytes.removeLast(bytes.count - (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0))
        }
        return bytes
    }

    /// The whole file; refused (`tooLarge`) past `limit` bytes.
    public func readWhole(limit: Int) throws(StateFileError) -> [UInt8] {
        let total = size
        guard total <= limit else { throw StateFileError(path: path, problem: .tooLarge(limit: limit)) }
        return try read(from: 0, count: total)
    }

    /// Whole lines at the end (the file is opened to append): call with the lock held. A last
    /// line without its line end (written by something else) gets one first, so the lines
    /// added are not glued to it.
    public func append(_ bytes: [UInt8]) throws(StateFileError) {
        let total = size
        let last = total > 0 ? try read(from: total - 1, count: 1) : []
        try Self.write(last == [] || last == [UInt8(ascii: "\n")] ? bytes : [UInt8(ascii: "\n")] + bytes, to: descriptor, path: path)
    }

    /// The file's content replaced by `bytes`: written beside it, then renamed over it. Call
    /// with the lock held; the value then names the old file, and is done with.
    public func replace(with bytes: [UInt8]) throws(StateFileError) {
        let temporary = ".\(name).\(getpid()).tmp"
        unlinkat(folder, temporary, 0)
        let output = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw StateFileError(path: path, problem: .system("cannot write beside it", errno)) }
        do throws(StateFileError) {
            defer { close(output) }
            try Self.write(bytes, to: output, path: path)
            guard fsync(output) == 0 else { throw StateFileError(path: path, problem: .system("cannot write", errno)) }
        } catch {
            unlinkat(folder, temporary, 0)
            throw error
        }
        guard renameat(folder, temporary, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw StateFileError(path: path, problem: .system("cannot replace it", code))
        }
    }

    // MARK: Helpers

    private func lock(until deadline: ContinuousClock.Instant) throws(StateFileError) {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw StateFileError(path: path, problem: .system("cannot lock it", errno)) }
            guard ContinuousClock.now < deadline else { throw StateFileError(path: path, problem: .locked) }
            usleep(5_000)
        }
    }

    /// Whether the file opened is still the one at its path (not replaced by another writer).
    private var isStillAtItsPath: Bool {
        var opened = stat()
        var there = stat()
        return fstat(descriptor, &opened) == 0 && fstatat(folder, name, &there, AT_SYMLINK_NOFOLLOW) == 0
            && opened.st_dev == there.st_dev && opened.st_ino == there.st_ino
    }

    private func read(from offset: Int, count: Int) throws(StateFileError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                done += got
            }
            initialized = done
        }
        if failure != 0 { throw StateFileError(path: path, problem: .system("cannot read it", failure)) }
        return bytes
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(StateFileError) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw StateFileError(path: path, problem: .system("cannot write", errno)) }
            done += written
        }
    }

    private static func check(_ status: stat, path: String, folder: Int32, name: String, rules: Rules) throws(StateFileError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw StateFileError(path: path, problem: .symbolicLink(target: linkTarget(folder: folder, name: name)))
        case S_IFDIR: throw StateFileError(path: path, problem: .notRegular("a directory"))
        case S_IFIFO: throw StateFileError(path: path, problem: .notRegular("a FIFO"))
        case S_IFSOCK: throw StateFileError(path: path, problem: .notRegular("a socket"))
        default: throw StateFileError(path: path, problem: .notRegular("a device"))
        }
        guard rules.isSetupFile || status.st_uid == geteuid() else { throw StateFileError(path: path, problem: .notOwned) }
    }

    private static func problem(openFailedWith code: Int32, folder: Int32, name: String) -> StateFileError.Problem {
        switch code {
        case ELOOP: .symbolicLink(target: linkTarget(folder: folder, name: name))
        case EISDIR: .notRegular("a directory")
        // A FIFO opened to write without a reader (O_NONBLOCK): it was one when looked at.
        case ENXIO: .notRegular("a FIFO")
        default: .system("cannot open it", code)
        }
    }

    private static func linkTarget(folder: Int32, name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder, name, &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
