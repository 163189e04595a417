import Foundation
import InstantSearchCore
import SearchEngine

/// SQLite FTS5 on the same records and keystrokes: an external-content FTS5 table with prefix
/// indexes (1–3 letters) and diacritics removed; hits ordered by the custom ranking (else
/// bm25) with highlight(); facet counts and stats by GROUP BY over the same MATCH — all
/// single-valued facets and stats in one grouped pass, one more per array facet.
enum FTS5Side {
    static func run(_ dataset: BenchDataset, path: String, rounds: Int) throws -> Measurement {
        var started = ContinuousClock.now
        // Kept packed, as the engine keeps them: 10M parsed records would take gigabytes.
        let records = try DataLoader.loadRecords(path: path)
        let parseMS = milliseconds(since: started)

        started = ContinuousClock.now
        let buildCPU = cpuMilliseconds()
        let db = try SQLiteDatabase()
        let single = dataset.facets.filter { !dataset.arrayFacets.contains($0) }
        let columns = dataset.searchable + single.filter { !dataset.searchable.contains($0) }
        let numerics =
            dataset.numeric.filter { !columns.contains($0) }
            + [dataset.customRankingDesc].compactMap { $0 }
            .filter { !dataset.numeric.contains($0) }
        let allColumns = columns + numerics
        func q(_ name: String) -> String { "\"\(name)\"" }
        try db.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;")
        try db.execute("CREATE TABLE d(id INTEGER PRIMARY KEY, objectID TEXT, " + allColumns.map { q($0) }.joined(separator: ", ") + ")")
        try db.execute(
            "CREATE VIRTUAL TABLE f USING fts5(" + dataset.searchable.map { q($0) }.joined(separator: ", ")
                + ", content='d', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')")
        for facet in dataset.arrayFacets { try db.execute("CREATE TABLE \(q("g_" + facet))(id INTEGER, value TEXT)") }
        try db.execute("BEGIN")
        let insertD = try db.prepare("INSERT INTO d VALUES(?1, ?2" + allColumns.indices.map { ", ?\($0 + 3)" }.joined() + ")")
        let insertF = try db.prepare(
            "INSERT INTO f(rowid, " + dataset.searchable.map { q($0) }.joined(separator: ", ")
                + ") VALUES(?1" + dataset.searchable.indices.map { ", ?\($0 + 2)" }.joined() + ")")
        let insertG = try Dictionary(
            uniqueKeysWithValues: dataset.arrayFacets.map {
                ($0, try db.prepare("INSERT INTO \(q("g_" + $0)) VALUES(?1, ?2)"))
            })
        for i in 0..<records.count {
            let record = records[i]
            let id = i + 1
            insertD.reset()
            insertD.bind(1, id)
            insertD.bind(2, record["objectID"]?.displayText ?? String(i))
            for (c, column) in allColumns.enumerated() {
                let value = record[column]
                if let n = value?.numberValue {
                    insertD.bind(Int32(c + 3), n)
                } else if let v = value, v != .null {
                    insertD.bind(Int32(c + 3), v.displayText)
                } else {
                    insertD.bindNull(Int32(c + 3))
                }
            }
            _ = try insertD.step()
            insertF.reset()
            insertF.bind(1, id)
            for (c, column) in dataset.searchable.enumerated() { insertF.bind(Int32(c + 2), record[column]?.displayText ?? "") }
            _ = try insertF.step()
            for (facet, statement) in insertG {
                for value in record[facet]?.arrayValue ?? [] {
                    statement.reset()
                    statement.bind(1, id)
                    statement.bind(2, value.displayText)
                    _ = try statement.step()
                }
            }
        }
        for facet in dataset.arrayFacets { try db.execute("CREATE INDEX \(q("gi_" + facet)) ON \(q("g_" + facet))(id)") }
        try db.execute("COMMIT")
        try db.execute("INSERT INTO f(f) VALUES('optimize')")
        let buildMS = milliseconds(since: started)
        let buildCPUMS = cpuMilliseconds() - buildCPU
        let recordCount = records.count

        let order = dataset.customRankingDesc.map { "d.\(q($0)) DESC" } ?? "bm25(f)"
        let highlights = dataset.searchable.indices.map { "highlight(f, \($0), '<em>', '</em>')" }.joined(separator: ", ")
        let hitsSQL = "SELECT d.objectID, \(highlights) FROM f JOIN d ON d.id = f.rowid WHERE f MATCH ?1 ORDER BY \(order) LIMIT 20"
        let stats = dataset.numeric.map { "min(d.\(q($0))), max(d.\(q($0))), sum(d.\(q($0))), count(d.\(q($0)))" }
        let groupSQL =
            "SELECT " + (single.map { "d.\(q($0))" } + ["count(*)"] + stats).joined(separator: ", ")
            + " FROM f JOIN d ON d.id = f.rowid WHERE f MATCH ?1"
            + (single.isEmpty ? "" : " GROUP BY " + single.map { "d.\(q($0))" }.joined(separator: ", "))
        let hitsStatement = try db.prepare(hitsSQL)
        let groupStatement = try db.prepare(groupSQL)
        let arrayStatements = try dataset.arrayFacets.sorted().map { facet in
            try db.prepare("SELECT g.value, count(*) FROM f JOIN \(q("g_" + facet)) g ON g.id = f.rowid WHERE f MATCH ?1 GROUP BY g.value")
        }

        var samples: [Double] = []
        var cpuSamples: [Double] = []
        var totalHits = 0
        for round in 0...rounds {
            for text in BenchDataset.keystrokes {
                let start = ContinuousClock.now
                let cpu = cpuMilliseconds()
                let hits = try keystroke(
                    text, hits: hitsStatement, group: groupStatement, arrays: arrayStatements,
                    facetCount: single.count, statCount: dataset.numeric.count)
                let elapsed = milliseconds(since: start)
                if round > 0 { samples.append(elapsed); cpuSamples.append(cpuMilliseconds() - cpu) }
                if round == 1 { totalHits += hits }
            }
        }
        return Measurement(
            side: "sqlite-fts5", dataset: dataset.name, records: recordCount, parseMS: parseMS, buildMS: buildMS, openMS: nil,
            peakMB: peakMemoryMB(), keystrokeMS: samples, totalHits: totalHits, buildCPUMS: buildCPUMS, keystrokeCPUMS: cpuSamples)
    }

