import InstantSearchCore
import OrderedCollections

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-R's records: a shell's history and the integration's log, one record per distinct
/// command, newest first.
///
/// A command is one record however often it ran: `count` says how often, `time` when last,
/// `days` how many days ago (the date range's slider), `dir` every folder it ran in (a facet:
/// refining by one lists what ran there), `repo` the git repositories of those folders, `host`
/// and `session` the machines and shell sessions it ran in, `exit` its last exit status (each a
/// facet, and the first four Ctrl-R's scopes). Fields are left out when nothing recorded them, so
/// plain history gives records of `command` and `count`.
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
        public var hosts: [String] = []
        /// `PID:STARTSECONDS` of each shell session it ran in.
        public var sessions: [String] = []
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
                if let host = entry.host, !record.hosts.contains(host) { record.hosts.append(host) }
                if let session = entry.session, !record.sessions.contains(session) { record.sessions.append(session) }
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

    /// A folder as a prompt shows it: under `home`, `~/…` (short enough for the facet list).
    public static func shown(_ directory: String, home: String?) -> String {
        guard let home, home.count > 1 else { return directory }
        if directory == home { return "~" }
        return directory.hasPrefix(home + "/") ? "~" + directory.dropFirst(home.count) : directory
    }

    /// A session as a person tells it apart: `PID:STARTSECONDS` read "4242 since Dec 3 18:30"
    /// (local time); anything else as it is.
    public static func shownSession(_ session: String) -> String {
        let parts = session.split(separator: ":")
        guard parts.count == 2, let pid = Int(parts[0]), var start = time_t(parts[1]) else { return session }
        var local = tm()
        guard localtime_r(&start, &local) != nil else { return session }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[Int(local.tm_mon) % 12]
        let minute = local.tm_min < 10 ? "0\(local.tm_min)" : "\(local.tm_min)"
        return "\(pid) since \(month) \(local.tm_mday) \(local.tm_hour):\(minute)"
    }

    /// The records as JSON objects, `now` (seconds since 1970) giving `days`; folders shown as
    /// `shown(_:home:)`, each folder's git repository found by `repositories`.
    public func json(now: Int, home: String? = nil, repositories: RepositoryRoots? = nil) -> [JSONValue] {
        func shown(_ directory: String) -> String { Self.shown(directory, home: home) }
        return records.map { record -> JSONValue in
            var fields: OrderedDictionary<String, JSONValue> = ["command": .string(record.command), "count": .number(Double(record.count))]
            if let time = record.time {
                fields["time"] = .number(Double(time))
                fields["days"] = .number(Double(max(0, now - time) / 86_400))
            }
            if !record.directories.isEmpty { fields["dir"] = .array(record.directories.map { JSONValue.string(shown($0)) }) }
            if let repositories {
                var roots: [String] = []
                for directory in record.directories {
                    if let root = repositories.root(of: directory).map(shown), !roots.contains(root) { roots.append(root) }
                }
                if !roots.isEmpty { fields["repo"] = .array(roots.map { JSONValue.string($0) }) }
            }
            if !record.hosts.isEmpty { fields["host"] = .array(record.hosts.map { JSONValue.string($0) }) }
            if !record.sessions.isEmpty { fields["session"] = .array(record.sessions.map { JSONValue.string(Self.shownSession($0)) }) }
            if let status = record.exitStatus { fields["exit"] = .string(String(status)) }
            return .object(fields)
        }
    }
}
