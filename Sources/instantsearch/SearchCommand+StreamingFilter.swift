import ArgumentParser
import InstantSearchCore
import SearchCommandLine
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `--filter` over plain lines piped in, as a script runs fzf: streamed (`LineFilter`), no
/// index built. Anything else a filter may read or print goes through the index and the session.
extension SearchCommand {
    /// Whether `--filter` streams: plain lines from standard input (not a file, a setup, a
    /// service or a `--source`), matched as they are (`LineFilter.serves`: no `--with-nth`, no
    /// `--ansi`), without `--header-lines`, settings of their own, `--typos` (close matches need
    /// the words indexed), re-ranking by earlier picks, or an `--accept-nth` template's `{n}`
    /// (a line's position, which the merge does not carry).
    func streamsFilter() -> Bool {
        let pick = session.pick
        guard pick.filter != nil, !pick.typos, !pick.reRanks, !session.profile, session.settings == nil else { return false }
        guard remote.remote == nil, !engines.isActive, config == nil, shellSource.source == nil, !watch else { return false }
        let readsStdin = files == ["-"] || (files.isEmpty && isatty(STDIN_FILENO) == 0)
        guard readsStdin, data.format == nil || data.format == .lines, (try? settingsOptions.overrides().isEmpty) == true else { return false }
        return Self.streams(session.lines)
    }

    /// Whether lines read with these options stream: no `--header-lines`, options that are
    /// valid, none that `LineFilter` cannot serve, no `{n}` in `--accept-nth`.
    static func streams(_ lines: LineArguments) -> Bool {
        guard (lines.headerLines ?? 0) == 0, let options = try? lines.options() else { return false }
        if let accepted = try? lines.acceptedFields(), accepted.parts.contains(.index) { return false }
        return LineFilter.serves(options)
    }

    /// Streams the matches of `--filter` from standard input to standard output; status 1 when
    /// none matched, 2 when the input could not be read whole (said on standard error).
    func runStreamingFilter() throws {
        try Self.streamFilter(
            session.pick.filter ?? "", lines: session.lines, load: data.loadOptions(lenient, lines: session.lines),
            printsQuery: session.pick.printQuery)
    }

    /// The streaming itself, for the search's whole command line and for a plain filter's
    /// (`PlainFilterCommand`): the same reading, matching, printing and statuses.
    static func streamFilter(_ query: String, lines: LineArguments, load: LoadOptions, printsQuery: Bool) throws {
        let output = LineFilter.Output(
            terminator: lines.print0 ? 0 : UInt8(ascii: "\n"), heading: printsQuery ? [Array(query.utf8)] : [],
            transform: lines.acceptNth != nil ? { lines.printed($0, index: 0) } : nil, write: writeOut)
        try streamFilter(query, options: lines.options(), load: load, output: output)
    }

    /// Standard input's lines matched with `options`, printed as `output` says.
    static func streamFilter(_ query: String, options: LineMatchOptions, load: LoadOptions, output: LineFilter.Output) throws {
        let input = LineFilter.Input(file: "<stdin>", load: load) { buffer in
            let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            return count < 0 ? -Int(errno) : count
        }
        let outcome: LineFilter.Outcome
        do {
            outcome = try LineFilter.run(query, options: options, input: input, output: output)
        } catch {
            StandardError.write("instantsearch: \(error)\n")
            throw ExitCode(2)
        }
        if let report = outcome.report { StandardError.write("instantsearch: \(report)\n") }
        if outcome.printed == 0 { throw ExitCode(1) }
    }

    /// Standard output, written whole: a reader that went away ends the process by SIGPIPE, as
    /// it ends fzf; another failure (a full disk) is said, status 2.
    static func writeOut(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written < 0 {
                if errno == EPIPE {
                    signal(SIGPIPE, SIG_DFL)
                    raise(SIGPIPE)
                }
                StandardError.write("instantsearch: standard output: \(String(cString: strerror(errno)))\n")
                Glibc.exit(2)
            }
            offset += written
        }
    }
}
