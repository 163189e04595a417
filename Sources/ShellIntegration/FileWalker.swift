#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The walker behind Ctrl-T and Alt-C: the files (or folders) under a root, breadth first so
/// the shallow ones arrive first, each handed over as soon as it is seen (the interface fills
/// while the walk goes on).
///
/// It skips `.git` always, hidden entries (a name starting with `.`) unless asked, whatever a
/// `.gitignore` met on the way ignores (`GitignoreRules` says which patterns), and goes no
/// deeper than `maximumDepth` and no further than `maximumCount` entries. Symbolic links are
/// listed, never followed, so a loop cannot trap it. Names that are not UTF-8 are counted in
/// `Summary.skippedNames` instead of being handed over mangled (the path would be wrong).
public struct FileWalker: Sendable {
    public struct Options: Sendable, Equatable {
        public var includeHidden = false
        public var directoriesOnly = false
        public var respectsGitignore = true
        /// Folders below the root: 1 lists the root's own entries only.
        public var maximumDepth = 16
        public var maximumCount = 500_000

        public init() {}
    }

    /// One file or folder. `path` and `dir` are relative to the root ("." for the root itself).
    public struct Entry: Sendable, Equatable {
        /// A folder's ends in `/`, as fzf's walker lists it: what Ctrl-T inserts and Alt-C
        /// changes into says it is a folder, and completes on from there.
        public var path: String
        public var name: String
        /// After the last dot of the name ("" when none, or for a name like `.bashrc`).
        public var ext: String
        public var dir: String
        public var size: Int
        /// Seconds since 1970.
        public var mtime: Int
        public var isDirectory: Bool

        public init(path: String, name: String, ext: String, dir: String, size: Int, mtime: Int, isDirectory: Bool) {
            (self.path, self.name, self.ext, self.dir) = (path, name, ext, dir)
            (self.size, self.mtime, self.isDirectory) = (size, mtime, isDirectory)
        }
    }

    public struct Summary: Sendable, Equatable {
        public var entries = 0
        public var skippedNames = 0
        /// The count or depth bound stopped the walk early.
        public var reachedBound = false
    }

    public let root: String
    public let options: Options

    public init(root: String, options: Options = Options()) {
        self.root = root
        self.options = options
    }

    /// Walks, calling `visit` with each entry; `visit` returns false to stop.
    @discardableResult
    public func walk(_ visit: (Entry) -> Bool) -> Summary {
        var summary = Summary()
        var queue: [(relative: String, depth: Int, rules: GitignoreRules)] = [("", 1, GitignoreRules())]
        var next = 0
        while next < queue.count {
            let (relative, depth, inherited) = queue[next]
            queue[next].rules = GitignoreRules()  // done with: let it go
            next += 1
            let absolute = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(absolute) else { continue }
            defer { closedir(directory) }
            let folder = dirfd(directory)
            var rules = inherited
            if options.respectsGitignore, let text = Self.readSmallFile(at: ".gitignore", in: folder) {
                rules = rules.adding(text, base: relative)
            }
            var names: [String] = []
            while let item = readdir(directory) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { raw -> String? in
                    let bytes = raw.prefix(while: { $0 != 0 })
                    return String(validating: bytes, as: UTF8.self)
                }
                guard let name else {
                    summary.skippedNames += 1
                    continue
                }
                if name == "." || name == ".." || name == ".git" { continue }
                if name.hasPrefix("."), !options.includeHidden { continue }
                names.append(name)
            }
            names.sort()  // the same order on every run and every file system
            for name in names {
                var status = stat()
                guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
                let path = relative.isEmpty ? name : relative + "/" + name
                if !rules.isEmpty, rules.ignores(path: path, name: name, isDirectory: isDirectory) { continue }
                if isDirectory {
                    if depth < options.maximumDepth {
                        queue.append((path, depth + 1, rules))
                    } else {
                        summary.reachedBound = true
                    }
                }
                guard isDirectory || !options.directoriesOnly else { continue }
                let entry = Entry(
                    path: isDirectory ? path + "/" : path, name: name, ext: isDirectory ? "" : Self.extensionOf(name),
                    dir: relative.isEmpty ? "." : relative, size: Int(status.st_size), mtime: Int(status.st_mtim.tv_sec),
                    isDirectory: isDirectory)
                summary.entries += 1
                guard visit(entry) else { return summary }
                if summary.entries >= options.maximumCount {
                    summary.reachedBound = true
                    return summary
                }
            }
        }
        return summary
    }

    static func extensionOf(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// A `.gitignore` of at most 1 MiB (a bigger one is not a list of patterns anyone wrote).
    private static func readSmallFile(at name: String, in folder: Int32) -> String? {
        let descriptor = openat(folder, name, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= 1 << 20 {
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return bytes.count > 1 << 20 ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
