import InstantSearchCore
import Testing

@testable import SearchEngine

/// The streamed `--filter` (`LineFilter`) answers as the line index does, line for line, at
/// every chunk size: fzf's answers (`FzfFilterTableTests`), lines cut across chunks and reads,
/// ties between chunks, NUL-separated lines, and the input's problems by their place in it.
struct LineFilterTests {
    /// What the stream prints of `input` for `query`, read `readBytes` at a time in chunks of
    /// `chunkBytes`; the output's lines (each ends in the terminator) and the outcome.
    static func streamed(
        _ query: String, _ input: [UInt8], chunkBytes: Int, readBytes: Int = 3, options: LineMatchOptions = LineMatchOptions(),
        load: LoadOptions = .strict, heading: [[UInt8]] = []
    ) throws -> (output: [UInt8], outcome: LineFilter.Outcome) {
        var offset = 0
        let source = LineFilter.Input(file: "<stdin>", load: load, chunkBytes: chunkBytes) { buffer in
            let count = min(readBytes, buffer.count, input.count - offset)
            for index in 0..<count { buffer[index] = input[offset + index] }
            offset += count
            return count
        }
        let written = Written()
        let output = LineFilter.Output(terminator: load.lineSeparator == .nul ? 0 : 0x0A, heading: heading) { written.bytes += $0 }
        let outcome = try LineFilter.run(query, options: options, input: source, output: output)
        return (written.bytes, outcome)
    }

    final class Written: @unchecked Sendable { var bytes: [UInt8] = [] }

    /// The line index's answer, printed as `--filter` prints it: each line's bytes as they came.
    static func indexed(_ query: String, _ input: [UInt8], options: LineMatchOptions = LineMatchOptions()) throws -> [UInt8] {
        let index = try SearchIndex(name: "lines", bytes: input, sourceName: "<test>", format: .lines, settings: nil)
        let results = try index.searchLines(Query(text: query, hitsPerPage: 100_000), options: options)
        return results.hits.flatMap { (index.originalLineBytes(objectID: $0.objectID) ?? []) + [0x0A] }
    }

    static let chunkSizes = [1, 7, 64, LineFilter.chunkBytes]

    @Test(arguments: FzfFilterTableTests.cases.filter { $0.options != "--with-nth=2" }, chunkSizes)
    func fzfsAnswersAtEveryChunkSize(_ fact: FzfFilterTableTests.Case, chunkBytes: Int) throws {
        var options = LineMatchOptions()
        try fact.configure(&options)
        let (output, outcome) = try Self.streamed(fact.query, Array(FzfFilterTableTests.input.utf8), chunkBytes: chunkBytes, options: options)
        #expect(String(decoding: output, as: UTF8.self) == fact.lines.map { $0 + "\n" }.joined())
        #expect(outcome.printed == fact.lines.count)
    }

    /// Line ends of every kind, blank lines, a byte-order mark, no final line end, invalid
    /// UTF-8 and letters outside ASCII, cut at every place by chunks of 1 to 12 bytes.
    static let ragged: [UInt8] =
        [0xEF, 0xBB, 0xBF] + Array("zip one\r\ngzip\r\n\n  \t\nunzip two\rbzip2\n\r\nzippy café\n".utf8) + [0x7A, 0xFF, 0x69, 0x70, 0x0A]
        + Array("Zip\n   zip   \nlast zip".utf8)

    @Test(arguments: ["zip", "'zip", "^zip", "zip$", "!zip", "z | two", "ip !one", "", "e", "ZIP", "caf"])
    func linesCutAcrossChunksAnswerAsTheIndex(query: String) throws {
        let expected = try Self.indexed(query, Self.ragged)
        for chunkBytes in 1...12 {
            let (output, _) = try Self.streamed(query, Self.ragged, chunkBytes: chunkBytes, readBytes: 5)
            #expect(output == expected, "chunks of \(chunkBytes)")
        }
    }

