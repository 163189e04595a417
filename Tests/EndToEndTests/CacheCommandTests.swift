import Foundation
import Testing

/// `instantsearch cache [list|size|clear]`, what `query` leaves in the cache, and the one-line
/// note when the cache first passes 100 MB; each run with a cache directory of its own.
@Suite struct CacheCommandTests {
    private func sh(_ script: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("is-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try spawn("/bin/sh", ["-c", "cd \(directory.path) && export XDG_CACHE_HOME=$PWD/cache BIN=\(Project.binary) && \(script)"])
    }

    @Test func aQueryCachesNothingUnlessAsked() throws {
        let (status, output) = try sh(
            #"""
            printf 'name\nann\nbob\n' > p.csv
            $BIN query p.csv ann > /dev/null; $BIN cache size
            $BIN query p.csv ann --index-cache > /dev/null; $BIN cache size
            $BIN query p.csv ann --verbose > /dev/null
            """#)
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("0.0 MB\t0 entries\t"), "a one-off query leaves nothing behind")
        #expect(lines[1].contains("\t1 entry\t"))
        #expect(lines[2].hasPrefix("instantsearch: p.csv: index from the cache ("), "what --index-cache left is read")
    }

    /// A cache entry does not keep the format its file was read in: a file of plain lines
    /// reopened from it is still matched fzf's way (inside words) and picked as its lines.
    @Test func plainLinesReopenedFromTheCacheArePickedAsLines() throws {
        let (status, output) = try sh(
            #"""
            printf 'alpha one\nbeta two\ngamma three\n' > list.txt
            $BIN list.txt -q mm --select-1; $BIN query list.txt mm --index-cache > /dev/null; $BIN cache size
            $BIN list.txt -q mm --select-1; echo "second=$?"
            """#)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(status == 0)
        #expect(lines.count == 4)
        #expect(lines.first == "gamma three", "built from the file: the line itself")
        #expect(lines.count > 1 && lines[1].contains("\t1 entry\t"), "the index is in the cache")
        #expect(lines.dropFirst(2).first == "gamma three", "reopened from the cache: the line again, not a JSON record")
        #expect(lines.last == "second=0")
    }

    @Test func listSizeAndClear() throws {
        let (status, output) = try sh(
            #"""
            printf 'name\nann\n' > one.csv; printf 'name\nbob\n' > two.csv
            $BIN query one.csv ann --index-cache > /dev/null; $BIN query two.csv bob --index-cache > /dev/null
            $BIN cache list; echo ---; $BIN cache clear; echo ---; $BIN cache
            """#)
        #expect(status == 0)
        let parts = output.components(separatedBy: "---\n")
        #expect(parts.count == 3)
        let listed = parts[0].split(separator: "\n").map(String.init)
        #expect(listed.count == 3)
        #expect(listed[0].contains("/cache/instantsearch/two-"), "the most recent first")
        #expect(listed[1].contains("/cache/instantsearch/one-"))
        #expect(listed[2].hasPrefix("2 entries, "))
        #expect(parts[1].hasPrefix("removed 2 entries ("))
        #expect(parts[2].hasPrefix("0 entries, 0.0 MB in "))
    }

    @Test func theFirstTimeTheCachePasses100MBOneLineSaysWhereAndHow() throws {
        // A stand-in for entries already there, then one more entry: the note comes once.
        let (status, output) = try sh(
            #"""
            mkdir -p cache/instantsearch && truncate -s 101M cache/instantsearch/big-0.idx
            printf 'name\nann\n' > one.csv; printf 'name\nbob\n' > two.csv
            $BIN query one.csv ann --index-cache > /dev/null; echo ---
            $BIN query two.csv bob --index-cache > /dev/null
            """#)
        #expect(status == 0)
        let parts = output.components(separatedBy: "---\n")
        #expect(parts.count == 2)
        #expect(parts[0].hasPrefix("instantsearch: the index cache in "))
        #expect(parts[0].contains("/cache/instantsearch now takes 101 MB"))
        #expect(parts[0].contains("'instantsearch cache clear' empties it"))
        #expect(parts[0].filter { $0 == "\n" }.count == 1, "one line")
        #expect(parts[1].isEmpty, "said once")
    }
}
