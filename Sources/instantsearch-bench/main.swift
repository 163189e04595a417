import Foundation

// instantsearch-bench [--datasets DIR] [--rounds N] [--only NAME] [--cache DIR] [--binary PATH] [--sides LIST]
//   (--sides lines, or --only lines-1.69m / lines-10m: the lines table, ours beside `fzf --filter`)
// instantsearch-bench --dump FILE [--dataset NAME]
// instantsearch-bench --walker ROOT [--rounds N]   (the shell integration's walker against find / fd)
//
// Replays typing (every prefix of a set of queries) against our engine and against SQLite
// FTS5, on the same records, in one run, and prints per-keystroke p50 / p99 / max, build time
// and peak memory for both, with the ratios. Each side runs in a child process of its own, one
// after the other, so peak memory is each side's own and neither competes for the cores.
// The 10M-record set is generated from the shared data into the cache folder (`--cache`).
// With `--binary`, the real `instantsearch` is also opened on each file in a pseudo-terminal:
// time to the first frame and to the full count, cold and with the cache the first open left.

let arguments = Array(CommandLine.arguments.dropFirst())

let usage = """
    usage: instantsearch-bench [--datasets DIR] [--rounds N] [--only NAME] [--cache DIR]
                               [--binary PATH] [--sides engine,fts5,terminal,keys,lines] [--key-repeats N]
           instantsearch-bench --walker ROOT [--rounds N]
           instantsearch-bench --dump FILE [--dataset NAME]

    Replays typing against our engine and SQLite FTS5 on the same records (per-keystroke p50 / p99 /
    max, build time, peak memory); with --binary, the real interface in a pseudo-terminal (first
    frame, keystroke to screen beside fzf's), and the lines table beside `fzf --filter`.
    --only NAME: one data set (babynames, movies, babynames-10m, lines-100, lines-1.69m, lines-10m).
    --walker ROOT: the shell integration's walker against find and fd.
    `make bench` runs it (BENCH_ARGS="..." adds options).

    """

/// Options the command line may hold; --child, --lines-child, --file, --make-index, --output and
/// --profile are the parent's way of running one side in a child process.
let knownOptions: Set = [
    "--binary", "--cache", "--child", "--dataset", "--datasets", "--dump", "--file", "--key-repeats", "--lines-child",
    "--make-index", "--only", "--output", "--profile", "--rounds", "--sides", "--walker",
]
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
let sides = Set((option("--sides") ?? "engine,fts5,terminal,keys,lines").split(separator: ",").map(String.init))
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
/// Keystrokes into the TUI and into fzf: 100 lines first, the data sets as they come.
let keyTool = KeyLatencySide.tool(datasets: datasetsDirectory)
let keysMissing = sides.contains("keys") && binary != nil ? KeyLatencySide.missing(tool: keyTool) : nil
if let keysMissing { print("(keystroke latency against fzf not measured: \(keysMissing))") }
var keyWorkloads: [KeyLatencySide.Workload] = []
if only == nil || only == "lines-100" {
    keyWorkloads.append(KeyLatencySide.Workload(name: "100 lines (seq 100)", text: "12345678", startup: 2, lines: 100))
}
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
    if dataset.name != "movies" {
        // Long enough to load (or build) the index before the first key: 10M takes seconds.
        let startup = dataset.generated ? 45.0 : 10.0
        keyWorkloads.append(KeyLatencySide.Workload(name: "\(dataset.name) (\(records) records)", text: "christopher", startup: startup, file: path))
    }
}
if let binary, sides.contains("keys"), keysMissing == nil, !keyWorkloads.isEmpty {
    print("\nKeystroke to screen, typed one key at a time into a 120x40 pseudo-terminal (\(keyTool), the same tool for both)")
    print(KeyLatencySide.runAll(keyWorkloads, tool: keyTool, binary: binary, repeats: keyRepeats))
}

// The lines table (`LinesBench`): ours in a child process, fzf --filter on the same file.
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
    let fzf =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf")
            || ProcessInfo.processInfo.environment["PATH"].map {
                $0.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/fzf") }
            } == true ? try? LinesBench.measureFzf(path: path) : nil
    let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.doubleValue ?? .nan
    print(LinesBench.report(name: name, path: path, fileMB: size / 1_048_576, ours: ours, fzf: fzf))
}
