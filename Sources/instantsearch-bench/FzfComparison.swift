import Foundation

/// Ours beside fzf 0.74.5 on plain lines, like for like, in one run: each measure is taken for
/// one program then the other on the same input, so both meet the same load.
///  - keys: keystrokes through a pseudo-terminal (`KeyLatencySide`), echo and final frame,
///    and each session's peak memory;
///  - start: process start to the first frame, on `seq 100` (scripts/start-latency.py);
///  - filter: a script's whole process, `cat FILE | PROGRAM --filter QUERY`, wall time (the
///    median of `runs`), peak memory, and whether both printed the same bytes.
/// `programs` runs one side alone ("ours" or "fzf").
struct FzfComparison {
    var binary: String
    var tools: KeyLatencySide.Tools
    var programs: Set<String>
    var runs: Int
    var keyRepeats: Int

    private var sides: [(name: String, path: String)] {
        [("instantsearch", binary), ("fzf 0.74.5", tools.fzf)].filter { programs.contains($0.name == "instantsearch" ? "ours" : "fzf") }
    }

    /// The machine's load, printed beside each table (the machine may be shared: read the ratios).
    static var load: String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    func keys(_ inputs: [LineInput]) -> String {
        var rows: [String] = []
        var reports: [String] = []
        let loadBefore = Self.load
        for input in inputs {
            let name = "\(input.name) (\(input.lineCount))"
            for text in input.typed {
                for round in 1...(input.name == "lines-100" ? keyRepeats : 1) {
                    for side in sides {
                        let ours = side.path == binary
                        let (row, report) = KeyLatencySide.measure(
                            program: side.path, name: side.name, profile: ours, file: input.path, text: text, startup: input.startup, tools: tools)
                        rows.append(KeyLatencySide.cells(input: name, text: text, row, side.name))
                        if ours, !report.isEmpty {
                            let title = "  \(input.name), `\(text)`" + (input.name == "lines-100" ? ", round \(round)" : "") + ": instantsearch --profile"
                            reports.append(([title] + report.split(separator: "\n").map { "    " + $0 }).joined(separator: "\n"))
                        }
                    }
                }
            }
        }
        return [
            "\nKeystroke to screen, one key at a time into a 120x40 pseudo-terminal, lines from a pipe (\(tools.keyLatency)); "
                + "load \(loadBefore) → \(Self.load)", KeyLatencySide.header,
        ]
        .joined(separator: "\n") + "\n" + rows.joined(separator: "\n")
            + (reports.isEmpty ? "" : "\n\nWhere our time went (the loop's own clock, per step):\n" + reports.joined(separator: "\n"))
    }

    /// Start to first frame on `seq 100` from a pipe, `runs` starts each.
    func start(_ input: LineInput) -> String {
        var lines = ["\nStart to first frame, \(input.name) from a pipe, \(runs) starts each (\(tools.startLatency)); load \(Self.load)"]
        for side in sides {
            let script = "f=$1; shift; cat \"$f\" | \"$@\""
            let result = KeyLatencySide.run(
                [tools.python, tools.startLatency, "--runs", String(runs), "--", "/bin/sh", "-c", script, "sh", input.path, side.path])
            lines.append("  \(side.name): " + (result.status == 0 ? result.output.trimmingCharacters(in: .whitespacesAndNewlines) : "failed: \(result.output)"))
        }
        return lines.joined(separator: "\n")
    }

    /// Every filter query of every input, each program `runs` times, alternating.
    func filter(_ inputs: [LineInput]) -> String {
        var rows = [
            "\nWhole process `cat FILE | PROGRAM --filter QUERY`, wall ms median of \(runs) (min–max), peak MB; load \(Self.load)",
            "| lines | query | instantsearch | fzf 0.74.5 | fzf / ours | peak MB ours / fzf | same output |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for input in inputs {
            let name = "\(input.name) (\(Report.format(input.megabytes, 1)) MB)"
            for query in input.filters {
                var outcomes: [String: [PipedRun.Outcome]] = [:]
                for _ in 0..<runs {
                    for side in sides {
                        do {
                            outcomes[side.name, default: []].append(try PipedRun.run(program: side.path, arguments: ["--filter", query], file: input.path))
                        } catch {
                            FileHandle.standardError.write(Data("instantsearch-bench: \(side.name) --filter \(query): \(error)\n".utf8))
                        }
                    }
                }
                func cell(_ name: String) -> (String, Double?, Double?) {
                    guard let all = outcomes[name], !all.isEmpty else { return ("-", nil, nil) }
                    let walls = all.map(\.wallMS).sorted()
                    let median = walls[walls.count / 2]
                    return (
                        "\(Report.format(median, 0)) (\(Report.format(walls[0], 0))–\(Report.format(walls.last!, 0)))", median,
                        all.map(\.peakMB).max()
                    )
                }
                let (ours, oursMS, oursMB) = cell("instantsearch")
                let (fzf, fzfMS, fzfMB) = cell("fzf 0.74.5")
                let ratio = oursMS.flatMap { o in fzfMS.map { Report.format($0 / o, 2) + "×" } } ?? "-"
                let peaks = "\(oursMB.map { Report.format($0, 0) } ?? "-") / \(fzfMB.map { Report.format($0, 0) } ?? "-")"
                let same: String
                if let a = outcomes["instantsearch"]?.first, let b = outcomes["fzf 0.74.5"]?.first {
                    same = a.digest == b.digest && a.bytes == b.bytes ? "yes (\(a.bytes) B)" : "**no** (\(a.bytes) B / \(b.bytes) B)"
                } else {
                    same = "-"
                }
                rows.append("| \(name) | \(Report.code(query)) | \(ours) | \(fzf) | \(ratio) | \(peaks) | \(same) |")
            }
        }
        return rows.joined(separator: "\n")
    }
}
