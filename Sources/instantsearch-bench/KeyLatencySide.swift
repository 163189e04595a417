import Foundation

/// A keystroke's echo and final frame, ours and fzf's, measured from outside with the same
/// tool in the same run: `keylatency.py` (../shared/tools; Python with pyte and ptyprocess)
/// starts the program in a pseudo-terminal, types a text one key at a time, and feeds what
/// the program writes to a terminal emulator. Echo: the first output after a key; final frame:
/// when the screen first reaches what it still shows once the program has been quiet.
///
/// Ours runs with `--profile`, so each row comes with the loop's own breakdown of its time.
enum KeyLatencySide {
    /// The tool's summary of one program on one workload, in milliseconds.
    struct Row {
        var program: String
        var echoP50: Double
        var echoP99: Double
        var finalP50: Double
        var finalP99: Double
        var finalMax: Double
    }

    /// What is typed, into which records: `lines` numbers (`seq`), or a data file.
    struct Workload {
        var name: String
        var text: String
        /// Seconds the tool lets the program start and load before typing.
        var startup: Double
        var file: String?
        var lines: Int?
    }

    /// The tool, beside the datasets folder (../shared/tools/keylatency.py).
    static func tool(datasets: String) -> String {
        ((datasets as NSString).deletingLastPathComponent as NSString).appendingPathComponent("tools/keylatency.py")
    }

    /// Why the side cannot run, or nil: the tool, Python's modules, fzf.
    static func missing(tool: String) -> String? {
        guard FileManager.default.fileExists(atPath: tool) else { return "\(tool) is absent" }
        guard run(["python3", "-c", "import pyte, ptyprocess"]).status == 0 else {
            return "python3 lacks pyte / ptyprocess (pip install pyte ptyprocess)"
        }
        guard run(["sh", "-c", "command -v fzf"]).status == 0 else { return "fzf is not installed (apt-get install fzf)" }
        return nil
    }

    /// Ours, then fzf, on `workload`; ours' `--profile` report with it.
    static func measure(_ workload: Workload, tool: String, binary: String) -> (ours: Row?, fzf: Row?, profile: String) {
        let profile = NSTemporaryDirectory() + "instantsearch-bench-profile-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: profile) }
        // Every value reaches the shell as a positional parameter, never inside the script.
        let (ourScript, fzfScript) =
            workload.lines != nil
            ? ("seq \(workload.lines!) | \"$0\" --profile 2>\"$1\"", "seq \(workload.lines!) | \"$0\"")
            : ("\"$0\" --profile \"$2\" 2>\"$1\"", "\"$0\" < \"$2\"")
        let file = workload.file ?? ""
        let ours = latency(tool: tool, workload: workload, command: ["sh", "-c", ourScript, binary, profile, file], program: "instantsearch")
        let fzf = latency(tool: tool, workload: workload, command: ["sh", "-c", fzfScript, "fzf", profile, file], program: "fzf")
        let report = (try? String(contentsOfFile: profile, encoding: .utf8)) ?? ""
        return (ours, fzf, report)
    }

    private static func latency(tool: String, workload: Workload, command: [String], program: String) -> Row? {
        let arguments = ["python3", tool, "--startup", String(workload.startup), workload.text, "--"] + command
        let result = run(arguments)
        guard result.status == 0, let row = parse(result.output, program: program) else {
            FileHandle.standardError.write(Data("instantsearch-bench: \(program) on \(workload.name): \(result.output)\n".utf8))
            return nil
        }
        return row
    }

    /// "keys 8  echo ms p50 0.6 p99 0.9  settle ms p50 1.0 p99 6.7 max 6.7  per key: …"
    static func parse(_ output: String, program: String) -> Row? {
        let words = output.split(whereSeparator: \.isWhitespace).map(String.init)
        func number(after label: String, from start: Int) -> (Double, Int)? {
            guard let i = words[start...].firstIndex(of: label), i + 1 < words.count, let value = Double(words[i + 1]) else { return nil }
            return (value, i + 1)
        }
        guard let echo = words.firstIndex(of: "echo"), let settle = words.firstIndex(of: "settle"),
            let (echoP50, _) = number(after: "p50", from: echo), let (echoP99, _) = number(after: "p99", from: echo),
            let (finalP50, _) = number(after: "p50", from: settle), let (finalP99, _) = number(after: "p99", from: settle),
            let (finalMax, _) = number(after: "max", from: settle)
        else { return nil }
        return Row(program: program, echoP50: echoP50, echoP99: echoP99, finalP50: finalP50, finalP99: finalP99, finalMax: finalMax)
    }

    private static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The table's rows for one workload (ours, then fzf).
    static func rows(_ workload: Workload, ours: Row?, fzf: Row?) -> String {
        func cells(_ row: Row?, _ name: String) -> String {
            guard let row else { return "| \(workload.name) | \(name) | failed | failed |" }
            return "| \(workload.name) | \(name) | \(Report.format(row.echoP50, 1)) / \(Report.format(row.echoP99, 1)) ms "
                + "| \(Report.format(row.finalP50, 1)) / \(Report.format(row.finalP99, 1)) / \(Report.format(row.finalMax, 1)) ms |"
        }
        return cells(ours, "instantsearch") + "\n" + cells(fzf, "fzf")
    }

    /// Every workload of the run, one after the other, then the table and ours' profiles.
    static func runAll(_ workloads: [Workload], tool: String, binary: String, repeats: Int) -> String {
        var rows: [String] = []
        var profiles: [String] = []
        for workload in workloads {
            for round in 1...(workload.lines != nil ? repeats : 1) {
                let (ours, fzf, profile) = measure(workload, tool: tool, binary: binary)
                rows.append(Self.rows(workload, ours: ours, fzf: fzf))
                let title = "  \(workload.name)" + (workload.lines != nil ? ", round \(round)" : "") + ": instantsearch --profile"
                profiles.append(([title] + profile.split(separator: "\n").map { "    " + $0 }).joined(separator: "\n"))
            }
        }
        return ([header] + rows + ["", "Where our time went (the loop's own clock, per step):"] + profiles).joined(separator: "\n")
    }

    static let header = """
        | keys typed into | program | echo p50 / p99 (= max) | final frame p50 / p99 / max |
        | --- | --- | --- | --- |
        """
}
