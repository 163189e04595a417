import ArgumentParser
import InstantSearchCore
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
        guard readsStdin, data.format == nil || data.format == .lines, (session.lines.headerLines ?? 0) == 0 else { return false }
        guard (try? settingsOptions.overrides().isEmpty) == true, let options = try? session.lines.options() else { return false }
        if let accepted = try? session.lines.acceptedFields(), accepted.parts.contains(.index) { return false }
        return LineFilter.serves(options)
    }

    /// Streams the matches of `--filter` from standard input to standard output; status 1 when
    /// none matched, 2 when the input could not be read whole (said on standard error).
    func runStreamingFilter() throws {
        let lines = session.lines
        let query = session.pick.filter ?? ""
        let options = try lines.options()
        let load = try data.loadOptions(lenient, lines: lines)
        let input = LineFilter.Input(file: "<stdin>", load: load) { buffer in
            let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            return count < 0 ? -Int(errno) : count
        }
        let accepted = lines.acceptNth != nil
        let output = LineFilter.Output(
            terminator: lines.print0 ? 0 : UInt8(ascii: "\n"), heading: session.pick.printQuery ? [Array(query.utf8)] : [],
            transform: accepted ? { lines.printed($0, index: 0) } : nil, write: Self.writeOut)
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
    private static func writeOut(_ bytes: UnsafeRawBufferPointer) {
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
