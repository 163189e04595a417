import Foundation
import InstantSearchCore
import ShellIntegration
import Testing

/// Picks remembered per source: frequency and recency together, bounded, kept in a file.
@Suite struct FrecencyStoreTests {
    let day = 86_400
    let now = 1_800_000_000

    @Test func moreRecentAndMoreFrequentScoreHigher() {
        var store = FrecencyStore(path: "/unused")
        store.record(["old"], now: now - 10 * day)
        store.record(["recent"], now: now - 1 * day)
        store.record(["often", "often", "often"], now: now - 1 * day)
        #expect(store.score(of: "never", now: now) == 0)
        #expect(store.score(of: "recent", now: now) > store.score(of: "old", now: now))
        #expect(store.score(of: "often", now: now) > store.score(of: "recent", now: now))
        // Television's formula: ln(1 + picks) / days.
        #expect(abs(store.score(of: "recent", now: now) - log1p(1)) < 1e-9)
        // A pick a moment ago counts as a tenth of a day old, not as infinitely recent.
        store.record(["now"], now: now)
        #expect(abs(store.score(of: "now", now: now) - log1p(1) * 10) < 1e-9)
    }

    @Test func boundedByDroppingTheLeastRecentlyPicked() {
        var store = FrecencyStore(path: "/unused")
        for offset in 0..<(FrecencyStore.maximumEntries + 5) { store.record(["key \(offset)"], now: now + offset) }
        #expect(store.entries.count == FrecencyStore.maximumEntries)
        #expect(store.entries["key 4"] == nil && store.entries["key 5"] != nil)
    }

    @Test func savedAndLoadedPerSource() throws {
        let tree = try TemporaryTree(["x": ""])
        let path = FrecencyStore.path(source: "files", environment: ["XDG_STATE_HOME": tree.root + "/state"])
        #expect(path == tree.root + "/state/instantsearch/frecency/files.tsv")
        #expect(FrecencyStore.path(source: "../a b", environment: ["XDG_STATE_HOME": "/s"]) == "/s/instantsearch/frecency/.._a_b.tsv")
        #expect(try FrecencyStore.load(path: path).entries.isEmpty)
        try FrecencyStore.record(["a\tpath\nwith breaks", "plain"], now: now, path: path)
        try FrecencyStore.record(["plain"], now: now + 5, path: path)
        var expected = FrecencyStore(path: path)
        expected.record(["a\tpath\nwith breaks", "plain"], now: now)
        expected.record(["plain"], now: now + 5)
        let loaded = try FrecencyStore.load(path: path)
        #expect(loaded == expected)
        #expect(loaded.entries["plain"] == FrecencyStore.Entry(picks: 2, lastPick: now + 5))
    }

    @Test func aLinkInTheStoresPlaceIsRefusedNeverWrittenThrough() throws {
        let tree = try TemporaryTree(["target.txt": "precious\n"])
        let path = FrecencyStore.path(source: "files", environment: ["XDG_STATE_HOME": tree.root + "/state"])
        try FileManager.default.createDirectory(atPath: tree.root + "/state/instantsearch/frecency", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: tree.root + "/target.txt")
        let refusal = StateFileError(path: path, problem: .symbolicLink(target: tree.root + "/target.txt"))
        #expect(throws: refusal) { _ = try FrecencyStore.load(path: path) }
        #expect(throws: refusal) { try FrecencyStore.record(["a"], now: now, path: path) }
        #expect(try String(contentsOfFile: tree.root + "/target.txt", encoding: .utf8) == "precious\n")
    }

    @Test func twoPicksAtOnceBothCount() throws {
        let tree = try TemporaryTree(["x": ""])
        let path = FrecencyStore.path(source: "files", environment: ["XDG_STATE_HOME": tree.root + "/state"])
        let group = DispatchGroup()
        for session in 0..<2 {
            group.enter()
            Thread {
                for _ in 0..<25 { try? FrecencyStore.record(["shared", "own \(session)"], now: now, path: path) }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let store = try FrecencyStore.load(path: path)
        #expect(store.entries["shared"]?.picks == 50 && store.entries["own 0"]?.picks == 25 && store.entries["own 1"]?.picks == 25)
    }
}
