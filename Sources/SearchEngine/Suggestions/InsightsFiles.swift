import Foundation
import InstantSearchCore

/// Reads the local insights files (`queries.ndjson`, `events.ndjson`; their format is agreed
/// in the insights writer's documentation) into query suggestions. A line that does not parse,
/// or lacks what it needs, is skipped and counted, never fatal: the files are a log written
/// by earlier sessions, and one torn line must not cost the rest.
public enum InsightsFiles {
    /// The files are bounded by their writer; a larger one is read only up to this.
    static let maximumBytes = 32 * 1024 * 1024

    /// `$XDG_STATE_HOME/instantsearch`, else `$HOME/.local/state/instantsearch`; nil without either.
    public static func directory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/instantsearch" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/instantsearch"
    }

    /// Counts the queries of `directory`'s files into `builder`, then their click and
    /// conversion events; returns how many lines were skipped. Missing files are no error.
    public static func read(_ directory: String, into builder: inout QuerySuggestionsBuilder) -> Int {
        var skipped = 0
        for line in lines(of: directory + "/queries.ndjson", skipped: &skipped) {
            guard let query = line["query"]?.stringValue, let index = line["index"]?.stringValue else {
                skipped += 1
                continue
            }
            let nbHits = line["nbHits"]?.numberValue.flatMap { $0 >= 0 && $0.isFinite ? Int($0) : nil }
            builder.addQuery(query, index: index, nbHits: nbHits, queryID: line["queryID"]?.stringValue)
        }
        for line in lines(of: directory + "/events.ndjson", skipped: &skipped) {
            guard let type = line["eventType"]?.stringValue else {
                skipped += 1
                continue
            }
            // Views and events outside a search (no queryID) say nothing of a query.
            if let queryID = line["queryID"]?.stringValue { builder.addEvent(type: type, queryID: queryID) }
        }
        return skipped
    }

    /// The JSON objects of an NDJSON file, a line that is none counted in `skipped`.
    static func lines(of path: String, skipped: inout Int) -> [JSONValue] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes), !data.isEmpty else { return [] }
        var objects: [JSONValue] = []
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
            if let value = try? JSONParser.parse(Array(line), file: path), value.objectValue != nil {
                objects.append(value)
            } else {
                skipped += 1
            }
        }
        return objects
    }
}
