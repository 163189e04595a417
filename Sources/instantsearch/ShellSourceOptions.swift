import ArgumentParser
import IndexLoading
import InstantSearchCore
import SearchCommandLine
import SearchEngine
import ShellIntegration

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The shell integration's side of the command line: `--bash` / `--zsh` / `--fish` print the
/// script, `--source files|dirs|history` searches the built-in walker's or the shell history's
/// records (what Ctrl-T, Alt-C and Ctrl-R open), `--print-attribute` prints one attribute of
/// what is picked instead of the JSON line.
struct ShellSourceOptions: ParsableArguments {
    enum Source: String, ExpressibleByArgument, CaseIterable {
        case files, dirs, history
    }

    @Flag(help: "Print the bash integration (Ctrl-T, Ctrl-R, Alt-C, **<Tab>): eval \"$(instantsearch --bash)\" in ~/.bashrc.")
    var bash = false
    @Flag(help: "Print the zsh integration: eval \"$(instantsearch --zsh)\" in ~/.zshrc.")
    var zsh = false
    @Flag(help: "Print the fish integration: instantsearch --fish | source in config.fish.")
    var fish = false

    @Option(
        help:
            "Search built-in records instead of FILEs: files or dirs under --walker-root (facets ext and dir, sliders size and age), or history (the shell's, see --shell)."
    )
    var source: Source?

    @Option(
        name: .customLong("walker"),
        help: ArgumentHelp(
            "fzf's built-in walker, which gives the lines when nothing is named, standard input is a terminal and FZF_DEFAULT_COMMAND is unset: file, dir, follow, hidden (comma-separated; default file,follow,hidden).",
            valueName: "opts"))
    var walker: String?

    @Option(
        name: .customLong("walker-root"), parsing: .upToNextOption,
        help: ArgumentHelp("The folders the built-in walker walks (default: .); --source files / dirs walks the first.", valueName: "dir"))
    var walkerRoots: [String] = []

    @Option(
        name: .customLong("walker-skip"),
        help: ArgumentHelp("Folders the built-in walker leaves out: names, or paths (comma-separated; default .git,node_modules).", valueName: "dirs"))
    var walkerSkip: String?

    /// Where `--source files` / `dirs` walks.
    var walkerRoot: String { walkerRoots.first ?? "." }

    /// fzf's built-in walker as the options describe it.
    func builtInWalker() throws(LineOptionError) -> BuiltInWalker {
        BuiltInWalker(
            options: try walker.map { text throws(LineOptionError) in try BuiltInWalker.Options(parsing: text) } ?? BuiltInWalker.Options(),
            roots: walkerRoots, skipped: walkerSkip.map(BuiltInWalker.skipList) ?? BuiltInWalker.defaultSkipped)
    }

    @Flag(name: .customLong("walker-hidden"), help: "Walk hidden files and folders too (.git never).")
    var walkerHidden = false

    @Flag(name: .customLong("walker-no-ignore"), help: "Walk what .gitignore files ignore too.")
    var walkerNoIgnore = false

    @Option(name: .customLong("walker-depth"), help: ArgumentHelp("Folders deep the walk goes at most.", valueName: "n"))
    var walkerDepth = FileWalker.Options().maximumDepth

    @Option(name: .customLong("walker-limit"), help: ArgumentHelp("Entries the walk gives at most.", valueName: "n"))
    var walkerLimit = FileWalker.Options().maximumCount

    @Option(help: ArgumentHelp("With --source history: whose history (bash, zsh, fish; another name reads plain lines). Default: $SHELL's.", valueName: "name"))
    var shell: String?

    @Option(
        name: .customLong("shell-history"),
        help: ArgumentHelp("With --source history: the shell's history file (default: the shell's usual one).", valueName: "file"))
    var shellHistory: String?

    @Option(
        name: .customLong("shell-session"),
        help: ArgumentHelp(
            "With --source history: this shell's session as the command log names it (PID:STARTSECONDS; the scripts give it), for the scope \"this session\".",
            valueName: "id"))
    var shellSession: String?

    @Option(
        name: .customLong("command-log"),
        help: ArgumentHelp(
            "With --source history: the integration's log of folders and exit statuses (default: $XDG_STATE_HOME/instantsearch/history.SHELL).",
            valueName: "file"))
    var commandLog: String?

    @Option(
        name: .customLong("history-deleted"),
        help: ArgumentHelp(
            "With --source history: where delete-hit (Shift-Delete) writes each command it deleted, ended by a NUL byte, for the shell to forget it too (the scripts give it).",
            valueName: "file"))
    var historyDeleted: String?

