import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where Ctrl-R's history comes from: the shell's own file and the integration's log.
public struct HistorySources: Sendable {
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case unreadable(option: String, path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let option, let path, let reason) where option.hasPrefix("--"):
                "\(option) \(path): \(reason) (give a readable history file, or leave the option out)"
            case .unreadable(let source, let path, let reason):
                "\(source) \(path): \(reason) (Ctrl-R reads the shell's history there: make it a regular file)"
            }
        }
    }

    public var shell: String
    /// The shell's history file; nil: the shell's usual place. A missing file at the usual
    /// place is an empty history, a file named and missing or unreadable is an error.
    public var historyFile: String?
    /// The integration's log; nil: `CommandLog.defaultPath`.
    public var logFile: String?

    public init(shell: String, historyFile: String? = nil, logFile: String? = nil) {
        self.shell = shell
        self.historyFile = historyFile
        self.logFile = logFile
    }

    /// The shell's usual history file (bash and zsh: `$HISTFILE` when exported).
    public static func defaultHistoryFile(shell: String, environment: [String: String]) -> String? {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        switch ShellKind(rawValue: shell) {
        case .bash: return environment["HISTFILE"] ?? home + "/.bash_history"
        case .zsh: return environment["HISTFILE"] ?? home + "/.zsh_history"
        case .fish:
            let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
            return data + "/fish/\(environment["fish_history"] ?? "fish")_history"
        case nil: return environment["HISTFILE"]
        }
    }

    /// Reads both (trimming the log when it has grown past its bound) and collapses them.
    public func load(environment: [String: String]) throws(Failure) -> HistoryRecords {
        let named = historyFile != nil
        let file = historyFile ?? Self.defaultHistoryFile(shell: shell, environment: environment)
        var shellHistory: [HistoryEntry] = []
        // Named in a message as the user gave it: the option, HISTFILE, or the usual place.
        let source = named ? "--shell-history" : environment["HISTFILE"] != nil ? "HISTFILE" : "history file"
        if let file, let bytes = try Self.read(file, option: source, mustExist: named) {
            shellHistory = ShellHistoryParser.parse(bytes, shell: shell)
        }
        let log = logFile ?? CommandLog.defaultPath(shell: shell, environment: environment)
        var logged: [HistoryEntry] = []
        let bytes: [UInt8]?
        do {
            bytes = try CommandLog.read(path: log, named: logFile != nil)
        } catch {
            throw .unreadable(option: "--command-log", path: log, reason: error.reason)
        }
        if let bytes {
            logged = CommandLog.parse(String(decoding: bytes, as: UTF8.self))
            try? CommandLog.trim(path: log, named: logFile != nil)  // best effort: a read-only log is still read
        } else if logFile != nil {
            throw .unreadable(option: "--command-log", path: log, reason: "no such file")
        }
        return HistoryRecords(shellHistory: shellHistory, log: logged)
    }

    /// The newest commands a history file holds are in its last this many bytes (whole lines).
    static let maxHistoryBytes = 256 << 20

    /// The history file as it is on disk: a regular file (a link to one is fine, dotfiles are
    /// often links), never a FIFO or a device, which would block Ctrl-R or feed it forever.
    private static func read(_ path: String, option: String, mustExist: Bool) throws(Failure) -> [UInt8]? {
        let file: StateFile?
        do {
            file = try StateFile.open(path, for: .read, rules: .setup)
        } catch {
            throw .unreadable(option: option, path: path, reason: error.reason)
        }
        guard let file else {
            if mustExist { throw .unreadable(option: option, path: path, reason: "no such file") }
            return nil
        }
        do {
            return try file.read(atMost: maxHistoryBytes, from: .end)
        } catch {
            throw .unreadable(option: option, path: path, reason: error.reason)
        }
    }
}
