import Foundation
import Testing

/// fzf's `--filter` from a shell, no terminal: every match printed best first, fzf's output
/// shape (`--print0`, `--accept-nth`, `--print-query`) and status, and input that cannot be
/// read whole said once with status 2.
@Suite(.serialized) struct FilterModeTests {
    /// Runs `script` in `sh` inside a fresh folder (`$1`: the binary); its standard output
    /// and error apart.
    private func run(_ script: String) throws -> (status: Int32, output: [UInt8], errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _) = try spawn("sh", ["-c", "cd \"$2\" && { \(script); } > out 2> err", "sh", Project.binary, folder.path])
        let output = FileManager.default.contents(atPath: folder.appendingPathComponent("out").path) ?? Data()
        let errors = FileManager.default.contents(atPath: folder.appendingPathComponent("err").path) ?? Data()
        return (status, [UInt8](output), String(decoding: errors, as: UTF8.self))
    }

    private static let bin = "printf '%s\\n' bunzip2 bzip2 dpkg dpkg-query gzip ssh unzip zip zipinfo"

    @Test func everyMatchBestFirstAsFzfPrintsIt() throws {
        let (status, output, errors) = try run("\(Self.bin) | \"$1\" -f zip")
        #expect(status == 0, "\(errors)")
        // The word itself, then at a word's start, then inside words, shortest first.
        #expect(String(decoding: output, as: UTF8.self) == "zip\nzipinfo\ngzip\nbzip2\nunzip\nbunzip2\n")
    }

    @Test func noMatchPrintsOnlyTheQueryAndExitsOne() throws {
        let (status, output, _) = try run("\(Self.bin) | \"$1\" --filter qqq --print-query")
        #expect(status == 1)
        #expect(output == Array("qqq\n".utf8))
    }

    @Test func nulSeparatedInAndOutWithTheAcceptedField() throws {
        let (status, output, errors) = try run("printf 'a:one\\nline\\0b:two\\0c:zip\\0' | \"$1\" --read0 --print0 -d : --accept-nth 2 -f o")
        #expect(status == 0, "\(errors)")
        #expect(output == Array("one\nline\0two\0".utf8))
    }

    @Test func lenientSkipsAPlainLineOverTheLimitAndSaysSo() throws {
        // 33 MiB of x in one line between two short ones, from a pipe.
        let (status, output, errors) = try run("{ echo alpha; head -c 34603008 /dev/zero | tr '\\0' x; echo; echo beta; } | \"$1\" --lenient -f beta")
        #expect(status == 0)
        #expect(output == Array("beta\n".utf8))
        #expect(
            errors
                == "instantsearch: <stdin>: skipped 1 bad record (--lenient)\n  <stdin>:2:1: a record longer than 32 MiB starts here (a line, a CSV row or a JSON record is at most 32 MiB)\n"
        )
    }

    @Test func inputThatCannotBeReadWholeIsSaidOnceWithStatusTwo() throws {
        let (status, output, errors) = try run("{ seq 3000; printf 'a\\0b\\n'; } | \"$1\" -f 2999")
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(errors == "instantsearch: <stdin>:3001:2: a NUL byte (byte offset 13894): this is binary data, not JSON, NDJSON or CSV text\n")
    }

    /// `fzf -f … | head -1` is how scripts take the best match. The reader going away ends the
    /// process by SIGPIPE, as it ends fzf, but the index cache is written first: the next run
    /// of the same file opens it instead of indexing the file again.
    @Test func aReaderThatStopsReadingEndsItAfterTheIndexCacheIsWritten() throws {
        let (status, output, errors) = try run(
            """
            export XDG_CACHE_HOME=$PWD/cache; seq 1000000 > numbers.txt
            { "$1" -f 1 numbers.txt; echo $? > status; } | head -1
            cat status; ls -a cache/instantsearch | grep -c '[.]tmp$'; ls cache/instantsearch | grep -c '[.]idx$'
            written=$(ls -i cache/instantsearch/*.idx)
            "$1" -f 999999 numbers.txt; [ "$(ls -i cache/instantsearch/*.idx)" = "$written" ] && echo opened
            """)
        #expect(status == 0, "\(errors)")
        #expect(
            String(decoding: output, as: UTF8.self).split(separator: "\n") == ["1", "141", "0", "1", "999999", "opened"],
            "the best line, SIGPIPE's status, no write left half done, one entry, then that entry opened, not written again")
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func aWriteThatFailsIsSaidWithStatusTwo() throws {
        let (status, _, errors) = try run("seq 1000 | \"$1\" -f 1 > /dev/full")
        #expect(status == 2)
        #expect(errors == "instantsearch: standard output: No space left on device\n")
    }

    @Test func queryRefusesWhatShapesPrintedLines() throws {
        let (status, _, errors) = try run("echo a | \"$1\" query - a --print0")
        #expect(status == 2)
        #expect(errors.contains("'instantsearch -f TEXT'"), "\(errors)")
    }
}