    @Flag(
        name: .customLong("no-frecency"),
        help:
            "With --source: neither bring up what was picked before nor remember this pick ($XDG_STATE_HOME/instantsearch/frecency); --filter never does either."
    )
    var noFrecency = false

    @Option(
        name: .customLong("print-attribute"),
        help: ArgumentHelp("Print this attribute of each picked record (its text, as is) instead of the JSON line.", valueName: "name"))
    var printAttribute: String?

    var script: ShellKind? {
        bash ? .bash : zsh ? .zsh : fish ? .fish : nil
    }

    func validate() throws {
        if [bash, zsh, fish].filter({ $0 }).count > 1 { throw ValidationError("--bash, --zsh and --fish print one script each: give one.") }
        guard (1...1000).contains(walkerDepth) else { throw ValidationError("--walker-depth takes 1 to 1000; not \(walkerDepth).") }
        guard (1...50_000_000).contains(walkerLimit) else { throw ValidationError("--walker-limit takes 1 to 50000000; not \(walkerLimit).") }
        if printAttribute?.isEmpty == true { throw ValidationError("--print-attribute needs an attribute name.") }
        do {
            _ = try builtInWalker()
        } catch {
            throw ValidationError(error.description)
        }
        if source != nil, walkerRoots.count > 1 { throw ValidationError("--source files and dirs walk one folder; --walker-root gave \(walkerRoots.count).") }
    }

    func printScript(_ shell: ShellKind) {
        print(ShellScripts.script(for: shell), terminator: "")
    }

    /// The text printed for a picked record with `--print-attribute` (or the source's own):
    /// a string as is, anything else as a person reads it; nil: the caller's default.
    func printedText(of record: JSONValue) -> String? {
        guard let attribute = printAttribute ?? source?.printedAttribute else { return nil }
        guard let value = record[attribute] else { return "" }
        return value.stringValue ?? value.serialized()
    }

    var shellName: String {
        shell ?? ProcessInfo.processInfo.environment["SHELL"].map { PathText.lastComponent($0) } ?? "sh"
    }

    /// Starts the source: its records are written into a pipe that becomes standard input, so
    /// the interface streams them in as it does any pipe. Returns the index's name (also the
    /// key of what the user picks, for frecency). History is read here, first, so a history
    /// file that cannot be read is one line and status 2 before the terminal is touched.
    func start(_ source: Source, settings: inout SettingsArguments, data: inout DataOptions) throws -> String {
        var history: HistoryRecords?
        if source == .history {
            let sources = HistorySources(shell: shellName, historyFile: shellHistory, logFile: commandLog)
            do {
                history = try sources.load(environment: ProcessInfo.processInfo.environment)
            } catch {
                throw ValidationError(error.description)
            }
        }
        var status = stat()
        if source != .history, !(stat(walkerRoot, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR) {
            throw ValidationError("--walker-root \(walkerRoot): not a folder (--source files and dirs walk a folder)")
        }
        try checkNotEmpty(source, history: history)
        let repositories = RepositoryRoots()
        source.preset(&settings, history: history, repositories: repositories, frecency: !noFrecency)
        if let history, settings.scope.isEmpty { settings.scope = historyScopes(history, repositories: repositories) }
        data.format = .ndjson
        let frecency = noFrecency ? nil : loadFrecency(source)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, dup2(ends[0], STDIN_FILENO) >= 0 else {
            throw ValidationError("--source: cannot make a pipe (\(String(cString: strerror(errno))))")
        }
        close(ends[0])
        signal(SIGPIPE, SIG_IGN)  // the interface may close before the walk ends: a write error, not a signal
        let writeEnd = ends[1]
        let now = Int(Date().timeIntervalSince1970)
        let root = absoluteRoot
        if let history {
            let records = history.json(now: now, home: ProcessInfo.processInfo.environment["HOME"], repositories: repositories).map { record in
                frecency.map { Self.adding($0.score(of: record["command"]?.stringValue ?? "", now: now), to: record) } ?? record
            }
            Threads.start(named: "instantsearch \(source.rawValue)") { SourceWriter.write(records, to: writeEnd) }
        } else {
            let walker = FileWalker(root: walkerRoot, options: walkerOptions(source))
            Threads.start(named: "instantsearch \(source.rawValue)") {
                SourceWriter.writeWalk(walker, to: writeEnd) { entry in
                    entry.ndjsonLine(now: now, frecency: frecency?.score(of: Self.pathKey(root: root, path: entry.path), now: now))
                }
            }
        }
        return source.rawValue
    }
}

extension ShellSourceOptions {
    /// Nothing to list is said plainly, before the interface opens (the loader would otherwise
    /// report that no records arrived on standard input, which the user never gave). The walk
    /// stops at its first entry.
    func walkerOptions(_ source: Source) -> FileWalker.Options {
        var options = FileWalker.Options()
        options.includeHidden = walkerHidden
        options.respectsGitignore = !walkerNoIgnore
        options.directoriesOnly = source == .dirs
        options.maximumDepth = walkerDepth
        options.maximumCount = walkerLimit
        return options
    }

