/// `delete-hit`: what a hit stands for, deleted where it is kept once the user said yes (Ctrl-R:
/// a command, from the shell's history file, the integration's command log and its frecency).
/// The interface asks `question(about:)`, waits for y or n, then calls `delete(_:)` and takes
/// the record out of the list (`RecordReloading.remove`).
public protocol HitDeleting: Sendable {
    /// The confirmation the interface shows for this record; nil: it cannot be deleted.
    func question(about record: JSONValue) -> String?
    /// Deletes it everywhere it is kept; returns the line said after (what was deleted where).
    func delete(_ record: JSONValue) throws(HitDeletionError) -> String
}

/// Why a deletion did not happen (or not everywhere), in one line the interface shows.
public struct HitDeletionError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
