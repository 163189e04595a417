import Foundation

/// The plain-line inputs ours is compared with fzf 0.74.5 on, each with what is typed into it
/// interactively and the `--filter` queries a script runs (subsequence, exact, anchored, OR):
/// `seq 100`, the PyPI project names (886k, the first column of a package list), `find /usr`,
/// and 1.69M and 10M `YEAR/SEX/Name COUNT` lines made from babynames.csv (`LinesBench`).
/// Every file is written once into the cache folder and read from there by both programs.
struct LineInput {
    var name: String
    var path: String
    /// Texts typed one key at a time, each into a fresh session.
    var typed: [String]
    var filters: [String]
    /// Seconds the keystroke tool lets a program read the lines before the first key.
    var startup: Double

    /// The inputs `only` names (every one when nil) whose sources are here; a line says why
    /// any other is skipped.
    static func all(datasets: String, cache: String, names: String?, only: String?) throws -> [LineInput] {
        var inputs: [LineInput] = []
        func wanted(_ name: String) -> Bool { only == nil || only == name }
        func write(_ name: String, _ make: () throws -> [UInt8]?) throws -> String? {
            let path = (cache as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { return path }
            guard let bytes = try make() else { return nil }
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
            let aside = path + ".\(getpid()).partial"
            try Data(bytes).write(to: URL(fileURLWithPath: aside))
            guard rename(aside, path) == 0 else { throw BenchFailure("cannot write \(path)") }
            return path
        }
        if wanted("lines-100"), let path = try write("seq-100.txt", { Array((1...100).map { "\($0)\n" }.joined().utf8) }) {
            inputs.append(LineInput(name: "lines-100", path: path, typed: ["12345678"], filters: ["1", "'5", "^9", "3 | 7"], startup: 2))
        }
        if wanted("pypi-names") {
            if let names, let path = try write("pypi-names.txt", { firstColumn(names) }) {
                inputs.append(
                    LineInput(name: "pypi-names", path: path, typed: ["tnsrflw"], filters: ["tnsrflw", "'flask", "^py", "django | flask"], startup: 8))
            } else {
                print("pypi-names: no package list (--names FILE, a TSV whose first column is the name), skipped")
            }
        }
        if wanted("find-usr"), let path = try write("find-usr.txt", { findUsr() }) {
            inputs.append(LineInput(name: "find-usr", path: path, typed: ["libpy"], filters: ["libpy", "'python", "^/usr/share", ".h$"], startup: 8))
        }
        let babynames = (datasets as NSString).appendingPathComponent("babynames.csv")
        for (name, count) in LinesBench.sizes where wanted(name) {
            guard let path = try LinesBench.ensure(source: babynames, folder: cache, name: name, count: count) else {
                print("\(name): \(babynames), which it is made from, is absent, skipped")
                continue
            }
            let big = count > 5_000_000
            inputs.append(
                LineInput(
                    name: name, path: path, typed: big ? ["jnfr", "mary 19"] : ["mary 19"], filters: ["jnfr", "'beth", "^199", "zoe | chloe"],
                    startup: big ? 20 : 8))
        }
        return inputs
    }

    /// The first tab-separated field of every line of `path` (`cut -f1`), nil when it is absent.
    static func firstColumn(_ path: String) -> [UInt8]? {
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 4)
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast(bytes.last == UInt8(ascii: "\n") ? 1 : 0) {
            output += line.prefix { $0 != UInt8(ascii: "\t") }
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    /// `find /usr`'s output, as it is on this machine (kept once written: the same file for a run's every measure).
    static func findUsr() -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        process.arguments = ["/usr"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data.isEmpty ? nil : [UInt8](data)
    }

    var megabytes: Double {
        (((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.doubleValue ?? .nan) / 1_048_576
    }

    var lineCount: Int {
        guard let handle = FileHandle(forReadingAtPath: path) else { return 0 }
        defer { try? handle.close() }
        var lines = 0
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            lines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return lines
    }
}
