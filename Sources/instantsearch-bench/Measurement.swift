import Foundation

/// What one side measured on one data set; a child process prints it as one JSON line.
struct Measurement: Codable {
    var side: String
    var dataset: String
    var records: Int
    /// Reading and parsing the file (the same loader on both sides).
    var parseMS: Double
    /// Building the index from parsed records.
    var buildMS: Double
    /// Opening the persisted index (engine only).
    var openMS: Double?
    var peakMB: Double
    /// One per measured keystroke.
    var keystrokeMS: [Double]
    /// Sum of hit counts over the keystrokes of one round: shows both sides did real work.
    var totalHits: Int
    /// The same in CPU time of the process (all threads).
    var buildCPUMS: Double
    var keystrokeCPUMS: [Double]

    func percentile(_ p: Double, of samples: [Double]? = nil) -> Double {
        let sorted = (samples ?? keystrokeMS).sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }

    var p50: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var max: Double { keystrokeMS.max() ?? .nan }
    /// "cpu p50 / p99 / max ms per keystroke, build cpu s"
    var cpuSummary: String {
        "\(side) cpu: p50 \(Report.format(percentile(50, of: keystrokeCPUMS), 3)) p99 \(Report.format(percentile(99, of: keystrokeCPUMS), 3)) "
            + "max \(Report.format(keystrokeCPUMS.max() ?? .nan, 3)) ms per keystroke, build \(Report.format(buildCPUMS / 1000)) s"
    }
}

enum Report {
    static func format(_ value: Double, _ digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// Text as code in a Markdown table's cell (a bar would end the cell).
    static func code(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "|", with: "\\|") + "`"
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// Both sides' rows and, when both ran, FTS5's figures over ours.
    static func table(engine: Measurement?, fts5: Measurement?, fileMB: Double) -> String {
        var lines: [String] = []
        let header = ["", "p50 ms", "p99 ms", "max ms", "build s", "parse s", "open s", "peak MB", "hits"]
        lines.append(header.enumerated().map { pad($1, $0 == 0 ? 10 : 9) }.joined())
        for m in [engine, fts5].compactMap({ $0 }) {
            let cells = [
                m.side, format(m.p50, 3), format(m.p99, 3), format(m.max, 3), format(m.buildMS / 1000),
                format(m.parseMS / 1000), m.openMS.map { format($0 / 1000) } ?? "-", format(m.peakMB, 0),
                String(m.totalHits),
            ]
            lines.append(cells.enumerated().map { pad($1, $0 == 0 ? 10 : 9) }.joined())
        }
        if let engine, let fts5 {
            let ratio = [
                "FTS5/ours", format(fts5.p50 / engine.p50, 1) + "x", format(fts5.p99 / engine.p99, 1) + "x",
                format(fts5.max / engine.max, 1) + "x", format(fts5.buildMS / engine.buildMS, 1) + "x", "", "",
                format(fts5.peakMB / engine.peakMB, 1) + "x", "",
            ]
            lines.append(ratio.enumerated().map { pad($1, $0 == 0 ? 10 : 9) }.joined())
        }
        for m in [engine, fts5].compactMap({ $0 }) { lines.append("  " + m.cpuSummary) }
        if let engine {
            lines.append("  engine peak memory = \(format(engine.peakMB / fileMB, 1))x the file's size (\(format(fileMB, 1)) MB)")
        }
        return lines.joined(separator: "\n")
    }

    /// The TUI's open, cold and again with what the first open left in the cache.
    static func terminal(_ report: TerminalSide.Report) -> String {
        func seconds(_ ms: Double?) -> String { ms.map { format($0 / 1000) + " s" } ?? "not seen in \(Int(TerminalSide.limitSeconds)) s" }
        func line(_ name: String, _ open: TerminalSide.Open) -> String {
            "  \(name): first frame \(seconds(open.firstFrameMS)), every record counted \(seconds(open.fullCountMS)), "
                + "TUI peak \(format(open.peakMB, 0)) MB"
        }
        return [
            "  instantsearch FILE in a 120x40 pseudo-terminal (first frame: the prompt is drawn; "
                + "counted: the stats line shows every record as a result)",
            line("first open ", report.first), line("second open", report.reopen),
        ].joined(separator: "\n")
    }
}
