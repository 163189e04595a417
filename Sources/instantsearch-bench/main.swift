import Foundation

// instantsearch-bench [--datasets DIR] [--rounds N] [--only NAME] [--cache DIR] [--binary PATH] [--sides LIST]
//                     [--fzf PATH] [--python PATH] [--names TSV] [--programs ours,fzf] [--runs N]
// instantsearch-bench --dump FILE [--dataset NAME]
// instantsearch-bench --walker ROOT [--rounds N]   (the shell integration's walker against find / fd)
// instantsearch-bench --peak FILE -- COMMAND…     (runs COMMAND, writes its peak memory into FILE)
//
// Replays typing (every prefix of a set of queries) against our engine and against SQLite
// FTS5, on the same records, in one run, and prints per-keystroke p50 / p99 / max, build time
// and peak memory for both, with the ratios. Each side runs in a child process of its own, one
// after the other, so peak memory is each side's own and neither competes for the cores.
// The 10M-record set is generated from the shared data into the cache folder (`--cache`).
// With `--binary`, the real `instantsearch` is also opened on each file in a pseudo-terminal,
// and compared with fzf 0.74.5 (`--fzf`) on plain lines (`FzfComparison`): keystrokes, start
// to first frame, and a script's `--filter`.

let arguments = Array(CommandLine.arguments.dropFirst())

let usage = """
    usage: instantsearch-bench [--datasets DIR] [--rounds N] [--only NAME] [--cache DIR]
                               [--binary PATH] [--sides engine,fts5,terminal,keys,start,filter,lines]
                               [--fzf PATH] [--python PATH] [--names TSV] [--programs ours,fzf]
                               [--runs N] [--key-repeats N]
           instantsearch-bench --walker ROOT [--rounds N]
           instantsearch-bench --dump FILE [--dataset NAME]

    Replays typing against our engine and SQLite FTS5 on the same records (per-keystroke p50 / p99 /
    max, build time, peak memory); with --binary, the real interface in a pseudo-terminal (first
    frame), and beside fzf 0.74.5 (--fzf) on plain lines: keystrokes through a pseudo-terminal
    (keys), start to first frame (start), a script's whole `--filter` process (filter); and our
    line search alone, key by key in process (lines). --programs ours (or fzf): one side alone.
    --only NAME: one data set (babynames, movies, babynames-10m) or lines input (lines-100,
    pypi-names: the first column of --names TSV, find-usr, lines-1.69m, lines-10m).
    --walker ROOT: the shell integration's walker against find and fd.
    `make bench` runs it (BENCH_ARGS="..." adds options).

    """

/// Options the command line may hold; --child, --lines-child, --file, --make-index, --output and
/// --profile are the parent's way of running one side in a child process.
let knownOptions: Set = [
    "--binary", "--cache", "--child", "--dataset", "--datasets", "--dump", "--file", "--fzf", "--key-repeats", "--lines-child",
    "--make-index", "--names", "--only", "--output", "--profile", "--programs", "--python", "--rounds", "--runs", "--sides",
    "--walker",
]
if arguments.first == "--peak", arguments.count > 3, arguments[2] == "--" {
    PipedRun.reportPeak(into: arguments[1], command: Array(arguments.dropFirst(3)))
}
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
// Options come in pairs (name, value): a word in a name's place that is no known option is a mistake.
for name in stride(from: 0, to: arguments.count, by: 2).map({ arguments[$0] }) where !knownOptions.contains(name) {
    FileHandle.standardError.write(Data("instantsearch-bench: unknown option '\(name)'\n\(usage)".utf8))
    exit(2)
}

func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

