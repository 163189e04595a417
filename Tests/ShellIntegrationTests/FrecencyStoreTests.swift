import Foundation
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
        var store = FrecencyStore.load(path: path)
        #expect(store.entries.isEmpty)
        store.record(["a\tpath\nwith breaks", "plain"], now: now)
        store.record(["plain"], now: now + 5)
        try store.save()
        let loaded = FrecencyStore.load(path: path)
        #expect(loaded == store)
        #expect(loaded.entries["plain"] == FrecencyStore.Entry(picks: 2, lastPick: now + 5))
    }
}
