import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-R's `delete-hit`: a command taken out of everything the integration reads it from —
/// the shell's history file (every time it is there), the command log and Ctrl-R's frecency —
/// and handed to the shell, which takes it out of its own memory once the picker is done
/// (the scripts read `handOffFile` with builtins: bash's `history -d`, zsh's history reread
/// without it, fish's `history delete`), so that the shell does not write it back on exit.
///
/// The hand-off is written first: a command the shell would not hear of is deleted nowhere.
public struct HistoryDeletion: HitDeleting {
    public var shell: String
    /// The shell's history file Ctrl-R read; nil: none. Rewritten where it really is (a link
    /// into a folder of dotfiles stays a link); fish's is left to `history delete`.
    public var historyFile: String?
    public var logFile: String
    /// The log was named by `--command-log` (anywhere) rather than being ours.
    public var logIsNamed = false
    public var frecencyFile: String?
    /// `--history-deleted FILE`: each deleted command is appended there, ended by a NUL byte.
    public var handOffFile: String?

    public init(shell: String, historyFile: String?, logFile: String) {
        self.shell = shell
        self.historyFile = historyFile
        self.logFile = logFile
    }

    public func question(about record: JSONValue) -> String? {
        guard let command = record["command"]?.stringValue else { return nil }
        return "delete \(Self.shown(command)) from the history? y/n"
    }

    public func delete(_ record: JSONValue) throws(HitDeletionError) -> String {
        guard let command = record["command"]?.stringValue else { throw HitDeletionError("delete-hit: not a command of the history") }
        let commands: Set = [command]
        if let handOffFile {
            do {
                try StateFile.makeFolder(PathText.deletingLastComponent(handOffFile))
                let file = try StateFile.locked(handOffFile)
                // Rewritten whole: `append` keeps to lines, and a command may hold line ends.
                try file.replace(with: try file.read(atMost: HistorySources.maxHistoryBytes, from: .start) + Array(command.utf8) + [0])
            } catch {
                throw HitDeletionError("not deleted: the shell cannot be told (\(error))")
            }
        }
        var places: [String] = []
        do {
            if let historyFile, let removed = try Self.removeFromShellFile(commands, path: historyFile, shell: shell), removed > 0 {
                places.append("\(PathText.lastComponent(historyFile)) (\(removed)×)")
            } else if ShellKind(rawValue: shell) == .fish {
                places.append("fish's history")
            }
            if try CommandLog.remove(commands, path: logFile, named: logIsNamed) > 0 { places.append("the command log") }
            if let frecencyFile { try FrecencyStore.forget(commands, path: frecencyFile) }
        } catch {
            throw HitDeletionError("deleted in part (\(places.isEmpty ? "nowhere yet" : places.joined(separator: ", "))): \(error)")
        }
        return "deleted \(Self.shown(command))" + (places.isEmpty ? "" : " from " + places.joined(separator: ", "))
    }

    /// How many entries went from the shell's file; nil: a file this does not rewrite.
    static func removeFromShellFile(_ commands: Set<String>, path: String, shell: String) throws(StateFileError) -> Int? {
        guard ShellKind(rawValue: shell).map({ $0 != .fish }) ?? false else { return nil }
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &resolved) != nil else { return 0 }  // no file: nothing of it to delete
        let real = String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let file = try StateFile.locked(real, rules: .named)
        guard file.size <= HistorySources.maxHistoryBytes else {
            throw StateFileError(path: path, problem: .tooLarge(limit: HistorySources.maxHistoryBytes))
        }
        let bytes = try file.read(atMost: HistorySources.maxHistoryBytes, from: .start)
        guard let (kept, removed) = ShellHistoryRemoval.removing(commands, from: bytes, shell: shell), removed > 0 else { return 0 }
        try file.replace(with: kept)
        return removed
    }

    /// A command as the question names it: quoted, on one line, cut at 60 characters.
    static func shown(_ command: String) -> String {
        let line = String(command.map { $0.isNewline ? "⏎" : $0 })
        return "“" + (line.count > 60 ? line.prefix(59) + "…" : line) + "”"
    }
}