    func checkNotEmpty(_ source: Source, history: HistoryRecords?) throws {
        if let history {
            guard history.records.isEmpty else { return }
            throw ValidationError("--source history: no history yet for \(shellName) (read: --shell-history, --command-log)")
        }
        guard FileWalker(root: walkerRoot, options: walkerOptions(source)).walk({ _ in false }).entries == 0 else { return }
        let what = source == .dirs ? "no folder" : "nothing"
        throw ValidationError(
            "--source \(source.rawValue): \(what) under \(walkerRoot) (hidden entries and what .gitignore ignores are left out: --walker-hidden, --walker-no-ignore)"
        )
    }
}

// MARK: Ctrl-R's deletions

extension ShellSourceOptions {
    /// What `delete-hit` deletes a command from: the files Ctrl-R read it from (nil: not the history).
    var historyDeletion: HistoryDeletion? {
        guard source == .history else { return nil }
        let environment = ProcessInfo.processInfo.environment
        var deletion = HistoryDeletion(
            shell: shellName, historyFile: shellHistory ?? HistorySources.defaultHistoryFile(shell: shellName, environment: environment),
            logFile: commandLog ?? CommandLog.defaultPath(shell: shellName, environment: environment))
        deletion.logIsNamed = commandLog != nil
        deletion.frecencyFile = noFrecency ? nil : frecencyPath(.history)
        deletion.handOffFile = historyDeleted
        return deletion
    }
}

// MARK: Ctrl-R's scopes

extension ShellSourceOptions {
    /// Everywhere, then this folder, its repository, this session and this machine, each where
    /// the history records it (as `--scope` values: the facet values the records are written with).
    func historyScopes(_ history: HistoryRecords, repositories: RepositoryRoots) -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"]
        let here = Self.currentDirectory(environment: environment)
        var scopes = ["everywhere"]
        if history.records.contains(where: { !$0.directories.isEmpty }) {
            scopes.append("this directory=dir:" + HistoryRecords.shown(here, home: home))
            if let root = repositories.root(of: here),
                history.records.contains(where: { record in record.directories.contains { repositories.root(of: $0) == root } })
            {
                scopes.append("this repository=repo:" + HistoryRecords.shown(root, home: home))
            }
        }
        if let session = shellSession, !session.isEmpty, history.records.contains(where: { $0.sessions.contains(session) }) {
            scopes.append("this session=session:" + HistoryRecords.shownSession(session))
        }
        if history.records.contains(where: { !$0.hosts.isEmpty }), let host = Self.hostName() {
            scopes.append("this host=host:" + host)
        }
        return scopes
    }

    /// The folder as the shell names it: `$PWD` (the path the user went by, links and all, as
    /// the command log records it) when it is this folder, else the real path.
    static func currentDirectory(environment: [String: String]) -> String {
        var here = stat()
        var named = stat()
        if let pwd = environment["PWD"], pwd.hasPrefix("/"), stat(".", &here) == 0, stat(pwd, &named) == 0, here.st_dev == named.st_dev,
            here.st_ino == named.st_ino
        {
            return pwd
        }
        return FileManager.default.currentDirectoryPath
    }

    static func hostName() -> String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return host.isEmpty ? nil : host
    }
}

// MARK: Frecency

