import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The local insights files (`queries.ndjson`, `events.ndjson`) in the state directory:
/// `$XDG_STATE_HOME/instantsearch/`, else `$HOME/.local/state/instantsearch/`, made with mode
/// 0700 when first written. Each file is NDJSON, bounded: when an append takes it past
/// `maxBytes`, it is cut to its newest `maxBytes / 2` of whole lines; a reader reads at most
/// its newest `maxBytes` (a larger file was written by something else). Files are opened as
/// `StateFile`s: a link, a FIFO or another user's file there is refused, neither read nor
/// written. A reader skips a line it cannot read and counts it.
public struct InsightsFiles: Sendable {
    public let directory: String
    /// A file's cap; past it, the file is cut to its newest half.
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

    /// Appends the lines, making the directory (0700) first; cuts a file that passed its cap.
    public func append(queries: [QueryLine], events: [InsightsEvent]) throws(StateFileError) {
        guard !queries.isEmpty || !events.isEmpty else { return }
        try StateFile.makeFolder(directory)
        if !queries.isEmpty { try append(queries.map(\.json), to: queriesPath) }
        if !events.isEmpty { try append(events.map(\.json), to: eventsPath) }
    }

    /// Whole lines under the file's lock, so another instance appending at the same time loses nothing.
    private func append(_ lines: [JSONValue], to path: String) throws(StateFileError) {
        let file = try StateFile.locked(path)
        try file.append(Array(lines.map { $0.serialized() + "\n" }.joined().utf8))
        if file.size > maxBytes { try file.replace(with: file.read(atMost: maxBytes / 2, from: .end)) }
    }

    // MARK: Reading

    /// What the files hold; a missing file holds nothing.
    public struct Contents: Sendable {
        public var queries: [QueryLine] = []
        public var events: [InsightsEvent] = []
        public var problems = Problems()
    }

    /// Lines that could not be read, and files refused (a link, a FIFO…: not read).
    public struct Problems: Sendable, Equatable {
        public var skipped = 0
        public var refused: [String] = []

        public init(skipped: Int = 0, refused: [String] = []) {
            self.skipped = skipped
            self.refused = refused
        }

        /// One line for the user (nil: nothing to say); `directory`: the folder the lines are in.
        public func note(directory: String, what: String = "insights") -> String? {
            var parts = refused
            if skipped > 0 {
                parts.append("\(skipped) line\(skipped == 1 ? "" : "s") of \(directory) could not be read and \(skipped == 1 ? "was" : "were") skipped")
            }
            return parts.isEmpty ? nil : "\(what): " + parts.joined(separator: "; ")
        }
    }

    public func read() -> Contents {
        var contents = Contents()
        for value in lines(of: queriesPath, problems: &contents.problems) {
            if let line = QueryLine(json: value) { contents.queries.append(line) } else { contents.problems.skipped += 1 }
        }
        for value in lines(of: eventsPath, problems: &contents.problems) {
            if let event = try? InsightsValidation.event(value, now: nil) { contents.events.append(event) } else { contents.problems.skipped += 1 }
        }
        return contents
    }

    /// Counts the queries into `builder` as query suggestions, then their click and conversion
    /// events. More lenient than `read()`: a line needs only what a suggestion is counted from
    /// (a query and its index; an event's type and queryID).
    public func read(into builder: inout QuerySuggestionsBuilder) -> Problems {
        var problems = Problems()
        for line in lines(of: queriesPath, problems: &problems) {
            guard let query = line["query"]?.stringValue, let index = line["index"]?.stringValue else {
                problems.skipped += 1
                continue
            }
            let nbHits = line["nbHits"]?.numberValue.flatMap { $0 >= 0 && $0.isFinite ? Int($0) : nil }
            builder.addQuery(query, index: index, nbHits: nbHits, queryID: line["queryID"]?.stringValue)
        }
        for line in lines(of: eventsPath, problems: &problems) {
            guard let type = line["eventType"]?.stringValue else {
                problems.skipped += 1
                continue
            }
            // Views and events outside a search (no queryID) say nothing of a query.
            if let queryID = line["queryID"]?.stringValue { _ = builder.addEvent(type: type, queryID: queryID) }
        }
        return problems
    }

    /// The newest `maxBytes` of the file, line by line.
    private func lines(of path: String, problems: inout Problems) -> [JSONValue] {
        let bytes: [UInt8]
        do {
            guard let file = try StateFile.open(path, for: .read) else { return [] }
            bytes = try file.read(atMost: maxBytes, from: .end)
        } catch {
            problems.refused.append(error.description)
            return []
        }
        var values: [JSONValue] = []
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if let value = try? JSONParser.parse(Array(line), file: path) { values.append(value) } else { problems.skipped += 1 }
        }
        return values
    }
}

/// Writes insights off the caller's thread, in order, on a queue of its own: a keystroke never
/// waits for the disk. `flush` waits (bounded) for what was handed over, at the session's end.
public final class InsightsWriter: @unchecked Sendable {
    public let files: InsightsFiles
    private let queue = DispatchQueue(label: "instantsearch.insights", qos: .utility)
    private let failure = Mutex<String?>(nil)

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
                failure.withLock { if $0 == nil { $0 = "insights not recorded: \(error)" } }
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
        return failure.withLock { $0 }
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
