import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Built indices kept between runs, so the second open of an unchanged file reads its index
/// file (a fraction of a second) instead of building it again.
///
/// An entry is named by a hash of what decides the index: the file's absolute path, size and
/// modification time, the format asked for, the settings file's bytes, the index file
/// version and the program's own build. A changed file or settings is simply another entry; the old one ages out. The key is
/// also written inside the entry and checked on every open, so an entry replaced by another
/// index file (valid, but of other data) is refused like a damaged one and built again. Entries
/// are written aside and renamed (`IndexFile.write`), so a reader never sees half of one. The
/// directory is bounded: past `capacityBytes`, the entries used longest ago go first (an entry's
/// modification time is set each time it is opened).
public struct IndexCache: Sendable {
    public let directory: String
    public let capacityBytes: Int
    /// Past this size the user is told once where the cache is and how to clear it
    /// (`sizeNotice`): a cache that grows silently to gigabytes is a surprise, one that says
    /// so once is not a nag.
    public let noticeBytes: Int

    public static let defaultCapacityBytes = 1 << 30
    public static let defaultNoticeBytes = 100 << 20

    public init(directory: String, capacityBytes: Int = IndexCache.defaultCapacityBytes, noticeBytes: Int = IndexCache.defaultNoticeBytes) {
        self.directory = directory
        self.capacityBytes = capacityBytes
        self.noticeBytes = noticeBytes
    }