    /// Thousands of lines of equal score spread over many chunks: input order breaks their
    /// ties, every option of order and tie-break as the index has it.
    @Test(arguments: ["", "--tac", "--no-sort", "--tac --no-sort", "--tiebreak=begin,length", "--scheme=path", "--tiebreak=end,chunk"])
    func tiesBetweenChunksKeepInputOrder(_ flags: String) throws {
        var options = LineMatchOptions()
        if flags.contains("--tac") { options.reversed = true }
        if flags.contains("--no-sort") { options.sort = false }
        if flags.contains("begin,length") { options.tiebreaks = [.begin, .length] }
        if flags.contains("end,chunk") { options.tiebreaks = [.end, .chunk] }
        if flags.contains("path") { options.scheme = .path }
        var text = ""
        for number in 0..<1500 { text += ["src/ab\(number % 7).c", "ab", "x ab y", "lib/a/b/\(number)", "nothing"][number % 5] + "\n" }
        let input = Array(text.utf8)
        for query in ["ab", "a b", "b | c", "!x"] {
            let expected = try Self.indexed(query, input, options: options)
            for chunkBytes in [50, 4096] {
                let (output, _) = try Self.streamed(query, input, chunkBytes: chunkBytes, readBytes: 333, options: options)
                #expect(output == expected, "\(flags) '\(query)', chunks of \(chunkBytes)")
            }
        }
    }

    @Test func nulSeparatedLinesKeepTheirLineEnds() throws {
        var load = LoadOptions.strict
        load.lineSeparator = .nul
        let input = Array("a\nzip\0zap\0\0 \0lazy\r\n".utf8)
        let (output, outcome) = try Self.streamed("z", input, chunkBytes: 2, load: load)
        // fzf 0.74.5's answer (`--read0 --print0 -f z`), each line's own line ends kept.
        #expect(output == Array("zap\0a\nzip\0lazy\r\n\0".utf8))
        #expect(outcome.printed == 3)
    }

    @Test func theQueryComesFirstEvenWhenNothingMatches() throws {
        let (output, outcome) = try Self.streamed("qqq", Array("a\nb\n".utf8), chunkBytes: 1, heading: [Array("qqq".utf8)])
        #expect(output == Array("qqq\n".utf8))
        #expect(outcome.printed == 0)
    }

    /// A NUL byte is said by its line and column in the whole input and its byte offset, as the
    /// loader says it, however the input was cut.
    @Test(arguments: [1, 100, LineFilter.chunkBytes])
    func aNulByteIsPlacedInTheWholeInput(chunkBytes: Int) throws {
        let input = Array((1...3000).map { "\($0)\n" }.joined().utf8) + Array("a\0b\n".utf8)
        do {
            _ = try Self.streamed("2999", input, chunkBytes: chunkBytes, readBytes: 4096)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "<stdin>:3001:2: a NUL byte (byte offset 13894): this is binary data, not JSON, NDJSON or CSV text")
        }
    }

    /// A line over the limit: refused by its line, or with `--lenient` skipped and counted, the
    /// lines around it kept, whether its end arrives in its chunk or chunks later.
    @Test(arguments: [4, 64, 4096])
    func aLineOverTheLimitIsRefusedOrSkipped(chunkBytes: Int) throws {
        var load = LoadOptions(maxRecordBytes: 10)
        let input = Array("alpha\n\nxxxxxxxxxxxxxxxxxxxxxxxx\nbeta\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".utf8)
        do {
            _ = try Self.streamed("beta", input, chunkBytes: chunkBytes, load: load)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "<stdin>:3:1: \(InputGuard.recordTooLong(10))")
        }
        load.lenient = true
        let (output, outcome) = try Self.streamed("a", input, chunkBytes: chunkBytes, load: load)
        #expect(output == Array("alpha\nbeta\n".utf8))
        #expect(outcome.report?.skipped == 2)
        #expect(outcome.report?.examples.map(\.line) == [3, 5])
    }
}