let datasetsDirectory = option("--datasets") ?? "../shared/datasets"
let rounds = Int(option("--rounds") ?? "") ?? 3
let only = option("--only")
let generatedFolder = option("--cache") ?? GeneratedDataset.defaultFolder
let binary = option("--binary")
/// Which measurements to take: `--sides engine` profiles the engine alone.
let sides = Set((option("--sides") ?? "engine,fts5,terminal,keys,start,filter,lines").split(separator: ",").map(String.init))
/// Which programs the comparison with fzf runs: both, or one alone.
let programs = Set((option("--programs") ?? "ours,fzf").split(separator: ",").map(String.init))
/// How many times each whole `--filter` process and each start is timed (the median is shown).
let runs = Int(option("--runs") ?? "") ?? 5
/// How many times the 100-line keystroke row is measured (the machine may be shared).
let keyRepeats = Int(option("--key-repeats") ?? "") ?? 3

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("instantsearch-bench: \(message)\n".utf8))
    exit(2)
}

if let file = option("--dump") {
    // The answers to many queries, for a byte-for-byte comparison of two builds (`OutputDump`).
    guard let dataset = BenchDataset.all.first(where: { $0.name == (option("--dataset") ?? "babynames") }) else {
        fail("unknown data set")
    }
    do { try OutputDump.run(path: file, dataset: dataset) } catch { fail("dump of \(file): \(error)") }
    exit(0)
}

if let data = option("--make-index"), let output = option("--output") {
    let dataset = BenchDataset.all.first { $0.name == (option("--dataset") ?? "babynames") }!
    do { try ProfileRun.makeIndex(data: data, output: output, dataset: dataset) } catch { fail("\(error)") }
    exit(0)
}
if let indexPath = option("--profile") {
    let dataset = BenchDataset.all.first { $0.name == (option("--dataset") ?? "babynames") }!
    do { try ProfileRun.run(indexPath: indexPath, dataset: dataset) } catch { fail("\(error)") }
    exit(0)
}

if let root = option("--walker") {
    // The shell integration's walker against find and fd (`WalkerBench`).
    WalkerBench.run(root: root, rounds: rounds)
    exit(0)
}

if let path = option("--lines-child") {
    // Child: our line search on one lines file, printed as JSON (see `LinesBench`).
    do {
        let measurement = try LinesBench.measureOurs(path: path, rounds: rounds)
        FileHandle.standardOutput.write(try JSONEncoder().encode(measurement) + Data("\n".utf8))
        exit(0)
    } catch {
        fail("lines on \(path): \(error)")
    }
}

if let side = option("--child") {
    // Child: measure one side on one data set and print the measurement as JSON.
    guard let dataset = BenchDataset.all.first(where: { $0.name == option("--dataset") }),
        let path = option("--file")
    else { fail("unknown data set") }
    do {
        let measurement =
            side == "engine"
            ? try EngineSide.run(dataset, path: path, rounds: rounds)
            : try FTS5Side.run(dataset, path: path, rounds: rounds)
        let data = try JSONEncoder().encode(measurement)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
        exit(0)
    } catch {
        fail("\(side) on \(dataset.name): \(error)")
    }
}

var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: datasetsDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
    fail(
        """
        the datasets folder \(datasetsDirectory) is absent: nothing to measure. \
        Put babynames.csv and movies.json there, or pass --datasets DIR.
        """)
}

/// The records of a CSV file (its lines but the header); nil for any other file.
func csvRecords(_ path: String) -> Int? {
    guard path.hasSuffix(".csv"), let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var lines = 0
    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        lines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    return lines - 1
}

func runChild(side: String, dataset: BenchDataset, path: String) -> Measurement {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--child", side, "--dataset", dataset.name, "--file", path, "--rounds", String(rounds)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot start a child: \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let m = try? JSONDecoder().decode(Measurement.self, from: data) else {
        fail("the \(side) side failed on \(dataset.name)")
    }
    return m
}

print(
    "instantsearch-bench: \(BenchDataset.keystrokes.count) keystrokes × \(rounds) rounds per side "
        + "(after one warm-up round); each keystroke = top 20 ranked + highlighted, every facet counted, facet stats")
