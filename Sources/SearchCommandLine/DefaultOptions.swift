#if canImport(Glibc)
import Glibc
#endif

/// Default options for the interactive search, written as they would be typed, read in fzf's
/// order and then ours: the file `FZF_DEFAULT_OPTS_FILE` names, `FZF_DEFAULT_OPTS`, then
/// `INSTANTSEARCH_DEFAULT_OPTS`, all before the command line's own, so that a later option
/// wins over the same option earlier (a user's fzf setup works unchanged, ours refines it, the
/// command line has the last word).
public enum DefaultOptions {
    public static let variable = "INSTANTSEARCH_DEFAULT_OPTS"
    /// fzf's variables, read first (fzf 0.74's names and meanings).
    public static let fzfFileVariable = "FZF_DEFAULT_OPTS_FILE"
    public static let fzfVariable = "FZF_DEFAULT_OPTS"
    /// Every variable default options come from: a command run again with them already in its
    /// words (`--tmux`'s popup) must not read them twice.
    public static let variables: Set<String> = [fzfFileVariable, fzfVariable, variable]
    /// A defaults file is a few lines of options: a longer one is refused before it is read whole.
    public static let maximumFileBytes = ShellWords.maximumLength

    public struct Error: Swift.Error, CustomStringConvertible {
        /// Where the words came from: a variable's name, or the file's path.
        public let source: String
        public let message: String
        public var description: String { "\(source): \(message)" }
    }

    /// One place default options came from, and its words.
    public struct Source: Equatable, Sendable {
        /// `FZF_DEFAULT_OPTS`, `INSTANTSEARCH_DEFAULT_OPTS`, or the path `FZF_DEFAULT_OPTS_FILE` names.
        public let name: String
        public let words: [String]

        public init(name: String, words: [String]) {
            self.name = name
            self.words = words
        }
    }

    /// Every source that gave words, in the order they are read; `readFile` reads the file
    /// `FZF_DEFAULT_OPTS_FILE` names (nil: it cannot be read, with why).
    public static func sources(
        in environment: [String: String], readFile: (String) -> Result<String, FileFailure> = readTextFile
    ) throws(Error) -> [Source] {
        var sources: [Source] = []
        if let path = environment[fzfFileVariable], !path.isEmpty {
            let text: String
            switch readFile(path) {
            case .success(let read): text = read
            // As fzf says it: the variable, then why the file could not be read.
            case .failure(let failure): throw Error(source: "$" + fzfFileVariable, message: "\(path): \(failure.message)")
            }
            sources.append(Source(name: path, words: try split(text, from: path, showing: false)))
        }
        for name in [fzfVariable, variable] {
            guard let value = environment[name] else { continue }
            sources.append(Source(name: name, words: try split(value, from: name, showing: true)))
        }
        return sources.filter { !$0.words.isEmpty }
    }

    /// All the default words, in order (`sources` joined).
    public static func words(in environment: [String: String]) throws(Error) -> [String] {
        try sources(in: environment, readFile: readTextFile).flatMap(\.words)
    }

    /// fzf reads its defaults with shell comments: a `#` starting a word comments out the rest
    /// of its line (a file of options, one a line, each with its note).
    private static func split(_ text: String, from source: String, showing: Bool) throws(Error) -> [String] {
        do {
            return try ShellWords.split(text, comments: true)
        } catch {
            throw Error(source: source, message: showing ? "\(error) in \(quoted(text))" : "\(error)")
        }
    }

    public struct FileFailure: Swift.Error {
        public let message: String
    }

    /// The file's text, read through a descriptor (no link followed at the end, as state files
    /// are not), bounded by `maximumFileBytes`.
    public static func readTextFile(_ path: String) -> Result<String, FileFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileFailure(message: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(FileFailure(message: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > maximumFileBytes {
                return .failure(FileFailure(message: "longer than \(maximumFileBytes) bytes"))
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The command line with `defaults` in front of the interactive search's options. Other
    /// subcommands (`query`, `index`, `serve`, …) and the root's own flags (`--help`,
    /// `--version`, completion scripts, the help dump the man page is made from) are left
    /// alone: the variable is for the interface, and an install must not depend on it.
    public static func insert(
        _ defaults: [String], into arguments: [String], searchCommand: String, otherSubcommands: Set<String>
    ) -> [String] {
        guard !defaults.isEmpty, let first = arguments.first else { return defaults + arguments }
        switch CommandLineRoute.of(arguments, searchCommand: searchCommand, otherSubcommands: otherSubcommands) {
        case .searchOptions: return defaults + arguments
        case .searchNamed: return [first] + defaults + arguments.dropFirst()
        case .root: return arguments
        }
    }

    /// The value as it would be written in a shell, shortened if long, for messages.
    static func quoted(_ value: String) -> String {
        let shown = value.count > 80 ? String(value.prefix(77)) + "..." : value
        return "\"\(shown)\""
    }
}