extension ShellSourceOptions {
    /// Where the walk starts, absolute: what a picked path is remembered by, so `src/a.swift`
    /// picked in one project does not come up in another.
    var absoluteRoot: String {
        let url = URL(fileURLWithPath: walkerRoot, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return url.standardizedFileURL.path
    }

    /// History is remembered per shell: a bash command is not a fish one.
    func frecencyPath(_ source: Source) -> String {
        let name = source == .history ? "history.\(shellName)" : source.rawValue
        return FrecencyStore.path(source: name, environment: ProcessInfo.processInfo.environment)
    }

    /// The source's frecency; empty, after one line on standard error, when its file is refused
    /// or cannot be read.
    func loadFrecency(_ source: Source) -> FrecencyStore {
        let path = frecencyPath(source)
        do {
            return try FrecencyStore.load(path: path)
        } catch {
            StandardError.write("instantsearch: frecency: \(error)\n")
            return FrecencyStore(path: path)
        }
    }

    /// What a picked record is remembered by (nil: not a record of the source).
    func frecencyKey(of record: JSONValue, source: Source) -> String? {
        switch source {
        case .history: return record["command"]?.stringValue
        case .files, .dirs: return record["path"]?.stringValue.map { Self.pathKey(root: absoluteRoot, path: $0) }
        }
    }

    /// A path's key without a folder's closing `/`, so a folder is remembered by the same key
    /// whether it was listed with the slash or not.
    static func pathKey(root: String, path: String) -> String {
        root + "/" + (path.hasSuffix("/") ? String(path.dropLast()) : path)
    }

    /// Remembers the records picked (nothing with --no-frecency). A store that cannot be
    /// written costs the boost next time, not this pick: one line on standard error.
    func remember(_ picked: [JSONValue]) {
        guard let source, !noFrecency, !picked.isEmpty else { return }
        do {
            try FrecencyStore.record(
                picked.compactMap { frecencyKey(of: $0, source: source) }, now: Int(Date().timeIntervalSince1970), path: frecencyPath(source))
        } catch {
            StandardError.write("instantsearch: could not remember the pick: \(error)\n")
        }
    }

    /// The record with its `frecency` (0 when never picked: the attribute is in every record,
    /// so the custom ranking and the attribute check find it), rounded to keep the line short.
    static func adding(_ score: Double, to record: JSONValue) -> JSONValue {
        guard case .object(var fields) = record else { return record }
        fields["frecency"] = .number((score * 1000).rounded() / 1000)
        return .object(fields)
    }
}

extension ShellSourceOptions.Source {
    var printedAttribute: String {
        self == .history ? "command" : "path"
    }

    /// The source's settings, where the command line gave none of its own: what is shown and
    /// searched, the facets and sliders. History's facets and slider only where recorded.
    func preset(_ settings: inout SettingsArguments, history: HistoryRecords?, repositories: RepositoryRoots, frecency: Bool) {
        func orDefault(_ given: inout [String], _ value: String) {
            if given.isEmpty, !value.isEmpty { given = [value] }
        }
        switch self {
        case .files:
            orDefault(&settings.display, "path")
            orDefault(&settings.searchable, "name,path")
            orDefault(&settings.facets, "ext,dir")
            orDefault(&settings.numeric, "size,age")
            orDefault(&settings.subsequence, "path:path")
        case .dirs:
            orDefault(&settings.display, "path")
            orDefault(&settings.searchable, "name,path")
            orDefault(&settings.facets, "dir")
            orDefault(&settings.numeric, "age")
            orDefault(&settings.subsequence, "path:path")
        case .history:
            let records = history?.records ?? []
            // The command alone on its row, as fzf's Ctrl-R lists it: how often it ran and where
            // are the facets' and the record's (F6), not every row's.
            orDefault(&settings.display, "command")
            orDefault(&settings.searchable, "command")
            let hasFolders = records.contains { !$0.directories.isEmpty }
            let facets = [
                hasFolders ? "dir" : nil,
                records.contains { $0.directories.contains { repositories.root(of: $0) != nil } } ? "repo" : nil,
                records.contains { !$0.hosts.isEmpty } ? "host" : nil,
                records.contains { !$0.sessions.isEmpty } ? "session" : nil, records.contains { $0.exitStatus != nil } ? "exit" : nil,
            ]
            orDefault(&settings.facets, facets.compactMap { $0 }.joined(separator: ","))
            orDefault(&settings.numeric, records.contains { $0.time != nil } ? "days" : "")
            orDefault(&settings.subsequence, "command:history")
        }
        // One row a hit, as fzf lists them: the most hits in a --height 40% (the path or the
        // command says what a second row would repeat).
        orDefault(&settings.hitsLayout, "one")
        // Commands and paths are typed a few letters a word (`dock comp up`, `src tes`), as
        // fzf users type them: every word may start a longer one.
        orDefault(&settings.queryType, QueryType.prefixAll.rawValue)
        // After text relevance, so a pick never outranks a clearly better match.
        if frecency { orDefault(&settings.sort, "frecency:desc") }
    }
}