    /// `"star" "wa"*`: every word a phrase, the last one a prefix unless a space follows it.
    static func matchExpression(_ text: String) -> String {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !words.isEmpty else { return "" }
        let prefix = !(text.last?.isWhitespace ?? true)
        return words.enumerated().map { i, w in "\"\(w)\"" + (prefix && i == words.count - 1 ? "*" : "") }
            .joined(separator: " ")
    }

    /// One keystroke's answer: top 20 with highlights, every facet's top 100, stats. Returns nbHits.
    static func keystroke(
        _ text: String, hits: Statement, group: Statement, arrays: [Statement], facetCount: Int, statCount: Int
    ) throws -> Int {
        let expression = matchExpression(text)
        var page: [String] = []
        hits.reset()
        hits.bind(1, expression)
        while try hits.step() { page.append(hits.text(0) + hits.text(1)) }

        var nbHits = 0
        var counts = [[String: Int]](repeating: [:], count: facetCount)
        var minimum = [Double](repeating: .infinity, count: statCount)
        var maximum = [Double](repeating: -.infinity, count: statCount)
        var sum = [Double](repeating: 0, count: statCount)
        group.reset()
        group.bind(1, expression)
        while try group.step() {
            let n = group.int(Int32(facetCount))
            nbHits += n
            for f in 0..<facetCount { counts[f][group.text(Int32(f)), default: 0] += n }
            for s in 0..<statCount {
                let base = Int32(facetCount + 1 + s * 4)
                minimum[s] = min(minimum[s], group.double(base))
                maximum[s] = max(maximum[s], group.double(base + 1))
                sum[s] += group.double(base + 2)
            }
        }
        var arrayCounts: [[String: Int]] = []
        for statement in arrays {
            statement.reset()
            statement.bind(1, expression)
            var c: [String: Int] = [:]
            while try statement.step() { c[statement.text(0)] = statement.int(1) }
            arrayCounts.append(c)
        }
        // The same presentation work as the engine: each facet's values ranked, the top 100 kept.
        for c in counts + arrayCounts {
            _ = c.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(100)
        }
        return nbHits
    }
}
