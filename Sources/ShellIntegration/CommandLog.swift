import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The integration's own record of commands: what no shell's history keeps (the folder a
/// command ran in, its exit status). The shell scripts append one line per command, with
/// builtins only (no process started at each prompt):
///
///     SECONDS <tab> STATUS <tab> FOLDER <tab> HOST <tab> SESSION <tab> COMMAND
///
/// with `\` written `\\`, a newline `\n` and a tab `\t` in the text fields, so a line's tabs are
/// its separators (lines of four fields, without HOST and SESSION, were written before those
/// were and still read). A line that does not read so is skipped (a line cut short by a full
/// disk, say), never an error.
///
/// The file is bounded: `trim` keeps the newest `keptLines` when it has grown past `maximumLines`,
/// and a reader reads its newest `maximumBytes` at most. It is a `StateFile`: a link, a FIFO or
/// another user's file there is refused, neither read nor trimmed.
public enum CommandLog {
    public static let maximumLines = 100_000
    public static let keptLines = 50_000
    public static let maximumBytes = 32 << 20

    /// `$XDG_STATE_HOME/instantsearch/history.SHELL`, else under `~/.local/state`.
    public static func defaultPath(shell: String, environment: [String: String]) -> String {
        StateFolder.path(environment: environment) + "/history.\(shell)"
    }

    public static func parse(_ text: String) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4 || fields.count == 6, let time = Int(fields[0]), let status = Int(fields[1]) else { continue }
            let command = unescaped(fields[fields.count - 1])
            guard !command.allSatisfy(\.isWhitespace) else { continue }
            var entry = HistoryEntry(command: command, time: time, directory: unescaped(fields[2]), exitStatus: status)
            if fields.count == 6 {
                entry.host = fields[3].isEmpty ? nil : unescaped(fields[3])
                entry.session = fields[4].isEmpty ? nil : unescaped(fields[4])
            }
            entries.append(entry)
        }
        return entries
    }

    /// One line of the log (what the scripts write, for tests and tools).
    public static func line(_ entry: HistoryEntry) -> String {
        [
            String(entry.time ?? 0), String(entry.exitStatus ?? 0), escaped(entry.directory ?? ""), escaped(entry.host ?? ""),
            escaped(entry.session ?? ""), escaped(entry.command),
        ].joined(separator: "\t")
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }

    static func unescaped(_ text: Substring) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The newest `maximumBytes` of the log at `path` (nil: there is none). `named`: a path the
    /// user gave (`--command-log`), which may be in any folder.
    public static func read(path: String, named: Bool) throws(StateFileError) -> [UInt8]? {
        try StateFile.open(path, for: .read, rules: named ? .named : .ours)?.read(atMost: maximumBytes, from: .end)
    }

    /// Keeps the newest `keptLines` lines when the file has more than `maximumLines`; replaces
    /// it atomically, so a shell appending at that moment loses at most its one line.
    public static func trim(
        path: String, named: Bool = false, maximumLines: Int = maximumLines, keptLines: Int = keptLines
    ) throws(StateFileError) {
        let file = try StateFile.locked(path, rules: named ? .named : .ours)
        let lines = try file.read(atMost: maximumBytes, from: .end).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard lines.count > maximumLines || file.size > maximumBytes else { return }
        var kept: [UInt8] = []
        for line in lines.suffix(keptLines) {
            kept += line
            kept.append(UInt8(ascii: "\n"))
        }
        try file.replace(with: kept)
    }
}

extension CommandLog {
    /// Takes every line of `commands` out of the log at `path` (`delete-hit`), under its lock,
    /// the other lines kept byte for byte; how many went. No log: none.
    public static func remove(_ commands: Set<String>, path: String, named: Bool = false) throws(StateFileError) -> Int {
        guard try StateFile.open(path, for: .read, rules: named ? .named : .ours) != nil else { return 0 }
        let file = try StateFile.locked(path, rules: named ? .named : .ours)
        var kept: [UInt8] = []
        var removed = 0
        for line in try file.read(atMost: maximumBytes, from: .end).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if let entry = parse(String(decoding: line, as: UTF8.self)).first, commands.contains(entry.command) {
                removed += 1
                continue
            }
            kept += line
            kept.append(UInt8(ascii: "\n"))
        }
        if removed > 0 { try file.replace(with: kept) }
        return removed
    }
}

/// Where the integration keeps what it learns: `$XDG_STATE_HOME/instantsearch`, else
/// `~/.local/state/instantsearch`.
public enum StateFolder {
    public static func path(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/instantsearch" }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/state/instantsearch"
    }
}
