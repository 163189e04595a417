import Synchronization

/// Where the time between a key and its frame goes, step by step (`--profile`): the event
/// loop times each step as it runs it, and `report()` prints p50 / p99 / max per step on exit.
///
/// One loop thread records; only `notePost` (the backend's answer posted to the mailbox) is
/// called from other threads, which is why the state sits behind a lock.
public final class LoopProfile: Sendable {
    public enum Step: String, CaseIterable, Sendable {
        /// Keys read from the terminal and decoded.
        case read
        /// The app handling the keys: key table, intents, searcher, request sent.
        case dispatch
        /// From the key's dispatch (which sends the request) to the backend's answer posted to
        /// the mailbox (the search, on another thread or on the loop's; see `search`).
        case backend
        /// Each backend call itself, on whichever thread ran it (every answer posted: a key's,
        /// the query suggestions', a load's). A key's `backend` less its `search` is the way there and back.
        case search
        /// From the answer posted to the loop awake to take it (the wake pipe, `poll`).
        case wake
        /// The answer handed to the searchers and the views (the app's state).
        case state
        /// The app drawing the frame into a canvas.
        case render
        /// The canvas compared with the frame on screen; the changed cells handed to curses.
        case diff
        /// curses' `doupdate` and the terminal write it ends with.
        case doupdate
        /// A key's arrival to the end of its first frame: its echo, alone or with its results.
        case keyToEcho = "key to echo"
        /// A key's arrival to the end of its last frame: the echo alone, or echo and results.
        case keyToFrame = "key to frame"
    }

    private struct State {
        var samples: [Step: [Duration]] = [:]
        var firstPost: ContinuousClock.Instant?
        var frames = 0
        /// Frames that drew a key's echo and its answer together.
        var combinedFrames = 0
        /// Frames that drew a key's echo before its answer came.
        var echoFrames = 0
        /// What each frame wrote to the terminal, in bytes (the emulator reads all of them).
        var frameBytes: [Int] = []
    }

    private let state = Mutex(State())

    public init() {}

    public func record(_ step: Step, _ duration: Duration) {
        state.withLock { $0.samples[step, default: []].append(duration) }
    }

    /// The backend's answer was posted (any thread): the first post since the loop last took it;
    /// `workTime`: how long its backend call took (nil: not timed).
    public func notePost(workTime: Duration? = nil) {
        let now = ContinuousClock.now
        state.withLock { state in
            if state.firstPost == nil { state.firstPost = now }
            if let workTime { state.samples[.search, default: []].append(workTime) }
        }
    }

    /// When the first answer not yet taken was posted; forgets it.
    public func takePost() -> ContinuousClock.Instant? {
        state.withLock { state in
            defer { state.firstPost = nil }
            return state.firstPost
        }
    }

    /// A frame was drawn; `key`: it drew a key's echo, with its answer (`combined`) or before it;
    /// `bytes`: what it wrote to the terminal (0: not counted).
    public func countFrame(key: Bool, combined: Bool, bytes: Int = 0) {
        state.withLock { state in
            state.frames += 1
            if bytes > 0 { state.frameBytes.append(bytes) }
            if key { if combined { state.combinedFrames += 1 } else { state.echoFrames += 1 } }
        }
    }

    public func samples(_ step: Step) -> [Duration] { state.withLock { $0.samples[step] ?? [] } }

    /// The bytes each counted frame wrote, in order.
    public var frameBytes: [Int] { state.withLock { $0.frameBytes } }

    /// One line per step measured: count, p50, p99 and max in milliseconds; then the frames.
    public func report() -> String {
        let state = state.withLock { $0 }
        var lines = ["profile: step            count    p50 ms    p99 ms    max ms"]
        for step in Step.allCases {
            guard let samples = state.samples[step], !samples.isEmpty else { continue }
            let sorted = samples.sorted()
            let cells = [Self.quantile(sorted, 0.5), Self.quantile(sorted, 0.99), sorted.last!].map(Self.milliseconds)
            lines.append(
                "profile: " + Self.pad(step.rawValue, 14) + Self.pad(String(samples.count), 8, left: true)
                    + cells.map { Self.pad($0, 10, left: true) }.joined())
        }
        lines.append(
            "profile: frames \(state.frames): \(state.combinedFrames) drew a key with its answer, "
                + "\(state.echoFrames) drew a key before its answer")
        if !state.frameBytes.isEmpty {
            let sorted = state.frameBytes.sorted()
            lines.append(
                "profile: bytes per frame: p50 \(Self.quantile(sorted, 0.5)), p99 \(Self.quantile(sorted, 0.99)), "
                    + "max \(sorted.last!) (\(sorted.count) frames)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The nearest-rank quantile of sorted values.
    static func quantile<Value>(_ sorted: [Value], _ q: Double) -> Value {
        sorted[min(sorted.count - 1, Int(q * Double(sorted.count - 1) + 0.5))]
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let hundredths = Int((ms * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
