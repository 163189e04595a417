import ArgumentParser
import InstantSearchCore
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The options of an interactive session, declared once for every session that opens the
/// interface (files, `--remote`, `--elasticsearch`, `--postgres`) and checked once.
public struct SessionOptions: ParsableArguments, Sendable {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Settings file for the index read from standard input (or for a single FILE); with --postgres, laid over the tables' stored settings.",
            valueName: "file"))
    public var settings: String?

    @Option(name: .customLong("hits-per-page"), parsing: .unconditional, help: "Hits fetched per page; the list loads the next page as you scroll.")
    public var hitsPerPage = 20

    @Flag(name: .customLong("no-color"), help: "No colours (same as setting NO_COLOR).")
    public var noColor = false

    @Flag(help: "On exit, print where each keystroke's time went (read, dispatch, backend, wake, state, render, diff, doupdate) to standard error.")
    public var profile = false

    @OptionGroup(title: "Searching as you type")
    public var requests: RequestArguments

    @OptionGroup(title: "Starting and printing (fzf's options)")
    public var pick: PickArguments

    @OptionGroup(title: "Matching lines (fzf's options)")
    public var lines: LineArguments

    @OptionGroup(title: "Keys and mouse (fzf's options)")
    public var interface: InterfaceArguments

    @OptionGroup(title: "Preview pane (fzf's options)")
    public var preview: PreviewArguments

    @OptionGroup(title: "Layout and colours (fzf's options)")
    public var layout: LayoutArguments

    public init() {}

    public func validate() throws {
        if let problem = QueryLimits.check(hitsPerPage, in: 1...QueryLimits.hitsPerPage.upperBound, option: "--hits-per-page") {
            throw ValidationError(problem)
        }
    }

    /// The session on `backend` as these options ask: the simulated latency, the strategy
    /// (the backend's own unless one is chosen), the answer cache, the profile.
    public func search(
        indices: [IndexDescription], backend: any Searchable, sections: [SectionDefinition] = [], startsWithSections: Bool = false
    ) -> TerminalSearch {
        let backend = requests.delaying(backend)
        var search = TerminalSearch(
            indices: indices, backend: backend, hitsPerPage: hitsPerPage, strategy: requests.strategy(for: backend.requestPolicy),
            cacheTimeToLive: requests.cacheTimeToLive, sections: sections, startsWithSections: startsWithSections)
        search.profile = profile ? LoopProfile() : nil
        return search
    }

    /// fzf's `--tmux`: inside tmux, `commandLine` (this executable's, without `--tmux`) runs
    /// again in a popup and true is returned once it is done (its status thrown when not 0);
    /// outside tmux, the interface is drawn inline in the popup's height unless `--height`
    /// says otherwise, and false is returned.
    public mutating func runsInTmuxPopup(commandLine: [String]) throws -> Bool {
        guard let popup = try layout.tmuxPopup() else { return false }
        let environment = ProcessInfo.processInfo.environment
        guard !(environment["TMUX"] ?? "").isEmpty else {
            if pick.height == nil { pick.height = popup.inlineHeight }  // as fzf falls back
            return false
        }
        var arguments = TmuxPopup.withoutTmuxOption(commandLine)
        // The popup's own frame goes first (after the subcommand's name, when it is spelled out).
        let frame = popup.interfaceArguments(borderGiven: layout.border != nil, marginGiven: layout.margin != nil)
        arguments.insert(contentsOf: frame, at: arguments.first == "search" ? 1 : 0)
        let status = try TmuxPopup.run(popup, executable: ExecutablePath.current, arguments: arguments)
        if status != 0 { throw ExitCode(status) }
        return true
    }

    /// Opens the interface on `search` (see `PickSession.launch`) and ends the session:
    /// what is picked printed (each line ending in NUL with `--print0`), the profile reported.
    /// `whenEnding` runs last, also when a reader that went away ends the process (its notes
    /// printed on standard error). `lists`: what each index's list is, for insights (`InsightsList`).
    public func launch(
        _ search: TerminalSearch, recordBytes: PickSession.RecordBytes? = nil, placeholders: Placeholders? = nil,
        headerLines: [String: [ANSIText]] = [:], lists: [String: String] = [:], whenEnding: @escaping () -> Void = {}
    ) throws {
        defer { if let report = search.profile?.report() { StandardError.write(report) } }
        let print0 = lines.print0
        // An index cache still being written when the session ends (right after the load:
        // --filter, --select-1) is finished, once what is printed is out: the next run opens it.
        let ending = {
            for loader in search.loaders { loader.waitUntilCached() }
            whenEnding()
        }
        let output = StandardOutput(buffered: pick.filter != nil, beforeFailedWriteEnd: ending)
        defer {
            output.flush()
            ending()
        }
        try PickSession.launch(
            search, noColor: noColor, pick: pick, interface: interface, preview: preview, layout: layout, recordBytes: recordBytes,
            placeholders: placeholders, headerLines: headerLines, lists: lists,
            print: { bytes in
                // --print0: each printed line ends in NUL (the query and key lines too, as in fzf).
                output.write(bytes + [print0 ? 0 : UInt8(ascii: "\n")])
            })
    }
}
