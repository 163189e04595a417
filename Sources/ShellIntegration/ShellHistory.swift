/// One command from a shell's history, with what the shell (or the integration's own log)
/// recorded about it.
public struct HistoryEntry: Sendable, Equatable {
    public var command: String
    /// Seconds since 1970, when recorded.
    public var time: Int?
    /// The folder it ran in (the integration's log only: no shell keeps it).
    public var directory: String?
    public var exitStatus: Int?
    /// The machine and the shell session it ran in (the log only): `PID:STARTSECONDS`.
    public var host: String?
    public var session: String?

    public init(
        command: String, time: Int? = nil, directory: String? = nil, exitStatus: Int? = nil, host: String? = nil, session: String? = nil
    ) {
        self.command = command
        self.time = time
        self.directory = directory
        self.exitStatus = exitStatus
        self.host = host
        self.session = session
    }
}

/// The shells whose history files are read with their own format; any other name gets plain
/// lines (one command a line), never an error.
public enum ShellKind: String, Sendable, CaseIterable {
    case bash, zsh, fish
}

/// Reads a shell's history file into entries, oldest first, as the file has them.
///
/// - bash: one command a line; with `HISTTIMEFORMAT` set, bash writes `#SECONDS` before each
///   command, which becomes its time.
/// - zsh: `: SECONDS:DURATION;command` with `EXTENDED_HISTORY` (a command of several lines
///   continues after a line ending in `\`), else plain lines; zsh's metafied bytes (0x83 then
///   the byte XOR 0x20) are undone.
/// - fish: its YAML-like file (`- cmd: …` then `  when: SECONDS`), with fish's `\n` and `\\`.
/// - anything else: plain lines.
public enum ShellHistoryParser {
    public static func parse(_ bytes: [UInt8], shell: String) -> [HistoryEntry] {
        switch ShellKind(rawValue: shell) {
        case .bash: return bash(String(decoding: bytes, as: UTF8.self))
        case .zsh: return zsh(String(decoding: unmetafied(bytes), as: UTF8.self))
        case .fish: return fish(String(decoding: bytes, as: UTF8.self))
        case nil: return plain(String(decoding: bytes, as: UTF8.self))
        }
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.last == "\r" ? $0.dropLast() : $0 }
    }

    static func plain(_ text: String) -> [HistoryEntry] {
        lines(text).filter { !$0.allSatisfy(\.isWhitespace) }.map { HistoryEntry(command: String($0)) }
    }

    static func bash(_ text: String) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        var time: Int?
        for line in lines(text) {
            if line.first == "#", let seconds = Int(line.dropFirst()) {
                time = seconds
                continue
            }
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            entries.append(HistoryEntry(command: String(line), time: time))
            time = nil
        }
        return entries
    }

    static func zsh(_ text: String) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        var pending: HistoryEntry?
        var continues = false
        for line in lines(text) {
            if continues, var entry = pending {
                // The line before ended in a backslash: this one is more of the same command.
                continues = line.last == "\\"
                entry.command += "\n" + (continues ? line.dropLast() : line)
                pending = entry
                continue
            }
            if let entry = pending { entries.append(entry) }
            pending = nil
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            var command = line
            var time: Int?
            if line.hasPrefix(": "), let semicolon = line.firstIndex(of: ";") {
                let stamp = line[line.index(line.startIndex, offsetBy: 2)..<semicolon]
                if let colon = stamp.firstIndex(of: ":"), let seconds = Int(stamp[..<colon]), Int(stamp[stamp.index(after: colon)...]) != nil {
                    time = seconds
                    command = line[line.index(after: semicolon)...]
                }
            }
            continues = command.last == "\\"
            pending = HistoryEntry(command: String(continues ? command.dropLast() : command), time: time)
        }
        if let entry = pending { entries.append(entry) }
        return entries
    }

    /// zsh writes bytes 0x83…0xA2 (its tokens) as 0x83 followed by the byte XOR 0x20.
    static func unmetafied(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x83) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var metaNext = false
        for byte in bytes {
            if metaNext {
                result.append(byte ^ 0x20)
                metaNext = false
            } else if byte == 0x83 {
                metaNext = true
            } else {
                result.append(byte)
            }
        }
        return result
    }

    static func fish(_ text: String) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for line in lines(text) {
            if line.hasPrefix("- cmd: ") {
                entries.append(HistoryEntry(command: unescapedFish(line.dropFirst(7))))
            } else if line.hasPrefix("  when: "), let seconds = Int(line.dropFirst(8)), !entries.isEmpty {
                entries[entries.count - 1].time = seconds
            }
        }
        return entries
    }

    /// fish writes a newline in a command as `\n` and a backslash as `\\`.
    static func unescapedFish(_ text: Substring) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}
