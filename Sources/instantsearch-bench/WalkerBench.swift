import Foundation
import ShellIntegration

/// `instantsearch-bench --walker ROOT`: the shell integration's walker (Ctrl-T, Alt-C) against
/// `find` and `fd` on the same tree, best wall time of `rounds`. Every tool lists everything
/// (hidden entries, nothing ignored, no depth or count bound); `find -printf` with size and
/// time stats each entry as the walker does, plain `find` only reads the folders. The walker is
/// timed alone (entries counted) and writing its NDJSON records (what the interface reads).
enum WalkerBench {
    static func run(root: String, rounds: Int) {
        var options = FileWalker.Options()
        options.includeHidden = true
        options.respectsGitignore = false
        options.maximumDepth = 1000
        options.maximumCount = 50_000_000
        let walker = FileWalker(root: root, options: options)
        print("walker on \(root), best of \(rounds):")
        var entries = 0
        report("walker (entries, lstat each)", best(rounds) { entries = walker.walk { _ in true }.entries }, entries)
        let now = Int(Date().timeIntervalSince1970)
        report(
            "walker + NDJSON records",
            best(rounds) {
                let null = open("/dev/null", O_WRONLY)
                _ = SourceWriter.writeWalk(walker, to: null) { $0.ndjsonLine(now: now, frecency: 0) }
            }, entries)
        report("find", best(rounds) { command("find", [root]) }, lines("find", [root]))
        report("find -printf '%p %s %T@'", best(rounds) { command("find", [root, "-printf", "%p %s %T@\\n"]) }, nil)
        for fd in ["fd", "fdfind"] where lines("sh", ["-c", "command -v \(fd)"]) ?? 0 > 0 {
            let arguments = ["--unrestricted", "--no-ignore", ".", root]
            report("\(fd) -u (parallel)", best(rounds) { command(fd, arguments) }, lines(fd, arguments))
            report("\(fd) -u -j1", best(rounds) { command(fd, ["-j1"] + arguments) }, nil)
            break
        }
    }

    /// Wall time and CPU time (user + system, of this process and of the children it waited
    /// for): on a shared machine the CPU time is what the walk costs, the wall time what it
    /// costs while others compete for the cores.
    struct Timing {
        var wall = Double.infinity
        var cpu = Double.infinity
    }

    private static func report(_ name: String, _ timing: Timing, _ count: Int?) {
        let padded = name.padding(toLength: 30, withPad: " ", startingAt: 0)
        let figures = String(format: "%8.1f ms wall %8.1f ms CPU", timing.wall * 1000, timing.cpu * 1000)
        print("  \(padded) \(figures)\(count.map { "  \($0) entries" } ?? "")")
    }

    private static func best(_ rounds: Int, _ body: () -> Void) -> Timing {
        var best = Timing()
        for _ in 0..<max(rounds, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuBefore = cpuSeconds()
            body()
            best.wall = min(best.wall, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            best.cpu = min(best.cpu, cpuSeconds() - cpuBefore)
        }
        return best
    }

    private static func cpuSeconds() -> Double {
        var own = rusage()
        var children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        return [own.ru_utime, own.ru_stime, children.ru_utime, children.ru_stime]
            .reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
    }

    /// Runs a program with its output thrown away.
    private static func command(_ name: String, _ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try? process.run()
        process.waitUntilExit()
    }

    /// The lines a program prints (nil when it cannot run).
    private static func lines(_ name: String, _ arguments: [String]) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return nil }
        var count = 0
        while case let data = pipe.fileHandleForReading.availableData, !data.isEmpty {
            count += data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? count : nil
    }
}
