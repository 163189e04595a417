import Foundation
import Testing

/// `instantsearch --version` and a `--filter` over piped lines are answered before the whole
/// command is read (PlainFilterCommand). Each command line here runs both ways: as given (the
/// short way, when it applies) and with the search named (`instantsearch search …`, always the
/// whole way); the two answers (standard output's bytes, standard error, status) are the same.
@Suite(.serialized) struct FastStartTests {
    struct Answer: Equatable, CustomStringConvertible {
        var status: Int32
        var output: [UInt8]
        var errors: String
        var description: String { "status \(status), output \(String(decoding: output, as: UTF8.self).debugDescription), errors \(errors.debugDescription)" }
    }

    /// `producer | instantsearch ARGUMENTS` in `sh`, in a fresh folder; `environment` goes in front.
    private func run(_ producer: String, _ arguments: [String], environment: String = "") throws -> Answer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fast-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = "cd \"$1\" && shift && binary=$1 && shift && { \(producer); } | \(environment) \"$binary\" \"$@\" > out 2> err"
        let (status, _) = try spawn("sh", ["-c", script, "sh", folder.path, Project.binary] + arguments)
        let output = FileManager.default.contents(atPath: folder.appendingPathComponent("out").path) ?? Data()
        let errors = FileManager.default.contents(atPath: folder.appendingPathComponent("err").path) ?? Data()
        return Answer(status: status, output: [UInt8](output), errors: String(decoding: errors, as: UTF8.self))
    }

    /// The answer as given and with the search named, which must be the same.
    private func bothWays(_ producer: String, _ arguments: [String], environment: String = "") throws -> Answer {
        let given = try run(producer, arguments, environment: environment)
        let named = try run(producer, ["search"] + arguments, environment: environment)
        #expect(given == named, "\(arguments): \(given) ≠ the whole way's \(named)")
        return given
    }

    private static let lines = "printf 'zip\\r\\nbunzip2\\n\\nDPKG dpkg-query\\n\\377gzip\\nunzip a:b:c\\nzipinfo'"

    @Test func theVersionAloneIsTheRootsAnswer() throws {
        let given = try run("true", ["--version"])
        #expect(given.status == 0 && given.errors.isEmpty)
        #expect(given.output.count > 1 && given.output.last == UInt8(ascii: "\n"))
        #expect(try run("true", ["search", "--version"]) == given)
        #expect(try run("true", ["--version", "--version"]) == given)
    }

    @Test func aBareFilterAnswersAsTheWholeSearch() throws {
        // fzf 0.74.5's answer, line for line.
        let fzfs = [5, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 15, 25, 35, 45, 65, 75, 85, 95].map { "\($0)\n" }.joined()
        #expect(try bothWays("seq 100", ["--filter", "5"]) == Answer(status: 0, output: Array(fzfs.utf8), errors: ""))
        for arguments in [["-f", "1"], ["--filter=^9"], ["-f", "3 | 7"], ["-f", "'5"], ["--filter", "-x"], ["-f", ""], ["--filter=0$"]] {
            _ = try bothWays("seq 100", arguments)
        }
        for query in ["zip", "ZIP", "dpkg", "gz", "!zip", "a:b", "zz"] {
            _ = try bothWays(Self.lines, ["-f", query])
        }
        #expect(try bothWays("true", ["-f", "x"]).status == 1)
        #expect(try bothWays("seq 5", ["-f", "zzz"]) == Answer(status: 1, output: [], errors: ""))
    }

    @Test func aFilterWithLineOptionsAnswersAsTheWholeSearch() throws {
        let commandLines: [[String]] = [
            ["-e", "-f", "11"], ["-f", "zip", "-i"], ["--print-query", "-f", "5"], ["-f", "1", "--no-sort"], ["-f", "1", "--tac"],
            ["-f", "dpkg", "+i"], ["-f", "z", "--algo", "v1"], ["-f", "zip", "--scheme", "path"], ["-f", "p", "--tiebreak", "begin,length"],
            ["-f", "b", "-d", ":", "--nth", "2"], ["-f", "zip", "--accept-nth", "1"], ["-f", "zip", "--print0"], ["-f", "zip", "--format", "lines"],
            ["-f", "zip", "--literal"], ["-x", "-f", "zip$"], ["--no-extended", "-f", "zip | gz"], ["-f", "zip", "--lenient"],
        ]
        for arguments in commandLines { _ = try bothWays(Self.lines, arguments) }
        _ = try bothWays("printf 'a:one\\nline\\0b:two\\0c:zip\\0'", ["--read0", "--print0", "-d", ":", "--accept-nth", "2", "-f", "o"])
        _ = try bothWays("seq 20", ["-f", "1"], environment: "INSTANTSEARCH_DEFAULT_OPTS='-e --tac'")
    }

    /// What the short ways leave to the whole search (options that need the index, other
    /// input, or that do not parse) is still answered the same.
    @Test func whatTheShortWaysLeaveIsAnsweredTheSame() throws {
        let commandLines: [[String]] = [
            ["-f", "b", "--with-nth", "2"], ["-f", "zip", "--header-lines", "1"], ["-f", "zip", "--accept-nth", "{n}"], ["-f", "zip", "--ansi"],
            ["-f", "1", "--tiebreak", "bogus"], ["-f", "1", "--scheme", "nope"], ["-f"], ["-f", "1", "--filter", "2"], ["-f", "zip", "--format", "csv"],
            ["-f", "zip", "-"], ["-f", "1", "--", "x"], ["-f", "1", "missing.txt"], ["missing.txt", "-f", "1"], ["--tac", "missing.txt", "-f", "1"],
            ["-f", "1", "--nonsense"], ["-f", "zip", "--typos"], ["--filter", "1", "--header-lines=-1"],
        ]
        for arguments in commandLines { _ = try bothWays(Self.lines, arguments) }
        let refused = try bothWays(Self.lines, ["-f", "1", "--tiebreak", "bogus"])
        #expect(refused.status == 2 && refused.errors.hasPrefix("instantsearch: "))
    }
}
