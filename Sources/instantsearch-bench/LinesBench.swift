import Foundation
import InstantSearchCore
import SearchEngine

/// The lines table: plain lines typed key by key with subsequence, infix and extended-syntax
/// queries, our line search (`LineSearcher`: incremental narrowing, per-line character masks,
/// the scan split over the cores and cancellable), in process: what a keystroke costs the
/// engine, before any screen.
///
/// The lines are made from the shared babynames.csv, one `YEAR/SEX/Name COUNT` path a row,
/// 1.69M of them, and 10M by repeating the rows with the count raised by the copy number
/// (as `GeneratedDataset` does): the same input always gives the same bytes.
enum LinesBench {
    /// Subsequence (`jnfr`), inside words (`lyn`), two terms, and the extended syntax.
    static let typed = ["jnfr", "lyn", "mary 1950", "^199 'beth !/M/", "zoe | chloe"]

    static var keystrokes: [String] {
        typed.flatMap { text in (1...text.count).map { String(text.prefix($0)) } }
    }

    static let sizes = [("lines-1.69m", 1_690_784), ("lines-10m", 10_000_000)]

    /// The lines file for `count` lines, written into `folder` when missing or stale.
    static func ensure(source: String, folder: String, name: String, count: Int) throws -> String? {
        guard let input = FileManager.default.contents(atPath: source) else { return nil }
        let bytes = generate(from: [UInt8](input), count: count)
        let path = (folder as NSString).appendingPathComponent(name + ".txt")
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue == bytes.count {
            return path
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let aside = path + ".\(getpid()).partial"
        try Data(bytes).write(to: URL(fileURLWithPath: aside))
        guard rename(aside, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return path
    }

    /// `name,sex,count,year` rows (LF or CRLF) as `year/sex/name count` lines, repeated (copy k: count + k) up to `count`.
    static func generate(from csv: [UInt8], count: Int) -> [UInt8] {
        // CRLF rows (babynames.csv has them) lose their CR: kept, it would stand inside each line
        // (`1880\r/F/Mary`), where fzf reads one line and a CR is a line end to us.
        var rows = csv.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
        guard !rows.isEmpty else { return [] }
        rows.removeFirst()
        let fields = rows.map { $0.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) }.filter { $0.count == 4 }
        guard !fields.isEmpty else { return [] }
        var output: [UInt8] = []
        var written = 0
        var copy = 0
        while written < count {
            for row in fields where written < count {
                let number = (Int(String(decoding: row[2], as: UTF8.self)) ?? 0) + copy
                output += row[3] + [UInt8(ascii: "/")] + row[1] + [UInt8(ascii: "/")] + row[0] + [UInt8(ascii: " ")]
                output += Array(String(number).utf8) + [UInt8(ascii: "\n")]
                written += 1
            }
            copy += 1
        }
        return output
    }

    /// Our side, in a child process: load, then every keystroke in order (as typed, so a
    /// longer query narrows the last one's matches), `rounds` times after a warm-up round.
    static func measureOurs(path: String, rounds: Int) throws -> Measurement {
        var started = ContinuousClock.now
        let bytes = try readWhole(path)
        let parseMS = milliseconds(since: started)
        started = ContinuousClock.now
        // The searcher takes the bytes over: the file's text is held once.
        let searcher = LineSearcher(bytes: consume bytes)
        let buildMS = milliseconds(since: started)
        var samples: [Double] = []
        var cpuSamples: [Double] = []
        var totalHits = 0
        // BENCH_ONLY="text" replays that one keystroke, each time from a full scan (for profiling);
        // "shorter>text" each time narrowed from the matches of `shorter`, searched untimed first.
        // BENCH_HITS=0 asks for no page, only the count (for profiling the count alone).
        let hitsPerPage = Int(ProcessInfo.processInfo.environment["BENCH_HITS"] ?? "") ?? 20
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"].map { $0.split(separator: ">", omittingEmptySubsequences: false).map(String.init) }
        for round in 0...rounds {
            for text in only.map({ Array(repeating: $0.last!, count: 20) }) ?? keystrokes {
                if let only {
                    searcher.forget()
                    for shorter in only.dropLast() { _ = try searcher.answer(Query(text: shorter, hitsPerPage: 20), options: LineMatchOptions()) }
                }
                let start = ContinuousClock.now
                let cpu = cpuMilliseconds()
                let results = try searcher.search(Query(text: text, hitsPerPage: hitsPerPage), options: LineMatchOptions())
                let elapsed = milliseconds(since: start)
                if round > 0 { samples.append(elapsed); cpuSamples.append(cpuMilliseconds() - cpu) }
                if round == 1 { totalHits += results.nbHits }
            }
        }
        return Measurement(
            side: "lines", dataset: (path as NSString).lastPathComponent, records: searcher.count, parseMS: parseMS, buildMS: buildMS,
            openMS: nil, peakMB: peakMemoryMB(), keystrokeMS: samples, totalHits: totalHits, buildCPUMS: 0, keystrokeCPUMS: cpuSamples)
    }

    /// A file's bytes read straight into one array of its size (no second copy on the way).
    static func readWhole(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
        let size = Int(status.st_size)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let read = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
                guard read > 0 else { break }
                count += read
            }
        }
        guard bytes.count == size else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return bytes
    }

    /// The table for one lines file: our p50 / p99 / max per keystroke, each keystroke's slowest
    /// round, hits, and peak memory against the input's size. (fzf has no such in-process
    /// figure: `FzfComparison` compares the two from outside.)
    static func report(name: String, path: String, fileMB: Double, ours: Measurement) -> String {
        var out = "\n\(name) (\(ours.records) lines, \(Report.format(fileMB, 0)) MB, \(path)), our line search in process\n"
        out += "  ours: p50 \(Report.format(ours.p50, 3)) p99 \(Report.format(ours.p99, 3)) max \(Report.format(ours.max, 3)) ms per keystroke; "
        out += "read \(Report.format(ours.parseMS, 0)) ms + lines and masks \(Report.format(ours.buildMS, 0)) ms; peak \(Report.format(ours.peakMB, 0)) MB "
        out += "(\(Report.format(ours.peakMB / fileMB, 2))× the input); hits \(ours.totalHits)\n"
        let perKey = keystrokes.count
        out += "  per keystroke, slowest round, ms:"
        for (k, key) in keystrokes.enumerated() {
            let ourMS = stride(from: k, to: ours.keystrokeMS.count, by: perKey).map { ours.keystrokeMS[$0] }.max() ?? .nan
            out += (k % 6 == 0 ? "\n   " : "") + " [\(key)] \(Report.format(ourMS, 1))"
        }
        return out + "\n"
    }
}
