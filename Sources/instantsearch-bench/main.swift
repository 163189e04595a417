import Foundation

// instantsearch-bench [--datasets DIR] [--rounds N] [--only NAME]
//
// Replays typing (every prefix of a set of queries) against our engine and against SQLite
// FTS5, on the same records, in one run, and prints per-keystroke p50 / p99 / max, build time
// and peak memory for both, with the ratios. Each side runs in a child process of its own, one
// after the other, so peak memory is each side's own and neither competes for the cores.

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

let datasetsDirectory = option("--datasets") ?? "../shared/datasets"
let rounds = Int(option("--rounds") ?? "") ?? 3
let only = option("--only")

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("instantsearch-bench: \(message)\n".utf8))
    exit(2)
}

if let side = option("--child") {
    // Child: measure one side on one data set and print the measurement as JSON.
    guard let dataset = BenchDataset.all.first(where: { $0.name == option("--dataset") }) else { fail("unknown data set") }
    let path = (datasetsDirectory as NSString).appendingPathComponent(dataset.file)
    do {
        let measurement = side == "engine"
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
    fail("""
        the datasets folder \(datasetsDirectory) is absent: nothing to measure. \
        Put babynames.csv and movies.json there, or pass --datasets DIR.
        """)
}

func runChild(side: String, dataset: BenchDataset) -> Measurement {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--child", side, "--dataset", dataset.name, "--datasets", datasetsDirectory, "--rounds", String(rounds)]
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

print("instantsearch-bench: \(BenchDataset.keystrokes.count) keystrokes × \(rounds) rounds per side "
    + "(after one warm-up round); each keystroke = top 20 ranked + highlighted, every facet counted, facet stats")
print("queries typed: " + BenchDataset.typed.joined(separator: ", "))
for dataset in BenchDataset.all where only == nil || only == dataset.name {
    let path = (datasetsDirectory as NSString).appendingPathComponent(dataset.file)
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let size = attributes[.size] as? NSNumber
    else {
        print("\n\(dataset.name): \(path) is absent, skipped")
        continue
    }
    let engine = runChild(side: "engine", dataset: dataset)
    let fts5 = runChild(side: "fts5", dataset: dataset)
    print("\n\(dataset.name) (\(engine.records) records, \(dataset.file))")
    print(Report.table(engine: engine, fts5: fts5, fileMB: size.doubleValue / 1_048_576))
}
