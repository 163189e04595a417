import InstantSearchCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Algolia's tasks, for the writes this server takes (settings, rules): each write is applied
/// before it is answered, one at a time (two `setSettings` at once must not each rebuild from the
/// same old settings and lose the other's change), and numbered. Every task is published once
/// answered, so `GET /1/indexes/{index}/task/{taskID}` says `published` to a client that waits.
final class WriteTasks: Sendable {
    private struct State {
        var lastTaskID = 0
        /// When each index last took a write (the list of indices' `updatedAt`).
        var updatedAt: [String: Date] = [:]
    }
    private let state = Mutex(State())
    /// When the server loaded its indices (their `createdAt`).
    let started = Date()

    /// Runs `write` on `index` alone; Algolia's answer to a write: `{"taskID": …, "updatedAt": …}`.
    func perform(on index: String, _ write: () throws -> Void) throws -> JSONValue {
        let (taskID, date) = try state.withLock { state -> (Int, Date) in
            try write()
            state.lastTaskID += 1
            let now = Date()
            state.updatedAt[index] = now
            return (state.lastTaskID, now)
        }
        return ["taskID": .number(Double(taskID)), "updatedAt": .string(Self.timestamp(date))]
    }

    /// Algolia's task status: a task this server numbered is done (writes are answered once
    /// applied); one it never numbered does not exist.
    func status(of taskID: String) throws -> JSONValue {
        let last = state.withLock { $0.lastTaskID }
        guard let id = Int(taskID), id >= 1, id <= last else { throw ServerError.notFound("task \(taskID.prefix(40)) does not exist") }
        return ["status": "published", "pendingTask": false]
    }

    func updatedAt(_ index: String) -> Date { state.withLock { $0.updatedAt[index] } ?? started }

    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
