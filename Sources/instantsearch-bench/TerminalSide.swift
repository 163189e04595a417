import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a person waits for when they open a file: the real `instantsearch` binary started in a
/// pseudo-terminal, its output read into a screen emulator, and the time taken until
///  - the first frame: the search prompt is on screen (whatever comes before it, such as an
///    "indexing…" line, does not count), and
///  - the full count: the stats line shows every record as a result (the empty query's answer
///    over the whole file, so loading is over).
/// Run twice with one fresh cache folder: the first open is cold, the second finds whatever
/// the first left in the cache (`XDG_CACHE_HOME`), so it measures a cached reopen when the
/// binary has a cache, and a second cold open when it has none. Measured from outside, it
/// works on whatever the binary does, progressive or not.
enum TerminalSide {
    struct Open: Codable {
        /// nil: not seen before the time limit.
        var firstFrameMS: Double?
        var fullCountMS: Double?
        /// The TUI process's peak resident memory.
        var peakMB: Double
    }

    struct Report: Codable {
        var first: Open
        var reopen: Open
    }

    static let prompt = "❯"
    static let limitSeconds = 300.0

    static func run(binary: String, file: String, records: Int) throws -> Report {
        let cache = NSTemporaryDirectory() + "instantsearch-bench-cache-\(getpid())"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let first = try open(binary: binary, file: file, records: records, cache: cache)
        let reopen = try open(binary: binary, file: file, records: records, cache: cache)
        return Report(first: first, reopen: reopen)
    }

    /// "10,000,000 results" or "10000000 results", as the stats line may write it.
    static func showsFullCount(_ screen: String, records: Int) -> Bool {
        let plain = String(records)
        var grouped = ""
        for (i, digit) in plain.enumerated() {
            if i > 0, (plain.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return screen.contains(grouped + " result") || screen.contains(plain + " result")
    }

    private static func open(binary: String, file: String, records: Int, cache: String) throws -> Open {
        let (columns, rows) = (120, 40)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["XDG_CACHE_HOME"] = cache
        environment["COLUMNS"] = nil
        environment["LINES"] = nil
        // Everything the child needs is made before the fork: it only calls execve after it.
        let argv: [UnsafeMutablePointer<CChar>?] = [binary, file].map { (s: String) in strdup(s) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { (k, v) in strdup("\(k)=\(v)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        let started = ContinuousClock.now
        let pid = forkpty(&master, nil, nil, &size)
        if pid == 0 {
            execve(argv[0]!, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { throw BenchFailure("forkpty failed: errno \(errno)") }
        defer { close(master) }

        var screen = ScreenEmulator(columns: columns, rows: rows)
        var result = Open(firstFrameMS: nil, fullCountMS: nil, peakMB: .nan)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var exited = false
        while milliseconds(since: started) < limitSeconds * 1000 {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) >= 0 else { if errno == EINTR { continue } else { break } }
            if poller.revents == 0 { continue }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { exited = true; break }  // EIO: the child has gone
            screen.feed(Array(buffer[0..<n]))
            let text = screen.text
            if result.firstFrameMS == nil, text.contains(prompt) { result.firstFrameMS = milliseconds(since: started) }
            if result.firstFrameMS != nil, showsFullCount(text, records: records) {
                result.fullCountMS = milliseconds(since: started)
                break
            }
        }
        // An index cache may be written after the frame is complete: leave it time to settle,
        // so the second open finds what the first one meant to leave.
        if !exited, result.fullCountMS != nil { waitForQuiet(cache, master: master) }
        if !exited { _ = quit(master: master) }
        result.peakMB = reap(pid, master: master)
        if result.fullCountMS == nil {
            let last = screen.lines.filter { !$0.isEmpty }.suffix(3).joined(separator: " | ")
            FileHandle.standardError.write(Data("instantsearch-bench: the full count never showed; last screen lines: \(last)\n".utf8))
        }
        return result
    }

    /// Until the bytes under `folder` have not changed for two seconds (at most a minute), reading
    /// and dropping what the program draws meanwhile.
    private static func waitForQuiet(_ folder: String, master: Int32) {
        func size() -> Int {
            let files = FileManager.default.subpaths(atPath: folder) ?? []
            return files.reduce(0) { total, file in
                let path = (folder as NSString).appendingPathComponent(file)
                return total + (((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0)
            }
        }
        var drained = [UInt8](repeating: 0, count: 4096)
        var last = size()
        var stableSince = ContinuousClock.now
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, ContinuousClock.now - stableSince < .seconds(2) {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 { _ = read(master, &drained, drained.count) }
            let now = size()
            if now != last { (last, stableSince) = (now, ContinuousClock.now) }
        }
    }

    /// Ctrl-C, as a person would leave; the child gets a few seconds to restore the terminal.
    private static func quit(master: Int32) -> Bool {
        var key: UInt8 = 0x03
        return write(master, &key, 1) == 1
    }

    /// Waits for the child (killing it if it will not end) and returns its peak memory in MB.
    /// What it still writes is read and dropped, so it never blocks on a full terminal.
    private static func reap(_ pid: pid_t, master: Int32) -> Double {
        var status: Int32 = 0
        var usage = rusage()
        let deadline = ContinuousClock.now + .seconds(5)
        var drained = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            if wait4(pid, &status, WNOHANG, &usage) == pid { return Double(usage.ru_maxrss) / 1024 }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 20) > 0 { _ = read(master, &drained, drained.count) }
        }
        kill(pid, SIGKILL)
        _ = wait4(pid, &status, 0, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
