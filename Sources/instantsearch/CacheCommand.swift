import ArgumentParser
import InstantSearchCore
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `instantsearch cache [list|clear|size]`: what the index cache holds, and freeing it.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or empty the index cache (built indices kept for the next open of an unchanged file).",
        discussion: """
            The cache is $XDG_CACHE_HOME/instantsearch, else ~/.cache/instantsearch; it keeps to \
            INSTANTSEARCH_INDEX_CACHE_MB (default 1024), the entries used longest ago going first. \
            'list' prints each entry (size, last use, file), the most recent first; 'size' the total; \
            'clear' removes every entry (each is built again when its file is next opened).
            """
    )

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case list, size, clear
    }

    @Argument(help: "list, size or clear.")
    var action: Action = .list

    func run() throws {
        guard let cache = IndexCache.standard() else {
            StandardError.write("instantsearch cache: no HOME or XDG_CACHE_HOME to keep a cache in\n")
            throw ExitCode(2)
        }
        switch action {
        case .list:
            let entries = cache.entries()
            for entry in entries {
                print("\(Self.megabytes(entry.bytes))\t\(Self.date(entry.used))\t\(entry.path)")
            }
            print("\(entries.count) \(entries.count == 1 ? "entry" : "entries"), \(Self.megabytes(entries.reduce(0) { $0 + $1.bytes })) in \(cache.directory)")
        case .size:
            let entries = cache.entries()
            print("\(Self.megabytes(entries.reduce(0) { $0 + $1.bytes }))\t\(entries.count) \(entries.count == 1 ? "entry" : "entries")\t\(cache.directory)")
        case .clear:
            let removed = cache.clear()
            print("removed \(removed.entries) \(removed.entries == 1 ? "entry" : "entries") (\(Self.megabytes(removed.bytes))) from \(cache.directory)")
        }
    }

    /// "228.4 MB": one decimal, so that small entries do not all read 0.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = Int((Double(bytes) / Double(1 << 20) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    static func date(_ seconds: Double) -> String {
        LocalTime.dateAndMinute(secondsSince1970: seconds)
    }
}