print("queries typed: " + BenchDataset.typed.joined(separator: ", "))
if binary == nil { print("(no --binary: first-frame, reopen and keystroke times of the TUI are not measured)") }
for dataset in BenchDataset.all where only == nil || only == dataset.name {
    let source = (datasetsDirectory as NSString).appendingPathComponent(dataset.file)
    var path = source
    if dataset.generated {
        do {
            guard let generated = try GeneratedDataset.ensure(source: source, folder: generatedFolder) else {
                print("\n\(dataset.name): \(source), which it is made from, is absent, skipped")
                continue
            }
            path = generated
        } catch {
            fail("cannot write the generated data set into \(generatedFolder): \(error)")
        }
    }
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let size = attributes[.size] as? NSNumber
    else {
        print("\n\(dataset.name): \(path) is absent, skipped")
        continue
    }
    let fileMB = size.doubleValue / 1_048_576
    let engine = sides.contains("engine") ? runChild(side: "engine", dataset: dataset, path: path) : nil
    let fts5 = sides.contains("fts5") ? runChild(side: "fts5", dataset: dataset, path: path) : nil
    // Without either side (`--sides terminal,keys`), a CSV's records are its lines after the header.
    guard let records = (engine ?? fts5)?.records ?? csvRecords(path) else { continue }
    let origin = dataset.generated ? "generated from \(dataset.file) into \(path)" : dataset.file
    print("\n\(dataset.name) (\(records) records, \(Report.format(fileMB, 0)) MB, \(origin))")
    if engine != nil || fts5 != nil { print(Report.table(engine: engine, fts5: fts5, fileMB: fileMB)) }
    if let binary, sides.contains("terminal") {
        do {
            let opened = try TerminalSide.run(binary: binary, file: path, records: records)
            print(Report.terminal(opened))
        } catch {
            print("  terminal: \(error)")
        }
    }
}

// Ours beside fzf 0.74.5 on plain lines (`FzfComparison`).
let tools = KeyLatencySide.Tools(
    python: option("--python") ?? "python3",
    keyLatency: ((datasetsDirectory as NSString).deletingLastPathComponent as NSString).appendingPathComponent("tools/keylatency.py"),
    startLatency: "scripts/start-latency.py", fzf: option("--fzf") ?? ".build/fzf/bin/fzf")
let comparedSides = sides.intersection(["keys", "start", "filter"])
if let binary, !comparedSides.isEmpty {
    let lineNames: Set = ["lines-100", "pypi-names", "find-usr", "lines-1.69m", "lines-10m"]
    let inputs: [LineInput]
    do {
        inputs = try LineInput.all(
            datasets: datasetsDirectory, cache: generatedFolder, names: option("--names"), only: only.flatMap { lineNames.contains($0) ? $0 : "none" })
    } catch {
        fail("cannot write the lines inputs into \(generatedFolder): \(error)")
    }
    if let missing = KeyLatencySide.missing(tools) {
        print("\n(the comparison with fzf 0.74.5 is not measured: \(missing))")
    } else if !inputs.isEmpty {
        let comparison = FzfComparison(binary: binary, tools: tools, programs: programs, runs: runs, keyRepeats: keyRepeats)
        if sides.contains("start"), let small = inputs.first(where: { $0.name == "lines-100" }) { print(comparison.start(small)) }
        if sides.contains("keys") { print(comparison.keys(inputs)) }
        if sides.contains("filter") { print(comparison.filter(inputs)) }
    }
}

// The lines table (`LinesBench`): our line search alone, in a child process, key by key.
for (name, count) in LinesBench.sizes where (only == nil && sides.contains("lines")) || only == name {
    let source = (datasetsDirectory as NSString).appendingPathComponent("babynames.csv")
    let path: String
    do {
        guard let made = try LinesBench.ensure(source: source, folder: generatedFolder, name: name, count: count) else {
            print("\n\(name): \(source), which it is made from, is absent, skipped")
            continue
        }
        path = made
    } catch {
        fail("cannot write the lines file into \(generatedFolder): \(error)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--lines-child", path, "--rounds", String(rounds)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot start a child: \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let ours = try? JSONDecoder().decode(Measurement.self, from: data) else {
        fail("the lines side failed on \(name)")
    }
    let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.doubleValue ?? .nan
    print(LinesBench.report(name: name, path: path, fileMB: size / 1_048_576, ours: ours))
}