    /// `$XDG_CACHE_HOME/instantsearch`, else `~/.cache/instantsearch`; the cap from
    /// `INSTANTSEARCH_INDEX_CACHE_MB` when set. nil without a home to put it in.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> IndexCache? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.cache"
        } else {
            return nil
        }
        let megabytes = environment["INSTANTSEARCH_INDEX_CACHE_MB"].flatMap(Int.init) ?? (defaultCapacityBytes >> 20)
        return IndexCache(directory: base + "/instantsearch", capacityBytes: max(0, megabytes) << 20)
    }

    /// The entry for a data file as it is now; nil when it is not a regular file (a pipe).
    /// `overrides`: settings given besides the file's (command-line options), as text.
    public func entry(
        forDataFile path: String, format: DataFormat?, settingsFile: String?, lenient: Bool = false,
        csvSeparator: UInt8 = UInt8(ascii: ","), overrides: String = ""
    ) -> Entry? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            let resolved = realpath(path, nil)
        else { return nil }
        let absolute = String(cString: resolved)
        free(resolved)
        var key = "\(String(decoding: IndexFile.magic, as: UTF8.self))|\(absolute)|\(status.st_size)"
        key += "|\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)|\(format?.rawValue ?? "auto")|\(lenient ? "lenient" : "strict")|"
        if csvSeparator != UInt8(ascii: ",") { key += "|separator:\(csvSeparator)" }
        // The program itself: another build may infer or lay out differently.
        var program = stat()
        if stat("/proc/self/exe", &program) == 0 { key += "|\(program.st_size).\(program.st_mtim.tv_sec).\(program.st_mtim.tv_nsec)" }
        if let settingsFile {
            key += (try? DataLoader.readFile(settingsFile)).map { String(decoding: $0, as: UTF8.self) } ?? "unreadable"
        }
        if !overrides.isEmpty { key += "|options:" + overrides }
        let base = PathText.deletingExtension(PathText.lastComponent(absolute))
        let safe = String(base.unicodeScalars.map { $0.isAlphanumeric ? Character($0) : "_" }.prefix(40))
        return Entry(cache: self, path: directory + "/\(safe)-\(Self.hash(key)).idx", key: key)
    }

    /// 128 bits from two FNV-1a passes with different starting points: a name, not a secret.
    static func hash(_ text: String) -> String {
        func fnv(_ basis: UInt64) -> UInt64 {
            text.utf8.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        let digits = [fnv(0xcbf2_9ce4_8422_2325), fnv(0x84222325_cbf29ce4)].map { String($0, radix: 16) }
        return digits.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }

    public struct Entry: Sendable {
        let cache: IndexCache
        /// The entry's index file.
        public let path: String
        /// What decides the index (see `entry(forDataFile:…)`): the file is named by its hash and
        /// holds it whole, checked on open.
        let key: String

        public enum Lookup<Found> {
            case hit(Found)
            case miss
            /// The entry could not be read (truncated, corrupt, another version): it was
            /// removed, and the index must be built again.
            case damaged(String)
        }

        /// The whole index, read and verified now.
        public func open() -> Lookup<SearchIndex> {
            lookup { path in
                let index = try IndexFile.read(path: path, cacheKey: key)
                IndexCache.markUsed(path)
                return index
            }
        }

        /// The index's name and settings now, the rest when the loader starts (the interface
        /// opens meanwhile); `rebuild` builds the data file again if the rest is damaged.
        public func openInBackground(rebuild: IndexFileLoader.Rebuild) -> Lookup<IndexFileLoader> {
            lookup { try IndexFileLoader(path: $0, rebuild: rebuild, cacheKey: key) }
        }

        /// What is in the entry's place, a link or a FIFO too, is looked up (and removed when
        /// damaged): never followed, never waited on.
        private func lookup<Found>(_ read: (String) throws -> Found) -> Lookup<Found> {
            var status = stat()
            guard lstat(path, &status) == 0 else { return .miss }
            do {
                return .hit(try read(path))
            } catch let refused as StateFileError {
                unlink(path)  // a link or a FIFO goes (not what it points to); a directory stays, and is refused again
                return .damaged("it \(refused.reason)")
            } catch {
                unlink(path)
                return .damaged(String(describing: error))
            }
        }

        /// Writes the index (aside, then renamed), then trims the cache to its capacity. Returns
        /// the one-line notice to show when the cache has just passed `noticeBytes` for the first
        /// time (`IndexCache.sizeNotice`), else nil.
        @discardableResult
        public func store(_ index: SearchIndex) throws -> String? {
            try StateFile.makeFolder(cache.directory)
            try IndexFile.write(index, to: path, cacheKey: key, mode: 0o600)
            cache.trim(keeping: path)
            return cache.sizeNotice()
        }
    }

    /// One entry as `instantsearch cache list` shows it.
    public struct Listing: Sendable, Equatable {
        public let path: String
        public let bytes: Int
        /// When it was last opened (or written), seconds since 1970.
        public let used: Double

        /// The entry's file name: the data file's name, then the key's hash.
        public var name: String { PathText.lastComponent(path) }
    }

    /// Every entry, the most recently used first.
    public func entries() -> [Listing] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".idx") && !$0.hasPrefix(".") }.compactMap { name -> Listing? in
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Listing(path: path, bytes: Int(status.st_size), used: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        }.sorted { $0.used > $1.used }
    }

    /// What the entries take together.
    public func totalBytes() -> Int { entries().reduce(0) { $0 + $1.bytes } }

    /// Removes every entry and every temporary file a write left; returns the entries removed
    /// and their bytes. The directory itself stays (with the size notice's mark, so that
    /// clearing it is not told again how to clear it).
    @discardableResult
    public func clear() -> (entries: Int, bytes: Int) {
        var removed = (entries: 0, bytes: 0)
        for entry in entries() where unlink(entry.path) == 0 { removed = (removed.entries + 1, removed.bytes + entry.bytes) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") { unlink(directory + "/" + name) }
        return removed
    }

    /// Sets the entry's time to now (the last to be evicted); a link is not followed.
    static func markUsed(_ path: String) {
        utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW)
    }

    /// The mark that the notice was given (a file in the cache directory).
    static let noticeMark = ".size-notice-given"

    /// The notice, the first time the entries pass `noticeBytes` (nil after, and below it).
    func sizeNotice() -> String? {
        let mark = directory + "/" + Self.noticeMark
        guard access(mark, F_OK) != 0 else { return nil }
        let total = totalBytes()
        guard total > noticeBytes else { return nil }
        guard (try? StateFile.open(mark, for: .write)) != nil else { return nil }
        return
            "the index cache in \(directory) now takes \(total >> 20) MB (at most \(capacityBytes >> 20) MB, INSTANTSEARCH_INDEX_CACHE_MB); 'instantsearch cache clear' empties it"
    }

    /// Removes the entries used longest ago until the rest fit, and temporary files left by
    /// runs that ended mid-write an hour ago or more.
    func trim(keeping kept: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var entries: [(path: String, size: Int, used: Double)] = []
        let hourAgo = Date().timeIntervalSince1970 - 3600
        for name in names {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let used = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            if name.hasPrefix("."), name.hasSuffix(".tmp") {
                if used < hourAgo { unlink(path) }
            } else if name.hasSuffix(".idx") {
                entries.append((path, Int(status.st_size), used))
            }
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > capacityBytes && entry.path != kept {
            if unlink(entry.path) == 0 { total -= entry.size }
        }
    }
}
