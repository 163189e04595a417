import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What a user picked from one source, to bring it up next time: frequency and recency
/// together, in Television's model — score = ln(1 + picks) / days since the last pick (at
/// least 0.1 day, so a pick a minute ago is not worth a thousand an hour ago).
///
/// The score only breaks ties of text relevance (the sources put it in the custom ranking, after
/// typos, words, proximity, attribute and exactness), so it never lifts a record above a clearly
/// better text match; with an empty query it orders everything.
///
/// One file per source, `$XDG_STATE_HOME/instantsearch/frecency/SOURCE.tsv`, lines of
/// `PICKS <tab> SECONDS <tab> KEY` (KEY escaped as in `CommandLog`), at most `maximumEntries`:
/// the least recently picked go first. A line that does not read is skipped. The file is a
/// `StateFile` (a link or a FIFO there is refused), read within `maximumBytes`, and a pick is
/// added under its lock to the file as it is then, so two sessions ending at once both count.
public struct FrecencyStore: Sendable, Equatable {
    public static let maximumEntries = 1000
    /// What is read of the file: its entries at their longest fit many times over.
    public static let maximumBytes = 8 << 20

    public struct Entry: Sendable, Equatable {
        public var picks: Int
        public var lastPick: Int

        public init(picks: Int, lastPick: Int) {
            self.picks = picks
            self.lastPick = lastPick
        }
    }

    public let path: String
    public private(set) var entries: [String: Entry] = [:]

    public init(path: String) {
        self.path = path
    }

    /// The file of `source` under the state folder (the name kept to letters, digits, `.`, `-`, `_`).
    public static func path(source: String, environment: [String: String]) -> String {
        let safe = String(source.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        return StateFolder.path(environment: environment) + "/frecency/\(safe).tsv"
    }

    /// The store as its file has it (empty when there is none).
    public static func load(path: String) throws(StateFileError) -> FrecencyStore {
        guard let file = try StateFile.open(path, for: .read) else { return FrecencyStore(path: path) }
        return try load(file)
    }

    private static func load(_ file: StateFile) throws(StateFileError) -> FrecencyStore {
        var store = FrecencyStore(path: file.path)
        for line in String(decoding: try file.read(atMost: maximumBytes, from: .start), as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let picks = Int(fields[0]), picks > 0, let last = Int(fields[1]) else { continue }
            store.entries[CommandLog.unescaped(fields[2])] = Entry(picks: picks, lastPick: last)
        }
        return store
    }

    public static func score(_ entry: Entry, now: Int) -> Double {
        let days = max(Double(now - entry.lastPick) / 86_400, 0.1)
        return log1p(Double(entry.picks)) / days
    }

    /// 0 for what was never picked.
    public func score(of key: String, now: Int) -> Double {
        entries[key].map { Self.score($0, now: now) } ?? 0
    }

    public mutating func record(_ keys: [String], now: Int) {
        for key in keys where !key.allSatisfy(\.isWhitespace) {
            var entry = entries[key] ?? Entry(picks: 0, lastPick: now)
            entry.picks += 1
            entry.lastPick = now
            entries[key] = entry
        }
        if entries.count > Self.maximumEntries {
            let oldest = entries.sorted { ($0.value.lastPick, $0.key) < ($1.value.lastPick, $1.key) }
            for (key, _) in oldest.prefix(entries.count - Self.maximumEntries) { entries[key] = nil }
        }
    }

    /// Records `keys` picked `now` in the file at `path` as it is now (its folder made when
    /// missing), under its lock; the file is replaced whole.
    public static func record(_ keys: [String], now: Int, path: String) throws(StateFileError) {
        try StateFile.makeFolder(PathText.deletingLastComponent(path))
        try update(path: path) { $0.record(keys, now: now) }
    }

    /// Forgets `keys` in the file at `path` (`delete-hit`), if there is one.
    public static func forget(_ keys: Set<String>, path: String) throws(StateFileError) {
        guard try StateFile.open(path, for: .read) != nil else { return }
        try update(path: path) { store in
            for key in keys { store.entries[key] = nil }
        }
    }

    private static func update(path: String, _ change: (inout FrecencyStore) -> Void) throws(StateFileError) {
        let file = try StateFile.locked(path)
        var store = try load(file)
        change(&store)
        let lines = store.entries.sorted { $0.key < $1.key }.map { "\($0.value.picks)\t\($0.value.lastPick)\t\(CommandLog.escaped($0.key))\n" }
        try file.replace(with: Array(lines.joined().utf8))
    }
}
