import InstantSearchCore
import OrderedCollections

/// Ctrl-R's records: a shell's history and the integration's log, one record per distinct
/// command, newest first.
///
/// A command is one record however often it ran: `count` says how often, `time` when last,
/// `days` how many days ago (the date range's slider), `dir` every folder it ran in (a facet:
/// refining by one lists what ran there), `exit` its last exit status (a facet). Fields are left
/// out when nothing recorded them, so plain history gives records of `command` and `count`.
///
/// A command typed under the integration is in both the shell's file and the log: its count is
/// the larger of the two sources' counts, never their sum.
public struct HistoryRecords: Sendable {
    public struct Record: Sendable, Equatable {
        public var command: String
        public var count: Int
        public var time: Int?
        public var directories: [String]
        public var exitStatus: Int?
        /// Where the newest occurrence is, across both sources: the newest first.
        var order: Int
    }

    public private(set) var records: [Record]

    public init(shellHistory: [HistoryEntry], log: [HistoryEntry]) {
        var byCommand: [String: Record] = [:]
        var fileCounts: [String: Int] = [:]
        var logCounts: [String: Int] = [:]
        // The shell's file first, then the log: a later position is a newer command, and the
        // log (written as commands end) is newer than what the file held when it was read.
        for (source, entries) in [(0, shellHistory), (1, log)] {
            for (offset, entry) in entries.enumerated() {
                let position = source * shellHistory.count + offset
                if source == 0 { fileCounts[entry.command, default: 0] += 1 } else { logCounts[entry.command, default: 0] += 1 }
                var record =
                    byCommand[entry.command]
                    ?? Record(command: entry.command, count: 0, time: nil, directories: [], exitStatus: nil, order: position)
                record.order = max(record.order, position)
                if let time = entry.time { record.time = max(record.time ?? time, time) }
                if let directory = entry.directory, !directory.isEmpty, !record.directories.contains(directory) {
                    record.directories.append(directory)
                }
                if let status = entry.exitStatus { record.exitStatus = status }
                byCommand[entry.command] = record
            }
        }
        records = byCommand.values.map { record in
            var record = record
            record.count = max(fileCounts[record.command] ?? 0, logCounts[record.command] ?? 0)
            return record
        }
        // Newest first: by where the newest occurrence is (times may be missing, or out of
        // order when clocks moved; positions are always there and always in order).
        records.sort { $0.order > $1.order }
    }

    /// The records as JSON objects, `now` (seconds since 1970) giving `days`; a folder under
    /// `home` is written `~/…`, as a prompt shows it (and short enough for the facet list).
    public func json(now: Int, home: String? = nil) -> [JSONValue] {
        func shown(_ directory: String) -> String {
            guard let home, home.count > 1 else { return directory }
            if directory == home { return "~" }
            return directory.hasPrefix(home + "/") ? "~" + directory.dropFirst(home.count) : directory
        }
        return records.map { record -> JSONValue in
            var fields: OrderedDictionary<String, JSONValue> = ["command": .string(record.command), "count": .number(Double(record.count))]
            if let time = record.time {
                fields["time"] = .number(Double(time))
                fields["days"] = .number(Double(max(0, now - time) / 86_400))
            }
            if !record.directories.isEmpty { fields["dir"] = .array(record.directories.map { JSONValue.string(shown($0)) }) }
            if let status = record.exitStatus { fields["exit"] = .string(String(status)) }
            return .object(fields)
        }
    }
}
