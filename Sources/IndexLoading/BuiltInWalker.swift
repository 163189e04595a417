import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

/// fzf's built-in walker (`--walker`, `--walker-root`, `--walker-skip`): with no input named,
/// standard input a terminal and no `FZF_DEFAULT_COMMAND`, the lines are the paths under the
/// roots, as fzf 0.74 lists them — files (and, with `dir`, folders, a `/` after each), hidden
/// files always and hidden folders with `hidden`, links to folders followed with `follow` (never
/// one leading back to a root or above it, nor to a folder it is already inside), the skipped names' folders left
/// out. Paths are bytes as the file system holds them; the walk does not read `.gitignore`
/// (Ctrl-T's `FileWalker` does).
public struct BuiltInWalker: Sendable, Equatable {
    public struct Options: Sendable, Equatable {
        public var files = true
        public var directories = false
        public var follows = true
        public var hidden = true

        public init() {}

        /// `file,dir,follow,hidden` in any order; a bad word, or neither `file` nor `dir`, is
        /// an error naming `--walker` and what it takes.
        public init(parsing text: String) throws(LineOptionError) {
            (files, directories, follows, hidden) = (false, false, false, false)
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                switch word {
                case "file": files = true
                case "dir": directories = true
                case "follow": follows = true
                case "hidden": hidden = true
                default:
                    throw LineOptionError("--walker: \"\(word)\" is not a walker option; allowed: file, dir, follow, hidden (comma-separated)")
                }
            }
            guard files || directories else { throw LineOptionError("--walker: give file or dir (or both): \"\(text)\" lists nothing") }
        }
    }

    public var options: Options
    public var roots: [String]
    /// Folders not walked: a name (`node_modules`), a path from a root (`src/gen`), or a path's
    /// end (`/gen/out`).
    public var skipped: [String]

    public static let defaultSkipped = [".git", "node_modules"]

    public init(options: Options = Options(), roots: [String] = ["."], skipped: [String] = BuiltInWalker.defaultSkipped) {
        (self.options, self.roots, self.skipped) = (options, roots.isEmpty ? ["."] : roots, skipped)
    }

    /// `--walker-skip`'s list: comma-separated, empty names dropped.
    public static func skipList(_ text: String) -> [String] {
        text.split(separator: ",").map(String.init)
    }

    /// Starts the walk on a thread of its own, each path written with a NUL after it (a name
    /// may hold a line end) into a pipe; returns the pipe's read end. The walk stops when the
    /// reader goes away.
    public func start() throws(LineOptionError) -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw LineOptionError("--walker: cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signal(SIGPIPE, SIG_IGN)  // the session may end before the walk: a write error, not a signal
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let walker = self
        Threads.start(named: "instantsearch walker") {
            var buffer: [UInt8] = []
            var gone = false
            func flush() {
                var offset = 0
                while offset < buffer.count, !gone {
                    let count = buffer.withUnsafeBytes { write(writeEnd, $0.baseAddress! + offset, $0.count - offset) }
                    if count < 0 {
                        if errno != EINTR { gone = true }
                    } else {
                        offset += count
                    }
                }
                buffer.removeAll(keepingCapacity: true)
            }
            var emitted = 0
            walker.walk { path in
                buffer += path
                buffer.append(0)
                emitted += 1
                // The first paths at once, so the screen has something to show; then in blocks.
                if emitted <= 64 || buffer.count >= 1 << 16 { flush() }
                return !gone
            }
            flush()
            close(writeEnd)
        }
        return readEnd
    }

    /// Walks each root in turn, breadth first, a folder's files before its folders, names in
    /// byte order; `emit` gets each path and returns false to stop.
    public func walk(_ emit: ([UInt8]) -> Bool) {
        let realRoots = options.follows ? roots.compactMap(Self.realPath) : []
        for root in roots {
            var status = stat()
            guard stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            // Each folder to walk with the folders it is inside, so that a link back to one of
            // them (a loop) is not walked.
            var queue: [(path: [UInt8], inside: [FileIdentity])] = [(Self.trimmed(root), [FileIdentity(status)])]
            var next = 0
            while next < queue.count {
                let (folder, inside) = queue[next]
                queue[next] = ([], [])
                next += 1
                guard let entries = entries(of: folder, realRoots: realRoots, inside: inside) else { continue }
                for file in entries.files where options.files {
                    guard emit(file) else { return }
                }
                for (directory, identity) in entries.directories {
                    if options.directories, !emit(directory + [UInt8(ascii: "/")]) { return }
                    queue.append((directory, inside + [identity]))
                }
            }
        }
    }

    private struct FileIdentity: Hashable {
        let device: UInt
        let inode: UInt
        init(_ status: stat) { (device, inode) = (UInt(status.st_dev), UInt(status.st_ino)) }
    }

    /// A folder's files and the folders to walk next, as paths, each list in byte order.
    private func entries(of folder: [UInt8], realRoots: [[UInt8]], inside: [FileIdentity]) -> (
        files: [[UInt8]], directories: [([UInt8], FileIdentity)]
    )? {
        guard let directory = folder.withCString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var names: [[UInt8]] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        var files: [[UInt8]] = []
        var directories: [([UInt8], FileIdentity)] = []
        for name in names {
            let path = Self.joined(folder, name)
            var status = stat()
            guard name.withCString({ fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            var isDirectory = status.st_mode & S_IFMT == S_IFDIR
            if status.st_mode & S_IFMT == S_IFLNK {
                var target = stat()
                if name.withCString({ fstatat(descriptor, $0, &target, 0) }) == 0, target.st_mode & S_IFMT == S_IFDIR {
                    // A link to a folder: walked only with `follow`, and never back up to a root.
                    guard options.follows, !leadsAbove(path, realRoots: realRoots) else { continue }
                    isDirectory = true
                    status = target
                }
            }
            guard isDirectory else {
                files.append(path)
                continue
            }
            if !options.hidden, name.first == UInt8(ascii: ".") { continue }
            if isSkipped(path, name: name) { continue }
            let identity = FileIdentity(status)
            guard !inside.contains(identity) else { continue }
            directories.append((path, identity))
        }
        return (files, directories)
    }

    /// `skipped` says so: by name, by the whole path, or by the path's end.
    private func isSkipped(_ path: [UInt8], name: [UInt8]) -> Bool {
        let pathText = String(decoding: path, as: UTF8.self)
        let nameText = String(decoding: name, as: UTF8.self)
        for skip in skipped {
            if !skip.contains("/") {
                if skip == nameText { return true }
            } else if skip.hasPrefix("/") {
                if pathText.hasSuffix(skip) { return true }
            } else if pathText == skip || pathText.hasSuffix("/" + skip) {
                return true
            }
        }
        return false
    }

    /// The link's real folder is `/`, a root, or a folder above a root.
    private func leadsAbove(_ path: [UInt8], realRoots: [[UInt8]]) -> Bool {
        guard let real = Self.realPath(path) else { return true }
        if real == [UInt8(ascii: "/")] { return true }
        return realRoots.contains { root in root == real || root.starts(with: real + [UInt8(ascii: "/")]) }
    }

    private static func realPath(_ path: String) -> [UInt8]? { realPath(Array(path.utf8)) }

    private static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// A root as paths start with it: `.` for the current folder (its paths have no `./`),
    /// trailing slashes dropped but the root's own.
    private static func trimmed(_ root: String) -> [UInt8] {
        var bytes = Array(root.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        while bytes.count > 2, bytes[0] == UInt8(ascii: "."), bytes[1] == UInt8(ascii: "/") { bytes.removeFirst(2) }
        return bytes
    }

    private static func joined(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
        if folder == [UInt8(ascii: ".")] { return name }
        if folder == [UInt8(ascii: "/")] { return folder + name }
        return folder + [UInt8(ascii: "/")] + name
    }
}

extension Array where Element == UInt8 {
    fileprivate func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        (self + [0]).withUnsafeBufferPointer { body(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
    }
}
