import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// fzf's input options for plain lines: `--header-lines` (the first lines are a header, never
/// records), `--read0` (NUL ends a line, which may hold line ends of its own) and `--ansi`
/// (colour codes taken out of what is matched, kept for drawing).
@Suite struct LineInputOptionsTests {
    static func index(_ bytes: [UInt8], _ configure: (inout LoadOptions) -> Void) throws -> SearchIndex {
        var options = LoadOptions()
        configure(&options)
        return try SearchIndex(name: "lines", bytes: bytes, sourceName: "<test>", format: .lines, settings: nil, options: options)
    }

    static func lines(_ index: SearchIndex, _ query: String, _ configure: (inout LineMatchOptions) -> Void = { _ in }) throws -> [String] {
        var options = LineMatchOptions()
        configure(&options)
        return try index.searchLines(Query(text: query, hitsPerPage: 50), options: options).hits.map { $0.record["line"]?.stringValue ?? "" }
    }

    static let ps = "USER PID COMMAND\nroot 1 init\nalice 42 vim\n"

    @Test func headerLinesAreNeitherRecordsNorMatched() throws {
        let index = try Self.index(Array(Self.ps.utf8)) { $0.headerLines = 1 }
        #expect(index.recordCount == 2)
        #expect(try Self.lines(index, "") == ["root 1 init", "alice 42 vim"])
        #expect(try Self.lines(index, "USER").isEmpty)
        // With --tac the header is still the input's first line, never the last one.
        #expect(try Self.lines(index, "") { $0.reversed = true } == ["alice 42 vim", "root 1 init"])
        #expect(
            LineRecords.header(
                Array(Self.ps.utf8),
                options: {
                    var o = LoadOptions(); o.headerLines = 1; return o
                }()) == [Array("USER PID COMMAND".utf8)])
        // Line ids stay the lines' places in the input.
        #expect(try index.searchLines(Query(text: "vim"), options: LineMatchOptions()).hits.map(\.objectID) == ["3"])
    }

    @Test func aHeaderLongerThanTheInputTakesItAll() throws {
        var options = LoadOptions()
        options.headerLines = 5
        #expect(LineRecords.header(Array("a\r\nb\n".utf8), options: options) == [Array("a\r".utf8), Array("b".utf8)])
        #expect(try Self.index(Array("a\nb\n".utf8)) { $0.headerLines = 5 }.recordCount == 0)
        #expect(LineRecords.holdsHeader(Array("a\r\nb".utf8), options: options, atEnd: false) == false)
        options.headerLines = 1
        #expect(LineRecords.holdsHeader(Array("a\r\n".utf8), options: options, atEnd: false))
        #expect(LineRecords.holdsHeader(Array("a".utf8), options: options, atEnd: false) == false)
    }

    @Test func nulSeparatedRecordsKeepTheirLineEnds() throws {
        let bytes = Array("./a b\u{0}./multi\nline\u{0}\u{0}./x\u{0}".utf8)
        let index = try Self.index(bytes) { $0.lineSeparator = .nul }
        // fzf 0.74.5's records (`--read0 -f ''`): the empty one between two NULs too.
        #expect(index.recordCount == 4)
        #expect(try Self.lines(index, "") == ["./a b", "./multi\nline", "", "./x"])
        let hit = try #require(try index.searchLines(Query(text: "line"), options: LineMatchOptions()).hits.first)
        #expect(index.originalLineBytes(objectID: hit.objectID) == Array("./multi\nline".utf8))
        // Without --read0 a NUL byte is binary data, refused as before.
        #expect(throws: DataError.self) { try Self.index(bytes) { _ in } }
    }

    @Test func whatArrivesIsFramedAtNulsAndNotRefused() throws {
        var bytes = Array("a\nb\u{0}c\u{0}d".utf8)
        var framer = RecordFramer(format: .lines, lineSeparator: .nul)
        framer.advance(over: bytes)
        #expect(framer.records == 2, "a line end inside a record does not end it")
        #expect(framer.boundary == 6)
        var options = LoadOptions()
        options.lineSeparator = .nul
        var guarded = InputGuard(file: "<stdin>", options: options)
        #expect(throws: Never.self) { _ = try guarded.check(&bytes, format: .lines, atEnd: true) }
        var strict = InputGuard(file: "<stdin>", options: LoadOptions())
        #expect(throws: DataError.self) { _ = try strict.check(&bytes, format: .lines, atEnd: true) }
    }

    @Test func nulSeparatedHeaderLines() throws {
        let index = try Self.index(Array("name\u{0}one\u{0}two\u{0}".utf8)) {
            $0.lineSeparator = .nul
            $0.headerLines = 1
        }
        #expect(try Self.lines(index, "") == ["one", "two"])
    }

    @Test func theStreamingLoaderReadsTheHeaderAndNulRecords() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("read0-\(UUID().uuidString).txt").path
        try Data("TITLE\u{0}one\ntwo\u{0}three\u{0}".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = LoadOptions()
        options.lineSeparator = .nul
        options.headerLines = 1
        let loader = StreamingIndexLoader(source: .file(path), name: "data", format: .lines, options: options)
        let index = try loader.prepare(settings: IndexSettings())
        #expect(loader.header == [Array("TITLE".utf8)])
        #expect(try Self.lines(index, "") == ["one\ntwo", "three"])
    }

    @Test func ansiCodesAreNotMatchedAndColoursComeWithTheHit() throws {
        let e = "\u{1B}"
        let index = try Self.index(Array("\(e)[01;34mbin\(e)[0m\nbinary 34\nsbin\n".utf8)) { _ in }
        let ansi: (inout LineMatchOptions) -> Void = { $0.ansi = true }
        // "34" and "m" are in the codes only, for the first line.
        #expect(try Self.lines(index, "34", ansi) == ["binary 34"])
        #expect(try Self.lines(index, "'bin", ansi).first == "bin")
        let hits = try index.searchLines(
            Query(text: "bin"),
            options: {
                var o = LineMatchOptions(); ansi(&o); return o
            }()
        ).hits
        let bin = try #require(hits.first { $0.record["line"]?.stringValue == "bin" })
        #expect(bin.colors["line"] == [ANSISpan(range: 0..<3, style: ANSIStyle(foreground: .indexed(4), bold: true))])
        #expect(bin.highlights["line"]?.values.first?.matchedRanges == [0..<3])
        #expect(hits.first { $0.record["line"]?.stringValue == "sbin" }?.colors.isEmpty == true)
        // The line as it came, codes included (the command line strips them when printing).
        #expect(index.originalLineBytes(objectID: bin.objectID) == Array("\(e)[01;34mbin\(e)[0m".utf8))
        // Without --ansi the codes are text like any other.
        #expect(try Self.lines(index, "34").count == 2)
    }
    @Test func fieldsShownWithWithNthKeepTheirColours() throws {
        let e = "\u{1B}"
        // `ls -l --color=always`-style: the name (field 3) is blue, the size (field 2) plain.
        let index = try Self.index(Array("rw 4096 \(e)[01;34mbin\(e)[0m\nrw 12 \(e)[32mnotes\(e)[0m\n".utf8)) { _ in }
        var options = LineMatchOptions()
        options.ansi = true
        options.withNth = try FieldTemplate("3,2", option: "--with-nth")
        let hits = try index.searchLines(Query(text: "bin"), options: options).hits
        let bin = try #require(hits.first)
        // Field 3 then field 2, without the last one's trailing blank.
        #expect(bin.record["line"]?.stringValue == "bin4096")
        #expect(bin.colors["line"] == [ANSISpan(range: 0..<3, style: ANSIStyle(foreground: .indexed(4), bold: true))])
        #expect(bin.highlights["line"]?.values.first?.matchedRanges == [0..<3])
    }
}
