import Foundation

/// A keystroke's echo and final frame, ours and fzf 0.74.5's, measured from outside with the
/// same tool in the same run: `keylatency.py` (../shared/tools; Python with pyte and
/// ptyprocess) starts the program in a pseudo-terminal, types a text one key at a time, and
/// feeds what the program writes to a terminal emulator. Echo: the first output after a key;
/// final frame: when the screen first reaches what it still shows once the program has been
/// quiet. Both read the lines from a pipe (`cat FILE | PROGRAM`), as a user's `… | fzf` does,
/// under `--peak` (`PipedRun.reportPeak`), which gives each session's peak memory.
///
/// Ours runs with `--profile`, so each row comes with the loop's own breakdown of its time.
enum KeyLatencySide {
    /// The tool's summary of one program on one text, in milliseconds; its peak memory in MB.
    struct Row {
        var program: String
        var echoP50: Double
        var echoP99: Double
        var finalP50: Double
        var finalP99: Double
        var finalMax: Double
        var peakMB: Double?
    }

    /// Where the tools are: the Python that has pyte and ptyprocess, keylatency.py, fzf.
    struct Tools {
        var python: String
        var keyLatency: String
        var startLatency: String
        var fzf: String
    }

    /// Why the side cannot run, or nil: the tool, Python's modules, fzf.
    static func missing(_ tools: Tools) -> String? {
        guard FileManager.default.fileExists(atPath: tools.keyLatency) else { return "\(tools.keyLatency) is absent" }
        guard run([tools.python, "-c", "import pyte, ptyprocess"]).status == 0 else {
            return "\(tools.python) lacks pyte / ptyprocess (scripts/bench-tools.sh installs them)"
        }
        guard FileManager.default.isExecutableFile(atPath: tools.fzf) else { return "no fzf at \(tools.fzf) (scripts/bench-tools.sh)" }
        return nil
    }

    /// The command a tool starts: `cat FILE | PROGRAM ARGS 2>ERRORS`, under `--peak PEAK`.
    static func piped(file: String, program: String, arguments: [String], errors: String, peak: String) -> [String] {
        // Every value reaches the shell as a positional parameter, never inside the script.
        let script = "f=$1; e=$2; shift 2; cat \"$f\" | \"$@\" 2>\"$e\""
        return [benchExecutable, "--peak", peak, "--", "/bin/sh", "-c", script, "sh", file, errors, program] + arguments
    }

    static var benchExecutable: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    /// One program typing `text` into `file`'s lines, given `startup` seconds to load first.
    /// `profile`: ours, whose `--profile` report is returned beside the row.
    static func measure(
        program: String, name: String, profile: Bool, file: String, text: String, startup: Double, tools: Tools
    ) -> (row: Row?, report: String) {
        let stem = NSTemporaryDirectory() + "instantsearch-bench-\(getpid())-\(name)"
        let (errors, peak) = (stem + ".err", stem + ".peak")
        defer { for path in [errors, peak] { try? FileManager.default.removeItem(atPath: path) } }
        let command = piped(file: file, program: program, arguments: profile ? ["--profile"] : [], errors: errors, peak: peak)
        let result = run([tools.python, tools.keyLatency, "--startup", String(startup), text, "--"] + command)
        guard result.status == 0, var row = parse(result.output, program: name) else {
            FileHandle.standardError.write(Data("instantsearch-bench: \(name) typing \(text): \(result.output)\n".utf8))
            return (nil, "")
        }
        // The peak is written once the session has ended, a moment after the tool's Ctrl-C.
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: peak) { usleep(20_000) }
        row.peakMB = (try? String(contentsOfFile: peak, encoding: .utf8)).flatMap { $0.split(separator: " ").first.flatMap { Double($0) } }
            .map { $0 / 1024 }
        let report = profile ? (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" : ""
        return (row, report)
    }

    /// "keys 8  echo ms p50 0.6 p99 0.9  settle ms p50 1.0 p99 6.7 max 6.7  per key: …"
    static func parse(_ output: String, program: String) -> Row? {
        let words = output.split(whereSeparator: \.isWhitespace).map(String.init)
        func number(after label: String, from start: Int) -> Double? {
            guard let i = words[start...].firstIndex(of: label), i + 1 < words.count else { return nil }
            return Double(words[i + 1])
        }
        guard let echo = words.firstIndex(of: "echo"), let settle = words.firstIndex(of: "settle"),
            let echoP50 = number(after: "p50", from: echo), let echoP99 = number(after: "p99", from: echo),
            let finalP50 = number(after: "p50", from: settle), let finalP99 = number(after: "p99", from: settle),
            let finalMax = number(after: "max", from: settle)
        else { return nil }
        return Row(program: program, echoP50: echoP50, echoP99: echoP99, finalP50: finalP50, finalP99: finalP99, finalMax: finalMax)
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
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

    /// One table row.
    static func cells(input: String, text: String, _ row: Row?, _ name: String) -> String {
        guard let row else { return "| \(input) | \(Report.code(text)) | \(name) | failed | failed | |" }
        return "| \(input) | \(Report.code(text)) | \(name) | \(Report.format(row.echoP50, 1)) / \(Report.format(row.echoP99, 1)) "
            + "| \(Report.format(row.finalP50, 1)) / \(Report.format(row.finalP99, 1)) / \(Report.format(row.finalMax, 1)) "
            + "| \(row.peakMB.map { Report.format($0, 0) } ?? "?") |"
    }

    static let header = """
        | lines | typed | program | echo ms p50 / p99 | final frame ms p50 / p99 / max | peak MB |
        | --- | --- | --- | --- | --- | --- |
        """
}
