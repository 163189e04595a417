import Foundation

/// The local insights files (`queries.ndjson`, `events.ndjson`) in the state directory:
/// `$XDG_STATE_HOME/instantsearch/`, else `$HOME/.local/state/instantsearch/`, made with mode
/// 0700 when first written. Each file is NDJSON, bounded: when one passes `maxBytes`, the oldest
/// half of its lines is dropped. A reader skips a line it cannot read and counts it.
public struct InsightsFiles: Sendable {
    public let directory: String
    /// A file's cap; past it, the oldest half of its lines go.
    public var maxBytes: Int

    public static let defaultMaxBytes = 4 << 20

    public init(directory: String, maxBytes: Int = InsightsFiles.defaultMaxBytes) {
        self.directory = directory
        self.maxBytes = maxBytes
    }

    /// The state directory as the environment says; nil when neither variable is set.
    public init?(environment: [String: String], maxBytes: Int = InsightsFiles.defaultMaxBytes) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            self.init(directory: state + "/instantsearch", maxBytes: maxBytes)
        } else if let home = environment["HOME"], !home.isEmpty {
            self.init(directory: home + "/.local/state/instantsearch", maxBytes: maxBytes)
        } else {
            return nil
        }
    }

    public var queriesPath: String { directory + "/queries.ndjson" }
    public var eventsPath: String { directory + "/events.ndjson" }

    // MARK: Writing

    /// Appends the lines, making the directory (0700) first; trims a file that passed its cap.
    public func append(queries: [QueryLine], events: [InsightsEvent]) throws {
        guard !queries.isEmpty || !events.isEmpty else { return }
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if !queries.isEmpty { try append(queries.map(\.json), to: queriesPath) }
        if !events.isEmpty { try append(events.map(\.json), to: eventsPath) }
    }

    private func append(_ lines: [JSONValue], to path: String) throws {
        let text = lines.map { $0.serialized() + "\n" }.joined()
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw InsightsFileError(path: path, reason: "cannot be opened for writing") }
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        if Int(end) + text.utf8.count > maxBytes { try dropOldestHalf(path) }
    }

    /// Keeps the newer half of the file's lines, written whole to a new file renamed over it.
    private func dropOldestHalf(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        var kept = Data()
        for line in lines.dropFirst(lines.count / 2) {
            kept.append(line)
            kept.append(UInt8(ascii: "\n"))
        }
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: kept, attributes: [.posixPermissions: 0o600]),
            rename(temporary, path) == 0
        else { throw InsightsFileError(path: path, reason: "cannot be replaced") }
    }

    // MARK: Reading

    /// What the files hold; a missing file holds nothing. `skipped`: lines that could not be read.
    public struct Contents: Sendable {
        public var queries: [QueryLine] = []
        public var events: [InsightsEvent] = []
        public var skipped = 0
    }

    public func read() -> Contents {
        var contents = Contents()
        for value in lines(of: queriesPath, skipped: &contents.skipped) {
            if let line = QueryLine(json: value) { contents.queries.append(line) } else { contents.skipped += 1 }
        }
        for value in lines(of: eventsPath, skipped: &contents.skipped) {
            if let event = try? InsightsValidation.event(value, now: nil) { contents.events.append(event) } else { contents.skipped += 1 }
        }
        return contents
    }

    /// Counts the queries into `builder` as query suggestions, then their click and conversion
    /// events; returns how many lines were skipped. More lenient than `read()`: a line needs
    /// only what a suggestion is counted from (a query and its index; an event's type and queryID).
    public func read(into builder: inout QuerySuggestionsBuilder) -> Int {
        var skipped = 0
        for line in lines(of: queriesPath, skipped: &skipped) {
            guard let query = line["query"]?.stringValue, let index = line["index"]?.stringValue else {
                skipped += 1
                continue
            }
            let nbHits = line["nbHits"]?.numberValue.flatMap { $0 >= 0 && $0.isFinite ? Int($0) : nil }
            builder.addQuery(query, index: index, nbHits: nbHits, queryID: line["queryID"]?.stringValue)
        }
        for line in lines(of: eventsPath, skipped: &skipped) {
            guard let type = line["eventType"]?.stringValue else {
                skipped += 1
                continue
            }
            // Views and events outside a search (no queryID) say nothing of a query.
            if let queryID = line["queryID"]?.stringValue { _ = builder.addEvent(type: type, queryID: queryID) }
        }
        return skipped
    }

    /// Files are bounded by their writer; a larger one (written by something else) is read only up to this.
    static let maximumReadBytes = 32 * 1024 * 1024

    private func lines(of path: String, skipped: inout Int) -> [JSONValue] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.maximumReadBytes) else { return [] }
        var values: [JSONValue] = []
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if let value = try? JSONParser.parse(Array(line), file: path) { values.append(value) } else { skipped += 1 }
        }
        return values
    }
}

public struct InsightsFileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Writes insights off the caller's thread, in order, on a queue of its own: a keystroke never
/// waits for the disk. `flush` waits (bounded) for what was handed over, at the session's end.
public final class InsightsWriter: @unchecked Sendable {
    public let files: InsightsFiles
    private let queue = DispatchQueue(label: "instantsearch.insights", qos: .utility)
    private let lock = NSLock()
    private var failure: String?

    public init(files: InsightsFiles) {
        self.files = files
    }

    /// Hands the lines over; returns at once.
    public func write(queries: [QueryLine], events: [InsightsEvent]) {
        guard !queries.isEmpty || !events.isEmpty else { return }
        let files = self.files
        queue.async { [self] in
            do {
                try files.append(queries: queries, events: events)
            } catch {
                lock.withLock { if failure == nil { failure = "insights not recorded: \(error)" } }
            }
        }
    }

    /// Waits up to `timeout` for the writes handed over; returns the first failure, if any.
    public func flush(timeout: Duration = .seconds(2)) -> String? {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        let (seconds, attoseconds) = timeout.components
        if done.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .timedOut {
            return "insights: the state directory took too long to write (\(files.directory))"
        }
        return lock.withLock { failure }
    }
}

/// Where a session's insights go: a value handed over returns at once (the writer does the
/// disk work elsewhere), so it may be called on the key path.
public protocol InsightsSink: AnyObject, Sendable {
    func record(queries: [QueryLine], events: [InsightsEvent])
}

extension InsightsWriter: InsightsSink {
    public func record(queries: [QueryLine], events: [InsightsEvent]) { write(queries: queries, events: events) }
}
